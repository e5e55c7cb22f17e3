/** The signed-in home page: a tile for each shortcut the enabled modules offer. */
import { $enabledModules, $flags, $locale, $session, EmptyState, Link } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { useTranslation } from 'react-i18next'
import { labelIn } from '../labels'
import { visibleTiles } from '../menus'

export const HomePage = () => {
  const { t } = useTranslation('shell')
  const [modules, flags, locale, session] = useUnit([$enabledModules, $flags, $locale, $session])
  const tiles = visibleTiles(modules, flags)
  return (
    <section className="shell-page shell-home">
      <h1>{t('home.welcome', { name: session?.user.firstName ?? '' })}</h1>
      {tiles.length === 0 ? (
        <EmptyState text={t('home.empty')} />
      ) : (
        <ul className="shell-tiles">
          {tiles.map((tile) => (
            <li key={`${tile.moduleId}:${tile.id}`}>
              <Link to={tile.path} className="shell-tile">
                {labelIn(tile.label, locale)}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

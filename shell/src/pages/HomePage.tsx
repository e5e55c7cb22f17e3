/** The signed-in home page: the dashboard's counted tiles and storage, then a tile for each other shortcut. */
import { $enabledModules, $flags, $locale, $session, EmptyState, Link, Spinner, formatStorageBytes, intlLocale } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { labelIn } from '../labels'
import { visibleTiles } from '../menus'
import './home/home.css'
import { $dashboardFailed, $dashboardInfo, $dashboardLoading, dashboardTiles, homeOpened } from './home/model'

const Figure = ({ value }: { value: string | undefined }) => (value === undefined ? null : <span className="shell-tile-figure">{value}</span>)

export const HomePage = () => {
  const { t } = useTranslation('shell')
  const [modules, flags, locale, session, info, loading, failed, opened] = useUnit([
    $enabledModules,
    $flags,
    $locale,
    $session,
    $dashboardInfo,
    $dashboardLoading,
    $dashboardFailed,
    homeOpened,
  ])
  useEffect(() => opened(), [opened])
  const { counted, others } = dashboardTiles(visibleTiles(modules, flags))
  const count = (value: number | undefined) => (value === undefined ? undefined : value.toLocaleString(intlLocale(locale)))
  const storage = info?.storage
  const empty = counted.length + others.length === 0 && storage === undefined
  return (
    <section className="shell-page shell-home">
      <h1>{t('home.welcome', { name: session?.user.firstName ?? '' })}</h1>
      {loading && !info && <Spinner />}
      {failed && (
        <p role="alert" className="shell-home-failed">
          {t('home.countsFailed')}{' '}
          <button type="button" className="shell-button" onClick={() => opened()}>
            {t('remote.retry')}
          </button>
        </p>
      )}
      {empty ? (
        <EmptyState text={t('home.empty')} />
      ) : (
        <ul className="shell-tiles" aria-busy={loading}>
          {counted.map(({ tile, count: field }) => (
            <li key={`${tile.moduleId}:${tile.id}`}>
              <Link to={tile.path} className="shell-tile">
                <span>{labelIn(tile.label, locale)}</span>
                <Figure value={count(info?.[field])} />
              </Link>
            </li>
          ))}
          {storage !== undefined && (
            <li>
              <div className="shell-tile">
                <span>{t('home.storage')}</span>
                <Figure value={formatStorageBytes(storage)} />
              </div>
            </li>
          )}
          {others.map((tile) => (
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

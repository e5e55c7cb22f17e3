/** The signed-in home page: the dashboard's counted tiles and storage, then a tile for each other shortcut. */
import { $enabledModules, $flags, $locale, $session, Alert, Button, EmptyState, Page, Spinner, Tile, TileGrid, formatNumber, formatStorageBytes, useText } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { labelIn } from '../labels'
import { visibleTiles } from '../menus'
import { $dashboardFailed, $dashboardInfo, $dashboardLoading, dashboardTiles, homeOpened } from './home/model'

export const HomePage = () => {
  const { t } = useTranslation('shell')
  const text = useText()
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
  const count = (value: number | undefined) => (value === undefined ? undefined : formatNumber(value, locale))
  const storage = info?.storage
  const empty = counted.length + others.length === 0 && storage === undefined
  return (
    <Page title={t('home.welcome', { name: session?.user.firstName ?? '' })} documentTitle={text('breadcrumbs.dashboard')}>
      {loading && !info && <Spinner />}
      {failed && (
        <Alert
          tone="warning"
          actions={
            <Button size="sm" onClick={() => opened()}>
              {t('remote.retry')}
            </Button>
          }
        >
          <p>{t('home.countsFailed')}</p>
        </Alert>
      )}
      {empty ? (
        <EmptyState text={t('home.empty')} />
      ) : (
        <TileGrid label={text('breadcrumbs.dashboard')}>
          {counted.map(({ tile, count: field }) => (
            <Tile key={`${tile.moduleId}:${tile.id}`} to={tile.path} title={labelIn(tile.label, locale)} figure={count(info?.[field])} />
          ))}
          {storage !== undefined && <Tile title={t('home.storage')} figure={formatStorageBytes(storage, locale)} />}
          {others.map((tile) => (
            <Tile key={`${tile.moduleId}:${tile.id}`} to={tile.path} title={labelIn(tile.label, locale)} />
          ))}
        </TileGrid>
      )}
    </Page>
  )
}

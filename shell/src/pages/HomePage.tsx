/**
 * The signed-in home page: the dashboard's tiles (Projects, Companies, Users, Storage, SQM),
 * a tile for each other shortcut, then the panels modules draw (recent projects, the map).
 */
import { $enabledModules, $flags, $locale, $session, Alert, Button, EmptyState, Page, Spinner, Tile, TileGrid, formatNumber, formatStorageBytes, useText } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { labelIn } from '../labels'
import { visibleTiles } from '../menus'
import { HomePanels, withHomePanels } from './home/HomePanels'
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
  const squareMeters = info?.squareMeters
  const empty = counted.length + others.length === 0 && storage === undefined && squareMeters === undefined
  const panels = withHomePanels(modules, flags)
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
      {empty && panels.length === 0 ? (
        <EmptyState text={t('home.empty')} />
      ) : (
        <TileGrid label={text('breadcrumbs.dashboard')}>
          {counted.map(({ tile, count: field }) => (
            <Tile key={`${tile.moduleId}:${tile.id}`} to={tile.path} title={labelIn(tile.label, locale)} figure={count(info?.[field])} />
          ))}
          {storage !== undefined && <Tile title={t('home.storage')} figure={formatStorageBytes(storage, locale)} />}
          {squareMeters !== undefined && (
            <Tile title={t('home.squareMeters')} figure={`${formatNumber(Math.round(squareMeters), locale)}\u00a0m²`} />
          )}
          {others.map((tile) => (
            <Tile key={`${tile.moduleId}:${tile.id}`} to={tile.path} title={labelIn(tile.label, locale)} />
          ))}
        </TileGrid>
      )}
      <HomePanels modules={panels} />
    </Page>
  )
}

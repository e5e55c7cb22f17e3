/** The tile grid: one Card per document group, its items a page at a time, and the Task Tracker's checklists. */
import { Alert, Badge, Button, Card, EmptyState, IconButton, ProgressBar, Skeleton, TextLink, TileGrid, type Tone, useFormat } from '@app/module-kit'
import type { ChecklistStatus, ChecklistSummary } from '@app/plugin-checklists/shared'
import type { Project } from '@app/plugin-projects/shared'
import { useUnit } from 'effector-react'
import { ChevronLeft, ChevronRight, Inbox, Plus, TriangleAlert } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { TileItem } from './api'
import { $pages, $tracker, $trackerFailed, $trackerLoading, $trackerSkip, pageTurned, trackerPageTurned, trackerRetried } from './model'
import { type DashboardTile, type FolderTile, pageCount, pageItems, trackerPages, trackerPaths } from './tiles'

const itemTitle = (item: TileItem) => (item.symbol ? `${item.symbol} - ${item.name}` : item.name)

/** Where an item leads: documents open for those who may edit (spec part2 §6), the skymap for all. */
const itemPath = (projectId: number, kind: FolderTile['kind'], item: TileItem) =>
  kind === 'skymap' ? `/project/${projectId}/skymap` : `/project/${projectId}/documents/${item.id}`

/** The previous and next arrows with "Page x/y" (only when there is more than one page). */
const Pager = ({ name, page, pages, onTurn, busy }: { name: string; page: number; pages: number; onTurn: (by: number) => void; busy?: boolean }) => {
  const { t } = useTranslation('projects')
  if (pages <= 1) return null
  return (
    <nav className="kit-pager" aria-label={t('projectDashboard.tiles.pager', { name })} aria-busy={busy || undefined}>
      <IconButton size="sm" icon={ChevronLeft} label={t('projectDashboard.tiles.previous')} disabled={page === 0} onClick={() => onTurn(-1)} />
      <span>{t('projectDashboard.tiles.page', { page: page + 1, pages })}</span>
      <IconButton size="sm" icon={ChevronRight} label={t('projectDashboard.tiles.next')} disabled={page >= pages - 1} onClick={() => onTurn(1)} />
    </nav>
  )
}

/** An empty tile: what it says, and the manager's address as a mail link (spec part2 §2). */
const EmptyTile = ({ project, text, children }: { project: Project; text: string; children?: ReactNode }) => {
  const { t } = useTranslation('projects')
  return (
    <div className="kit-stack">
      <p>{text}</p>
      {children ??
        (project.manager?.username && (
          <p>
            {t('projectDashboard.tiles.askManager')}{' '}
            {/* A mail link leaves the app: a plain anchor (the kit's Link would route it in the app). */}
            <a className="kit-link" href={`mailto:${project.manager.username}`}>
              {project.manager.username}
            </a>
          </p>
        ))}
    </div>
  )
}

const STATUS_TONE: Record<ChecklistStatus, Tone> = { OPEN: 'info', IN_PROGRESS: 'warning', COMPLETE: 'success', OBSOLETE: 'neutral' }

/** One checklist on the tile: its title (a link), status, progress and, when items are late, how many. */
const TrackerItem = ({ project, checklist }: { project: Project; checklist: ChecklistSummary }) => {
  const { t } = useTranslation('projects')
  const format = useFormat()
  const { itemCount, doneCount, overdueCount } = checklist
  const tone: Tone = overdueCount > 0 ? 'danger' : itemCount > 0 && doneCount === itemCount ? 'success' : 'info'
  return (
    <li className="projects-tracker-item" data-overdue={overdueCount > 0 || undefined}>
      <div className="projects-tracker-head">
        <TextLink to={trackerPaths.one(project.id, checklist.id)}>{checklist.title}</TextLink>
        <Badge tone={STATUS_TONE[checklist.status]}>{t(`projectDashboard.tracker.status.${checklist.status}`)}</Badge>
      </div>
      <div className="projects-tracker-progress">
        {itemCount > 0 ? (
          <ProgressBar value={doneCount} max={itemCount} tone={tone} label={t('projectDashboard.tracker.done', { done: format.number(doneCount), total: format.number(itemCount) })} />
        ) : (
          <span className="projects-tracker-none">{t('projectDashboard.tracker.noItems')}</span>
        )}
        {overdueCount > 0 && (
          <Badge tone="danger">
            <TriangleAlert size={12} aria-hidden="true" className="projects-tracker-icon" />
            {t('projectDashboard.tracker.overdue', { n: format.number(overdueCount) })}
          </Badge>
        )}
      </div>
    </li>
  )
}

/** The Task Tracker tile: the project's checklists 4 a page, as the server pages them. */
const TrackerCard = ({ project }: { project: Project }) => {
  const { t } = useTranslation('projects')
  const units = useUnit({ tracker: $tracker, failed: $trackerFailed, loading: $trackerLoading, skip: $trackerSkip, turn: trackerPageTurned, retry: trackerRetried })
  const title = t('projectDashboard.tiles.checklist')
  const { tracker } = units
  const { page, pages } = trackerPages(tracker?.total ?? 0, tracker?.skip ?? units.skip)
  const administer = project.accessLevel.administer
  const add = administer && (
    <Button size="sm" variant="secondary" icon={Plus} to={trackerPaths.add(project.id)}>
      {t('projectDashboard.tracker.add')}
    </Button>
  )
  const body = units.failed ? (
    <Alert
      tone="warning"
      actions={
        <Button size="sm" onClick={units.retry}>
          {t('projectDashboard.retry')}
        </Button>
      }
    >
      <p>{t('projectDashboard.tracker.failed')}</p>
    </Alert>
  ) : !tracker ? (
    <Skeleton />
  ) : tracker.total === 0 ? (
    <EmptyTile project={project} text={t('projectDashboard.tracker.empty')}>
      {add || undefined}
    </EmptyTile>
  ) : (
    <div className="kit-stack">
      <ul className="projects-tracker" aria-busy={units.loading || undefined}>
        {tracker.data.map((checklist) => (
          <TrackerItem key={checklist.id} project={project} checklist={checklist} />
        ))}
      </ul>
      <div className="kit-row projects-tracker-foot">
        <TextLink to={trackerPaths.list(project.id)}>{t('projectDashboard.tracker.all')}</TextLink>
        {add}
      </div>
    </div>
  )
  return (
    <li data-kind="checklist">
      <Card title={title} actions={pages > 1 ? <Pager name={title} page={page} pages={pages} onTurn={units.turn} busy={units.loading} /> : undefined}>
        {body}
      </Card>
    </li>
  )
}

const FolderCard = ({ project, tile, page }: { project: Project; tile: FolderTile; page: number }) => {
  const { t } = useTranslation('projects')
  const turn = useUnit(pageTurned)
  const pages = pageCount(tile)
  const shown = pageItems(tile, page)
  const title = tile.kind === 'skymap' ? t('projectDashboard.tiles.skymap') : tile.name
  const openable = project.accessLevel.edit || tile.kind === 'skymap'
  return (
    <li data-kind={tile.kind}>
      <Card title={title} actions={pages > 1 ? <Pager name={title} page={shown.page} pages={pages} onTurn={(by) => turn({ tileId: tile.id, by })} /> : undefined}>
        {tile.items.length === 0 ? (
          <EmptyTile project={project} text={t('projectDashboard.tiles.empty')} />
        ) : (
          <ul className="kit-stack">
            {shown.items.map((item) => (
              <li key={item.id}>{openable ? <TextLink to={itemPath(project.id, tile.kind, item)}>{itemTitle(item)}</TextLink> : itemTitle(item)}</li>
            ))}
          </ul>
        )}
      </Card>
    </li>
  )
}

export const DashboardTiles = ({ project, tiles }: { project: Project; tiles: readonly DashboardTile[] }) => {
  const { t } = useTranslation('projects')
  const pages = useUnit($pages)
  if (tiles.length === 0) return <EmptyState icon={Inbox} text={t('projectDashboard.tiles.none')} />
  return (
    <div className="projects-dashboard-tiles">
      <TileGrid label={t('projectDashboard.tiles.label')}>
        {tiles.map((tile) =>
          tile.kind === 'checklist' ? <TrackerCard key={tile.id} project={project} /> : <FolderCard key={tile.id} project={project} tile={tile} page={pages[tile.id] ?? 0} />,
        )}
      </TileGrid>
    </div>
  )
}

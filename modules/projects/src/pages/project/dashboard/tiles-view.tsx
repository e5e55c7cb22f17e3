/** The tile grid: one Card per document group, its items a page at a time. */
import { Card, EmptyState, IconButton, TextLink, TileGrid } from '@app/module-kit'
import type { Project } from '@app/plugin-projects/shared'
import { useUnit } from 'effector-react'
import { ChevronLeft, ChevronRight, Inbox } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { TileItem } from './api'
import { $pages, pageTurned } from './model'
import { type DashboardTile, type TileKind, pageCount, pageItems } from './tiles'

const itemTitle = (item: TileItem) => (item.symbol ? `${item.symbol} - ${item.name}` : item.name)

/** Where an item leads: documents and checklists open for those who may edit (spec part2 §6). */
const itemPath = (projectId: number, kind: TileKind, item: TileItem) =>
  kind === 'skymap' ? `/project/${projectId}/skymap` : kind === 'checklist' ? `/project/${projectId}/checklists/${item.id}` : `/project/${projectId}/documents/${item.id}`

const TileCard = ({ project, tile, page }: { project: Project; tile: DashboardTile; page: number }) => {
  const { t } = useTranslation('projects')
  const turn = useUnit(pageTurned)
  const pages = pageCount(tile)
  const shown = pageItems(tile, page)
  const title = tile.kind === 'skymap' ? t('projectDashboard.tiles.skymap') : tile.kind === 'checklist' ? t('projectDashboard.tiles.checklist') : tile.name
  const openable = project.accessLevel.edit || tile.kind === 'skymap'
  const pager = pages > 1 && (
    <nav className="kit-pager" aria-label={t('projectDashboard.tiles.pager', { name: title })}>
      <IconButton size="sm" icon={ChevronLeft} label={t('projectDashboard.tiles.previous')} disabled={shown.page === 0} onClick={() => turn({ tileId: tile.id, by: -1 })} />
      <span>{t('projectDashboard.tiles.page', { page: shown.page + 1, pages })}</span>
      <IconButton size="sm" icon={ChevronRight} label={t('projectDashboard.tiles.next')} disabled={shown.page >= pages - 1} onClick={() => turn({ tileId: tile.id, by: 1 })} />
    </nav>
  )
  return (
    <li data-kind={tile.kind}>
      <Card title={title} actions={pager || undefined}>
        {tile.items.length === 0 ? (
          <div className="kit-stack">
            <p>{t('projectDashboard.tiles.empty')}</p>
            {project.manager?.username && (
              <p>
                {t('projectDashboard.tiles.askManager')}{' '}
                {/* A mail link leaves the app: a plain anchor (the kit's Link would route it in the app). */}
                <a className="kit-link" href={`mailto:${project.manager.username}`}>
                  {project.manager.username}
                </a>
              </p>
            )}
          </div>
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
        {tiles.map((tile) => (
          <TileCard key={tile.id} project={project} tile={tile} page={pages[tile.id] ?? 0} />
        ))}
      </TileGrid>
    </div>
  )
}

/**
 * The dashboard's tile grid (spec part2 §2 "Project dashboard", §9): one tile per document
 * group — a Skyview group is the skymap tile, a Checklist group the Task Tracker tile, any
 * other a document tile — paged 4 items a page (skymap, checklist) or 6 (documents).
 */
import type { DocumentGroup, TileItem } from './api'

export type TileKind = 'skymap' | 'checklist' | 'document'

export const PAGE_SIZE: Record<TileKind, number> = { skymap: 4, checklist: 4, document: 6 }

export const tileKind = (group: Pick<DocumentGroup, 'typeId'>): TileKind =>
  group.typeId === 'Skyview' ? 'skymap' : group.typeId === 'Checklist' ? 'checklist' : 'document'

export interface DashboardTile {
  id: number
  kind: TileKind
  name: string
  items: TileItem[]
}

/** The tiles to draw: empty ones only with show-all-folders. */
export const tilesOf = (groups: readonly DocumentGroup[], showAll: boolean): DashboardTile[] =>
  groups
    .map((group) => ({ id: group.id, kind: tileKind(group), name: group.name, items: group.folders }))
    .filter((tile) => showAll || tile.items.length > 0)

export const pageCount = (tile: Pick<DashboardTile, 'kind' | 'items'>) => Math.max(1, Math.ceil(tile.items.length / PAGE_SIZE[tile.kind]))

/** The items of a page (0-based; a page past the end shows the last). */
export const pageItems = (tile: Pick<DashboardTile, 'kind' | 'items'>, page: number) => {
  const size = PAGE_SIZE[tile.kind]
  const last = pageCount(tile) - 1
  const at = Math.min(Math.max(0, page), last)
  return { page: at, items: tile.items.slice(at * size, at * size + size) }
}

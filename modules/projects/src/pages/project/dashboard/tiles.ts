/**
 * The dashboard's tile grid (spec part2 §2 "Project dashboard", §9): one tile per document
 * group — a Skyview group is the skymap tile, any other a document tile — paged 4 items a
 * page (skymap) or 6 (documents); and, with the checklist module on, the Task Tracker tile:
 * the project's checklists, 4 a page, paged by the server. It takes the place of the
 * `Checklist` group (or comes last when the account has none). With the module off there is
 * no Task Tracker, and a `Checklist` group is an ordinary document group: its folders are
 * documents the documents module still serves.
 */
import type { DocumentGroup, TileItem } from './api'

export type TileKind = 'skymap' | 'checklist' | 'document'

export const PAGE_SIZE: Record<TileKind, number> = { skymap: 4, checklist: 4, document: 6 }

/** The tenant module of checklists (Task Tracker). */
export const CHECKLIST_MODULE = 'checklist'

/** The checklists remote's pages the tile leads to. */
export const trackerPaths = {
  list: (projectId: number) => `/project/${projectId}/checklists`,
  one: (projectId: number, id: number) => `/project/${projectId}/checklists/${id}`,
  add: (projectId: number) => `/project/${projectId}/checklist/add`,
}

/** A `Checklist` group is the Task Tracker's place only while the checklist module is on. */
export const tileKind = (group: Pick<DocumentGroup, 'typeId'>, checklistsOn: boolean): TileKind =>
  group.typeId === 'Skyview' ? 'skymap' : group.typeId === 'Checklist' && checklistsOn ? 'checklist' : 'document'

/** A tile of a document group's folders, paged here. */
export interface FolderTile {
  id: number
  kind: 'skymap' | 'document'
  name: string
  items: TileItem[]
}

/** The Task Tracker tile: its page of checklists is the model's `$tracker`. */
export interface TrackerTile {
  id: 'tracker'
  kind: 'checklist'
}

export type DashboardTile = FolderTile | TrackerTile

/**
 * What is known of the project's checklists: `off` (module off, or the caller may not view
 * them), `loading` (first page on its way), `failed`, or how many there are.
 */
export type TrackerState = 'off' | 'loading' | 'failed' | { total: number }

const TRACKER: TrackerTile = { id: 'tracker', kind: 'checklist' }

/**
 * The tiles to draw: empty ones only with show-all-folders. A Task Tracker whose checklists
 * could not be loaded is drawn (with its Retry) either way.
 */
export const tilesOf = (groups: readonly DocumentGroup[], showAll: boolean, tracker: TrackerState = 'off'): DashboardTile[] => {
  const on = tracker !== 'off'
  const tiles: DashboardTile[] = []
  for (const group of groups) {
    const kind = tileKind(group, on)
    if (kind === 'checklist') {
      if (!tiles.includes(TRACKER)) tiles.push(TRACKER)
    } else tiles.push({ id: group.id, kind, name: group.name, items: group.folders })
  }
  if (on && !tiles.includes(TRACKER)) tiles.push(TRACKER)
  return tiles.filter((tile) =>
    tile.kind === 'checklist' ? showAll || tracker === 'failed' || (typeof tracker === 'object' && tracker.total > 0) : showAll || tile.items.length > 0,
  )
}

export const pageCount = (tile: Pick<FolderTile, 'kind' | 'items'>) => Math.max(1, Math.ceil(tile.items.length / PAGE_SIZE[tile.kind]))

/** The items of a page (0-based; a page past the end shows the last). */
export const pageItems = (tile: Pick<FolderTile, 'kind' | 'items'>, page: number) => {
  const size = PAGE_SIZE[tile.kind]
  const last = pageCount(tile) - 1
  const at = Math.min(Math.max(0, page), last)
  return { page: at, items: tile.items.slice(at * size, at * size + size) }
}

/** The Task Tracker's pages: `skip` of the first on the page shown, out of `total`. */
export const trackerPages = (total: number, skip: number) => {
  const size = PAGE_SIZE.checklist
  const pages = Math.max(1, Math.ceil(total / size))
  return { page: Math.min(Math.floor(skip / size), pages - 1), pages }
}

/** Where a turn `by` pages from `skip` lands, never past the first or last page. */
export const trackerSkip = (total: number, skip: number, by: number) => {
  const size = PAGE_SIZE.checklist
  const last = Math.max(0, Math.ceil(total / size) - 1) * size
  return Math.min(Math.max(0, skip + by * size), last)
}

/**
 * The project dashboard (spec part2 §2 "Project dashboard"): the tiles from the project's
 * document groups with their pages, the remembered options, the status boxes and the
 * project status timeline.
 */
import { $session, sessionEnded } from '@app/module-kit'
import { combine, createEffect, createEvent, createStore, sample } from 'effector'
import {
  type Bubble,
  type DocumentGroup,
  type Progress,
  type StatusCounts,
  type TimelineData,
  fetchGroupsFx,
  fetchStatusBoxesFx,
  fetchTimelineFx,
  markBubbleFx,
} from './api'
import { DEFAULT_OPTIONS, type DashboardOptions, optionsKey, readOptions } from './options'
import { type DashboardTile, pageCount, tilesOf } from './tiles'
import { type TimelineView, compartmentsFor } from './timeline'

export const dashboardOpened = createEvent<number>()
export const optionChanged = createEvent<Partial<DashboardOptions>>()
export const pageTurned = createEvent<{ tileId: number; by: number }>()
export const timelineViewChosen = createEvent<TimelineView>()
export const timelineMoved = createEvent<number>()
export const timelineToday = createEvent()
export const timelineMeasured = createEvent<number>()
export const bubbleMarked = createEvent<{ bubble: Bubble; progress: Progress }>()

export const $projectId = createStore<number | null>(null).on(dashboardOpened, (_, id) => id)

const storageKey = $session.map((session) => (session ? optionsKey(session.accountId, session.user.id) : null))

export const loadOptionsFx = createEffect((key: string | null) => (key ? readOptions(localStorage.getItem(key)) : DEFAULT_OPTIONS))
export const saveOptionsFx = createEffect(({ key, options }: { key: string | null; options: DashboardOptions }) => {
  if (key) localStorage.setItem(key, JSON.stringify(options))
})

export const $options = createStore<DashboardOptions>(DEFAULT_OPTIONS)
  .on(loadOptionsFx.doneData, (_, options) => options)
  .on(optionChanged, (options, change) => ({ ...options, ...change }))
  .reset(sessionEnded)

sample({ clock: dashboardOpened, source: storageKey, target: loadOptionsFx })
sample({ clock: optionChanged, source: { key: storageKey, options: $options }, target: saveOptionsFx })

export const $groups = createStore<DocumentGroup[] | null>(null)
  .on(fetchGroupsFx.doneData, (_, groups) => groups)
  .on(dashboardOpened, () => null)
  .reset(sessionEnded)
export const $groupsFailed = createStore(false)
  .on(fetchGroupsFx.fail, () => true)
  .on(fetchGroupsFx, () => false)
export const $boxes = createStore<StatusCounts | null>(null)
  .on(fetchStatusBoxesFx.doneData, (_, boxes) => boxes)
  .on(dashboardOpened, () => null)
  .reset(sessionEnded)
export const $boxesFailed = createStore(false)
  .on(fetchStatusBoxesFx.fail, () => true)
  .on(fetchStatusBoxesFx, () => false)
export const $timeline = createStore<TimelineData | null>(null)
  .on(fetchTimelineFx.doneData, (_, timeline) => timeline)
  .on(markBubbleFx.doneData, (timeline, { bubble, progress }) => (timeline ? { ...timeline, progress: { ...timeline.progress, [bubble]: progress } } : timeline))
  .on(dashboardOpened, () => null)
  .reset(sessionEnded)
export const $timelineFailed = createStore(false)
  .on(fetchTimelineFx.fail, () => true)
  .on(fetchTimelineFx, () => false)
export const $markFailed = createStore(false)
  .on(markBubbleFx.fail, () => true)
  .on(markBubbleFx, () => false)

sample({ clock: dashboardOpened, target: [fetchGroupsFx, fetchStatusBoxesFx, fetchTimelineFx] })

/** The tiles shown (empty ones only with show-all-folders) and each one's page (0-based). */
export const $tiles = combine($groups, $options, (groups, options): DashboardTile[] | null => (groups ? tilesOf(groups, options.showAllFolders) : null))
export const $pages = createStore<Record<number, number>>({}).on(dashboardOpened, () => ({}))
// A turn never leaves the tile's pages.
sample({
  clock: pageTurned,
  source: { pages: $pages, tiles: $tiles },
  fn: ({ pages, tiles }, { tileId, by }) => {
    const tile = tiles?.find((t) => t.id === tileId)
    if (!tile) return pages
    return { ...pages, [tileId]: Math.min(Math.max(0, (pages[tileId] ?? 0) + by), pageCount(tile) - 1) }
  },
  target: $pages,
})

export const $timelineView = createStore<TimelineView>('monthly').on(timelineViewChosen, (_, view) => view)
/** Periods away from today's (Today sets it back to 0; a new view starts at today). */
export const $timelineOffset = createStore(0)
  .on(timelineMoved, (offset, by) => offset + by)
  .on(timelineToday, () => 0)
  .on(timelineViewChosen, () => 0)
  .on(dashboardOpened, () => 0)
export const $compartments = createStore(12).on(timelineMeasured, (_, width) => compartmentsFor(width))

sample({
  clock: bubbleMarked,
  source: $projectId,
  filter: (projectId) => projectId !== null,
  fn: (projectId, { bubble, progress }) => ({ projectId: projectId as number, bubble, progress }),
  target: markBubbleFx,
})

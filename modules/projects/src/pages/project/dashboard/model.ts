/**
 * The project dashboard (spec part2 §2 "Project dashboard"): the tiles from the project's
 * document groups with their pages, the Task Tracker's page of checklists (with the
 * checklist module on), the remembered options, the status boxes and the project status
 * timeline.
 */
import { $enabledModules, $session, sessionEnded } from '@app/module-kit'
import type { ChecklistPage } from '@app/plugin-checklists/shared'
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
  fetchTrackerFx,
  markBubbleFx,
} from './api'
import { DEFAULT_OPTIONS, type DashboardOptions, optionsKey, readOptions } from './options'
import { CHECKLIST_MODULE, type DashboardTile, type TrackerState, pageCount, tilesOf, trackerSkip } from './tiles'
import { type TimelineView, compartmentsFor } from './timeline'

/** The dashboard of a project was opened; `canView`: the caller may read its checklists (VIEW or more). */
export const dashboardOpened = createEvent<{ projectId: number; canView: boolean }>()
export const optionChanged = createEvent<Partial<DashboardOptions>>()
export const pageTurned = createEvent<{ tileId: number; by: number }>()
export const trackerPageTurned = createEvent<number>()
export const trackerRetried = createEvent()
export const timelineViewChosen = createEvent<TimelineView>()
export const timelineMoved = createEvent<number>()
export const timelineToday = createEvent()
export const timelineMeasured = createEvent<number>()
export const bubbleMarked = createEvent<{ bubble: Bubble; progress: Progress }>()

export const $projectId = createStore<number | null>(null).on(dashboardOpened, (_, { projectId }) => projectId)
const opened = dashboardOpened.map(({ projectId }) => projectId)

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

sample({ clock: opened, target: [fetchGroupsFx, fetchStatusBoxesFx, fetchTimelineFx] })

/** Whether the account has the checklist module (Task Tracker) on: the shell's enabled modules say. */
export const $checklistsOn = $enabledModules.map((modules) => modules.some((module) => module.module === CHECKLIST_MODULE))
/** The project whose checklists the caller may read (null: none may be shown). */
const $trackerProject = createStore<number | null>(null)
  .on(dashboardOpened, (_, { projectId, canView }) => (canView ? projectId : null))
  .reset(sessionEnded)
/** Where the page of checklists asked for last starts; an answer to an older ask is not shown. */
export const $trackerSkip = createStore(0)
  .on(dashboardOpened, () => 0)
  .on(fetchTrackerFx, (_, { skip }) => skip)
export const $tracker = createStore<ChecklistPage | null>(null)
  .on(dashboardOpened, () => null)
  .reset(sessionEnded)
export const $trackerFailed = createStore(false)
  .on(fetchTrackerFx.fail, () => true)
  .on([fetchTrackerFx, dashboardOpened], () => false)
export const $trackerLoading = fetchTrackerFx.pending

const trackerWanted = sample({ clock: [dashboardOpened, $checklistsOn.updates], source: { on: $checklistsOn, projectId: $trackerProject, tracker: $tracker } })
sample({
  clock: trackerWanted,
  filter: ({ on, projectId, tracker }) => on && projectId !== null && tracker === null,
  fn: ({ projectId }) => ({ projectId: projectId as number, skip: 0 }),
  target: fetchTrackerFx,
})
// Only the answer for the open project and the page asked for last is shown.
const trackerAnswered = sample({
  clock: fetchTrackerFx.done,
  source: { projectId: $trackerProject, skip: $trackerSkip },
  filter: ({ projectId, skip }, { params }) => params.projectId === projectId && params.skip === skip,
  fn: (_, { params, result }) => ({ params, result }),
})
sample({ clock: trackerAnswered, filter: ({ result }) => result.data.length > 0 || result.total === 0, fn: ({ result }) => result, target: $tracker })
// Checklists removed meanwhile left the page asked for empty: the last page there is now.
sample({
  clock: trackerAnswered,
  filter: ({ result }) => result.data.length === 0 && result.total > 0,
  fn: ({ params, result }) => ({ projectId: params.projectId, skip: trackerSkip(result.total, params.skip, 0) }),
  target: fetchTrackerFx,
})
sample({
  clock: trackerPageTurned,
  source: { projectId: $trackerProject, skip: $trackerSkip, tracker: $tracker },
  filter: ({ projectId, tracker, skip }, by) => projectId !== null && tracker !== null && trackerSkip(tracker.total, skip, by) !== skip,
  fn: ({ projectId, tracker, skip }, by) => ({ projectId: projectId as number, skip: trackerSkip((tracker as ChecklistPage).total, skip, by) }),
  target: fetchTrackerFx,
})
sample({
  clock: trackerRetried,
  source: { projectId: $trackerProject, skip: $trackerSkip },
  filter: ({ projectId }) => projectId !== null,
  fn: ({ projectId, skip }) => ({ projectId: projectId as number, skip }),
  target: fetchTrackerFx,
})

/** What the tile grid knows of the project's checklists. */
export const $trackerState = combine($checklistsOn, $trackerProject, $tracker, $trackerFailed, (on, projectId, tracker, failed): TrackerState =>
  !on || projectId === null ? 'off' : failed ? 'failed' : tracker ? { total: tracker.total } : 'loading',
)

/** The tiles shown (empty ones only with show-all-folders) and each one's page (0-based); none until the first answers are in. */
export const $tiles = combine($groups, $options, $trackerState, (groups, options, tracker): DashboardTile[] | null =>
  groups && tracker !== 'loading' ? tilesOf(groups, options.showAllFolders, tracker) : null,
)
export const $pages = createStore<Record<number, number>>({}).on(dashboardOpened, () => ({}))
// A turn never leaves the tile's pages.
sample({
  clock: pageTurned,
  source: { pages: $pages, tiles: $tiles },
  fn: ({ pages, tiles }, { tileId, by }) => {
    const tile = tiles?.find((t) => t.id === tileId)
    if (!tile || tile.kind === 'checklist') return pages
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

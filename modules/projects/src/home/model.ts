/**
 * The projects module's home panel (spec part2 §2 "/ : home", §9): the recent projects —
 * 10, or floor((height − 120) / 43) when the panel is over 300 px high — and the map of
 * the caller's projects with a position.
 */
import { sessionEnded } from '@app/module-kit'
import { combine, createEvent, createStore, sample } from 'effector'
import { type MapProject, type RecentProject, fetchMapProjectsFx, fetchRecentProjectsFx } from './api'

/** How many recent projects fit a panel this high (spec part2 §9). */
export const recentLimit = (height: number) => (height > 300 ? Math.max(1, Math.floor((height - 120) / 43)) : 10)

export const homePanelOpened = createEvent()
/** The panel's height in px, measured by the view (the map sets it). */
export const panelMeasured = createEvent<number>()

export const $recentLimit = createStore(10)
  .on(panelMeasured, (_, height) => recentLimit(height))
  .reset(sessionEnded)
export const $recent = createStore<RecentProject[] | null>(null)
  .on(fetchRecentProjectsFx.doneData, (_, projects) => projects)
  .reset(sessionEnded)
export const $recentFailed = createStore(false)
  .on(fetchRecentProjectsFx.fail, () => true)
  .on(fetchRecentProjectsFx, () => false)
  .reset(sessionEnded)
export const $mapProjects = createStore<MapProject[] | null>(null)
  .on(fetchMapProjectsFx.doneData, (_, projects) => projects)
  .reset(sessionEnded)
export const $mapFailed = createStore(false)
  .on(fetchMapProjectsFx.fail, () => true)
  .on(fetchMapProjectsFx, () => false)
  .reset(sessionEnded)
export const $homeLoading = combine(fetchRecentProjectsFx.pending, fetchMapProjectsFx.pending, (a, b) => a || b)

sample({ clock: homePanelOpened, source: $recentLimit, target: fetchRecentProjectsFx })
sample({ clock: homePanelOpened, target: fetchMapProjectsFx })
// A new height that fits another number of rows asks again for that many, once the list has come.
sample({ clock: $recentLimit.updates, source: $recent, filter: (recent) => recent !== null, fn: (_, limit) => limit, target: fetchRecentProjectsFx })

/**
 * The home dashboard's counts (spec part2 §2 "/ : home", §3 "Dashboard info"): GET
 * /api/dashboard/info each time home opens: Projects, Companies, Users (list totals), Storage
 * and SQM (figures). Each is left out for a caller who may not see it.
 */
import { type TileEntry, apiRequest, sessionEnded } from '@app/module-kit'
import type { DashboardInfo } from '@app/plugin-core/shared'
import { createEffect, createEvent, createStore, sample } from 'effector'

export type { DashboardInfo }

export const homeOpened = createEvent()
export const fetchDashboardInfoFx = createEffect(() => apiRequest<DashboardInfo>('GET', '/dashboard/info'))

export const $dashboardInfo = createStore<DashboardInfo | null>(null).on(fetchDashboardInfoFx.doneData, (_, info) => info).reset(sessionEnded)
export const $dashboardFailed = createStore(false)
  .on(fetchDashboardInfoFx.fail, () => true)
  .on(fetchDashboardInfoFx, () => false)
  .reset(sessionEnded)
export const $dashboardLoading = fetchDashboardInfoFx.pending

sample({ clock: homeOpened, target: fetchDashboardInfoFx })

type CountField = Exclude<keyof DashboardInfo, 'storage' | 'squareMeters'>

/** The counted tiles in the spec's order, by the id of the module tile whose list they count. */
const COUNTED: { tile: string; count: CountField }[] = [
  { tile: 'projects', count: 'projectCount' },
  { tile: 'companies', count: 'companyCount' },
  { tile: 'users', count: 'userCount' },
]

/** The module tiles split into the counted ones (spec order first) and the plain links after them. */
export const dashboardTiles = <T extends TileEntry>(tiles: T[]) => {
  const counted = COUNTED.flatMap(({ tile, count }) => tiles.filter((t) => t.id === tile).map((t) => ({ tile: t, count })))
  const others = tiles.filter((t) => !counted.some((c) => c.tile === t))
  return { counted, others }
}

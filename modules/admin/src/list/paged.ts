/**
 * A server-paged list (spec: pages of 50 with a count, sort by clicking headers,
 * ascending first then descending, a debounced filter box, loading and empty states)
 * as an effector model over one account's fetch effect.
 */
import { type Effect, attach, createEffect, createEvent, createStore, sample } from 'effector'
import type { ListQuery, Page } from '../api'

export const PAGE_SIZE = 50
export const FILTER_DEBOUNCE_MS = 300

export interface Sort {
  field: string
  direction: 1 | -1
}

/** Ascending on a new column, then the other way on each click of the same one. */
export const nextSort = (current: Sort | null, field: string): Sort =>
  current?.field === field ? { field, direction: current.direction === 1 ? -1 : 1 } : { field, direction: 1 }

export const listQuery = (skip: number, sort: Sort | null, filter: string): ListQuery => ({
  $limit: PAGE_SIZE,
  $skip: skip,
  ...(sort ? { [`$sort[${sort.field}]`]: sort.direction } : {}),
  ...(filter.trim() ? { filter: filter.trim() } : {}),
})

export const createPagedList = <T>(fetchFx: Effect<{ accountId: number; query: ListQuery }, Page<T>>, initialSort: Sort | null = null) => {
  const opened = createEvent<number>()
  const reloaded = createEvent()
  const sortClicked = createEvent<string>()
  const filterChanged = createEvent<string>()
  const pageChanged = createEvent<number>()

  const $accountId = createStore<number | null>(null).on(opened, (_, id) => id)
  const $skip = createStore(0)
  const $sort = createStore<Sort | null>(initialSort).on(sortClicked, nextSort)
  const $filter = createStore('').on(filterChanged, (_, text) => text)
  const $page = createStore<Page<T> | null>(null)
  const $failed = createStore(false)

  // Each keystroke bumps the version; only the last one, 300 ms later, reloads.
  const $filterVersion = createStore(0).on(filterChanged, (n) => n + 1)
  const waitFx = createEffect((version: number) => new Promise<number>((resolve) => setTimeout(() => resolve(version), FILTER_DEBOUNCE_MS)))
  sample({ clock: filterChanged, source: $filterVersion, target: waitFx })
  const filterSettled = sample({ clock: waitFx.doneData, source: $filterVersion, filter: (latest, version) => latest === version })

  $skip.on(pageChanged, (_, skip) => Math.max(0, skip)).reset([opened, sortClicked, filterSettled])

  const loadFx = attach({
    source: { accountId: $accountId, skip: $skip, sort: $sort, filter: $filter },
    effect: fetchFx,
    mapParams: (_: undefined, { accountId, skip, sort, filter }) => ({ accountId: accountId ?? 0, query: listQuery(skip, sort, filter) }),
  })
  sample({ clock: [opened, reloaded, sortClicked, pageChanged, filterSettled], source: $accountId, filter: Boolean, fn: () => undefined, target: loadFx })

  $page.on(loadFx.doneData, (_, page) => page).reset(opened)
  $failed.on(loadFx.fail, () => true).on(loadFx.done, () => false)

  const $loading = loadFx.pending
  const $rows = $page.map((page) => page?.data ?? [])
  const $total = $page.map((page) => page?.total ?? 0)
  const $range = $page.map((page) => (page?.total ? { from: page.skip + 1, to: page.skip + page.data.length, total: page.total } : null))

  return {
    opened,
    reloaded,
    sortClicked,
    filterChanged,
    pageChanged,
    $accountId,
    $skip,
    $sort,
    $filter,
    $rows,
    $total,
    $range,
    $loading,
    $failed,
    loadFx,
  }
}

export type PagedList<T> = ReturnType<typeof createPagedList<T>>

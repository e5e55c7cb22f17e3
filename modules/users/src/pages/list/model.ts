/**
 * The users table: filter (debounced), sort by header (ascending first, then
 * descending), pages of 50 counted on the server, and the Excel export.
 */
import { $session } from '@app/module-kit'
import { combine, createEffect, createEvent, createStore, sample } from 'effector'
import { PAGE_SIZE, type UserSortField, type UsersPage, type UsersQuery, exportUsersFx, fetchUsersFx } from '../../api'
import { notifyFx } from '../../notify'

export const FILTER_DEBOUNCE_MS = 300

export const listOpened = createEvent()
export const filterTyped = createEvent<string>()
export const sortClicked = createEvent<UserSortField>()
export const pageChosen = createEvent<number>()
export const exportClicked = createEvent()

const EMPTY: UsersPage = { total: 0, limit: PAGE_SIZE, skip: 0, data: [] }

export const $filterText = createStore('').on(filterTyped, (_, text) => text)
export const $query = createStore<UsersQuery>({ filter: '', sort: null, skip: 0 })
export const $page = createStore<UsersPage>(EMPTY).on(fetchUsersFx.doneData, (_, page) => page)
export const $loading = fetchUsersFx.pending
export const $exporting = exportUsersFx.pending
export const $failed = createStore(false)
  .on(fetchUsersFx.fail, () => true)
  .on(fetchUsersFx.done, () => false)
export const $pageCount = $page.map((page) => Math.max(1, Math.ceil(page.total / PAGE_SIZE)))
export const $pageNumber = $query.map((query) => Math.floor(query.skip / PAGE_SIZE) + 1)

/** Ascending first, then descending, then ascending again. */
export const nextSort = (current: UsersQuery['sort'], field: UserSortField): UsersQuery['sort'] =>
  current?.field === field && current.direction === 1 ? { field, direction: -1 } : { field, direction: 1 }

const waitFx = createEffect((text: string) => new Promise<string>((resolve) => setTimeout(() => resolve(text), FILTER_DEBOUNCE_MS)))
sample({ clock: filterTyped, target: waitFx })
// Only the text still in the box when its wait ends is applied: a typist's earlier states are dropped.
const filterSettled = sample({
  clock: waitFx.doneData,
  source: $filterText,
  filter: (current, waited) => current === waited,
  fn: (current) => current,
})

$query
  .on(filterSettled, (query, filter) => ({ ...query, filter, skip: 0 }))
  .on(sortClicked, (query, field) => ({ ...query, sort: nextSort(query.sort, field), skip: 0 }))
  .on(pageChosen, (query, page) => ({ ...query, skip: Math.max(0, page - 1) * PAGE_SIZE }))

const $accountId = $session.map((session) => session?.accountId ?? null)
sample({
  clock: [listOpened, $query.updates],
  source: combine({ accountId: $accountId, query: $query }),
  filter: (source): source is { accountId: number; query: UsersQuery } => source.accountId !== null,
  target: fetchUsersFx,
})

sample({ clock: exportClicked, filter: $exporting.map((busy) => !busy), target: exportUsersFx })
sample({
  clock: exportUsersFx.failData,
  fn: (error) => ({ kind: 'error' as const, key: 'list.exportFailed', values: { message: error.message } }),
  target: notifyFx,
})

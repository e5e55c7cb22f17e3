/**
 * A server-paged list: a debounced filter, sort by header (ascending first, then
 * descending), pages counted on the server, and only the latest request's answer
 * shown. One model per table; the page gives it the call that fetches a page.
 */
import { type EventCallable, type Store, type StoreWritable, createEffect, createEvent, createStore, sample } from 'effector'
import { afterPause } from '../pause'

export const LIST_PAGE_SIZE = 50
export const FILTER_DEBOUNCE_MS = 300

export type SortDirection = 1 | -1
export interface ListSort<F extends string = string> {
  field: F
  /** 1 ascending, -1 descending. */
  direction: SortDirection
}

export interface ListQuery<F extends string = string> {
  filter: string
  sort: ListSort<F> | null
  skip: number
  limit: number
}

/** A kit list's query in Feathers' syntax ($limit, $skip, $sort[field], and the trimmed filter when there is one). */
export const feathersQuery = ({ filter, sort, skip, limit }: ListQuery): Record<string, string | number> => ({
  $limit: limit,
  $skip: skip,
  ...(sort ? { [`$sort[${sort.field}]`]: sort.direction } : {}),
  ...(filter.trim() ? { filter: filter.trim() } : {}),
})

export interface ListPage<Row> {
  total: number
  /** More rows match than `total`: the server counted no further (a list of hundreds of thousands). */
  totalCapped?: boolean
  limit: number
  skip: number
  data: Row[]
}

export interface PagedListOptions<Row, F extends string = string> {
  fetch: (query: ListQuery<F>) => Promise<ListPage<Row>>
  pageSize?: number
  /** The order before any header is clicked (null: the server's own). */
  defaultSort?: ListSort<F> | null
  /** Opening starts over: no filter, the default order, the first page. */
  resetOnOpen?: boolean
  /** How long typing must pause before the filter is searched for. */
  debounceMs?: number
}

export interface PagedList<Row, F extends string = string> {
  /** The rows of the page shown; a writable store, so a page may patch a row it changed. */
  $rows: StoreWritable<Row[]>
  $total: Store<number>
  /** `$total` is a lower bound: more rows match than were counted. */
  $totalCapped: Store<boolean>
  /** The page shown, from 1. */
  $page: Store<number>
  $pages: Store<number>
  /** The text in the filter box. */
  $filter: Store<string>
  /** The filter the rows were searched for (the box's text once typing paused). */
  $appliedFilter: Store<string>
  $sort: Store<ListSort<F> | null>
  $query: Store<ListQuery<F>>
  $loading: Store<boolean>
  $failed: Store<boolean>
  /** A page has arrived at least once. */
  $loaded: Store<boolean>
  opened: EventCallable<void>
  filterChanged: EventCallable<string>
  sortClicked: EventCallable<F>
  pageChosen: EventCallable<number>
  refreshed: EventCallable<void>
  pageSize: number
}

/** Ascending first, then descending, then ascending again; another field starts ascending. */
export const nextSort = <F extends string>(current: ListSort<F> | null, field: F): ListSort<F> =>
  current?.field === field && current.direction === 1 ? { field, direction: -1 } : { field, direction: 1 }

export const createPagedList = <Row, F extends string = string>(options: PagedListOptions<Row, F>): PagedList<Row, F> => {
  const pageSize = options.pageSize ?? LIST_PAGE_SIZE
  const debounceMs = options.debounceMs ?? FILTER_DEBOUNCE_MS
  const initial: ListQuery<F> = { filter: '', sort: options.defaultSort ?? null, skip: 0, limit: pageSize }

  const opened = createEvent()
  const filterChanged = createEvent<string>()
  const sortClicked = createEvent<F>()
  const pageChosen = createEvent<number>()
  const refreshed = createEvent()

  const $filter = createStore('').on(filterChanged, (_, text) => text)
  const $query = createStore<ListQuery<F>>(initial)
  if (options.resetOnOpen) {
    $filter.reset(opened)
    $query.reset(opened)
  }

  // Typing waits for a pause; a text that is the list's filter already asks nothing.
  const filterSettled = sample({ clock: afterPause(filterChanged, debounceMs), source: $query, filter: (query, text) => text !== query.filter, fn: (_, text) => text })

  const queryChanged = createEvent<ListQuery<F>>()
  $query.on(queryChanged, (_, query) => query)
  // A new filter or order starts again at the first page.
  sample({ clock: filterSettled, source: $query, fn: (query, filter) => ({ ...query, filter, skip: 0 }), target: queryChanged })
  sample({ clock: sortClicked, source: $query, fn: (query, field) => ({ ...query, sort: nextSort(query.sort, field), skip: 0 }), target: queryChanged })
  sample({
    clock: pageChosen,
    source: $query,
    fn: (query, page) => ({ ...query, skip: Math.max(0, Math.floor(page) - 1) * pageSize }),
    target: queryChanged,
  })

  // Every request gets a number; an answer is shown only if no later request was made.
  const $latest = createStore(0)
  const requested = sample({ clock: [opened, refreshed, queryChanged], source: $latest, fn: (n) => n + 1 })
  $latest.on(requested, (_, id) => id)
  const fetchFx = createEffect(async ({ id, query }: { id: number; query: ListQuery<F> }) => ({ id, page: await options.fetch(query) }))
  sample({ clock: requested, source: $query, fn: (query, id) => ({ id, query }), target: fetchFx })

  const answered = sample({
    clock: fetchFx.doneData,
    source: $latest,
    filter: (latest, { id }) => id === latest,
    fn: (_, { page }) => page,
  })
  const failed = sample({ clock: fetchFx.fail, source: $latest, filter: (latest, { params }) => params.id === latest })

  const $rows = createStore<Row[]>([]).on(answered, (_, page) => page.data)
  const $total = createStore(0).on(answered, (_, page) => page.total)
  const $totalCapped = createStore(false).on(answered, (_, page) => page.totalCapped ?? false)
  const $loaded = createStore(false).on(answered, () => true)
  const $loading = createStore(false)
    .on(requested, () => true)
    .on([answered, failed], () => false)
  const $failed = createStore(false)
    .on(failed, () => true)
    .on(answered, () => false)

  return {
    $rows,
    $total,
    $totalCapped,
    $page: $query.map((query) => Math.floor(query.skip / pageSize) + 1),
    $pages: $total.map((total) => Math.max(1, Math.ceil(total / pageSize))),
    $filter,
    $appliedFilter: $query.map((query) => query.filter),
    $sort: $query.map((query) => query.sort),
    $query: $query.map((query) => query),
    $loading,
    $failed,
    $loaded,
    opened,
    filterChanged,
    sortClicked,
    pageChosen,
    refreshed,
    pageSize,
  }
}

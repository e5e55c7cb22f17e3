import { allSettled, fork } from 'effector'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { FILTER_DEBOUNCE_MS, type ListPage, type ListQuery, createPagedList, feathersQuery, nextSort } from './model'

interface Row {
  id: number
}

type Field = 'name' | 'city'

const rows = (skip: number, count: number): Row[] => Array.from({ length: count }, (_, i) => ({ id: skip + i + 1 }))

/** A list whose fetch records each query and answers from `answer` (120 rows by default). */
const setup = (options: { defaultSort?: { field: Field; direction: 1 | -1 } | null; resetOnOpen?: boolean } = {}) => {
  const queries: ListQuery<Field>[] = []
  let answer = async (query: ListQuery<Field>): Promise<ListPage<Row>> => ({
    total: 120,
    limit: query.limit,
    skip: query.skip,
    data: rows(query.skip, Math.min(query.limit, 120 - query.skip)),
  })
  const list = createPagedList<Row, Field>({
    fetch: (query) => {
      queries.push(query)
      return answer(query)
    },
    ...options,
  })
  const scope = fork()
  return {
    list,
    scope,
    queries,
    answerWith: (next: typeof answer) => {
      answer = next
    },
  }
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('createPagedList', () => {
  test('sorting goes ascending first, then descending, and another field starts ascending', () => {
    expect(nextSort<Field>(null, 'name')).toEqual({ field: 'name', direction: 1 })
    expect(nextSort<Field>({ field: 'name', direction: 1 }, 'name')).toEqual({ field: 'name', direction: -1 })
    expect(nextSort<Field>({ field: 'name', direction: -1 }, 'name')).toEqual({ field: 'name', direction: 1 })
    expect(nextSort<Field>({ field: 'name', direction: -1 }, 'city')).toEqual({ field: 'city', direction: 1 })
  })

  test('opening loads the first page with its count', async () => {
    const { list, scope, queries } = setup()
    expect(scope.getState(list.$loaded)).toBe(false)
    await allSettled(list.opened, { scope })
    expect(queries).toEqual([{ filter: '', sort: null, skip: 0, limit: 50 }])
    expect(scope.getState(list.$rows)).toHaveLength(50)
    expect(scope.getState(list.$total)).toBe(120)
    expect(scope.getState(list.$page)).toBe(1)
    expect(scope.getState(list.$pages)).toBe(3)
    expect(scope.getState(list.$loading)).toBe(false)
    expect(scope.getState(list.$loaded)).toBe(true)
  })

  test('a header click sorts ascending, the next one descending, and both go back to the first page', async () => {
    const { list, scope, queries } = setup()
    await allSettled(list.opened, { scope })
    await allSettled(list.pageChosen, { scope, params: 2 })
    expect(queries.at(-1)?.skip).toBe(50)
    await allSettled(list.sortClicked, { scope, params: 'city' })
    expect(queries.at(-1)).toEqual({ filter: '', sort: { field: 'city', direction: 1 }, skip: 0, limit: 50 })
    await allSettled(list.sortClicked, { scope, params: 'city' })
    expect(queries.at(-1)?.sort).toEqual({ field: 'city', direction: -1 })
    expect(scope.getState(list.$sort)).toEqual({ field: 'city', direction: -1 })
    await allSettled(list.sortClicked, { scope, params: 'city' })
    expect(queries.at(-1)?.sort).toEqual({ field: 'city', direction: 1 })
    await allSettled(list.sortClicked, { scope, params: 'name' })
    expect(queries.at(-1)?.sort).toEqual({ field: 'name', direction: 1 })
  })

  test('a default order is the first one asked for; its header goes descending on the first click', async () => {
    const { list, scope, queries } = setup({ defaultSort: { field: 'name', direction: 1 } })
    await allSettled(list.opened, { scope })
    expect(queries.at(-1)?.sort).toEqual({ field: 'name', direction: 1 })
    await allSettled(list.sortClicked, { scope, params: 'name' })
    expect(queries.at(-1)?.sort).toEqual({ field: 'name', direction: -1 })
  })

  test('paging asks for the chosen page; the page number and count follow', async () => {
    const { list, scope, queries } = setup()
    await allSettled(list.opened, { scope })
    await allSettled(list.pageChosen, { scope, params: 3 })
    expect(queries.at(-1)).toEqual({ filter: '', sort: null, skip: 100, limit: 50 })
    expect(scope.getState(list.$page)).toBe(3)
    expect(scope.getState(list.$rows)).toHaveLength(20)
    await allSettled(list.pageChosen, { scope, params: 0 })
    expect(queries.at(-1)?.skip).toBe(0)
    expect(scope.getState(list.$page)).toBe(1)
  })

  test('the filter waits for typing to pause, applies only the last text, from the first page', async () => {
    const { list, scope, queries } = setup()
    await allSettled(list.opened, { scope })
    await allSettled(list.pageChosen, { scope, params: 3 })
    const first = allSettled(list.filterChanged, { scope, params: 'st' })
    await vi.advanceTimersByTimeAsync(FILTER_DEBOUNCE_MS - 100)
    expect(queries).toHaveLength(2)
    const second = allSettled(list.filterChanged, { scope, params: 'steel' })
    // The first text's wait ends here, but typing went on: nothing is asked for yet.
    await vi.advanceTimersByTimeAsync(150)
    expect(queries).toHaveLength(2)
    expect(scope.getState(list.$filter)).toBe('steel')
    await vi.advanceTimersByTimeAsync(FILTER_DEBOUNCE_MS)
    await Promise.all([first, second])
    expect(queries.map((q) => q.filter)).toEqual(['', '', 'steel'])
    expect(queries.at(-1)?.skip).toBe(0)
    expect(scope.getState(list.$appliedFilter)).toBe('steel')
  })

  test('typing back to the text already searched for asks for nothing', async () => {
    const { list, scope, queries } = setup()
    await allSettled(list.opened, { scope })
    const typing = [allSettled(list.filterChanged, { scope, params: 'x' }), allSettled(list.filterChanged, { scope, params: '' })]
    await vi.advanceTimersByTimeAsync(FILTER_DEBOUNCE_MS + 10)
    await Promise.all(typing)
    expect(queries).toHaveLength(1)
  })

  test('an answer to an older request is ignored when a newer one was made', async () => {
    const { list, scope, queries, answerWith } = setup()
    const pending: { query: ListQuery<Field>; resolve: (page: ListPage<Row>) => void }[] = []
    answerWith((query) => new Promise((resolve) => pending.push({ query, resolve })))
    const settled = Promise.all([
      allSettled(list.opened, { scope }),
      allSettled(list.sortClicked, { scope, params: 'city' }),
    ])
    await vi.advanceTimersByTimeAsync(0)
    expect(queries).toHaveLength(2)
    expect(scope.getState(list.$loading)).toBe(true)
    // The newer answer arrives first, then the older one.
    pending[1]?.resolve({ total: 1, limit: 50, skip: 0, data: [{ id: 99 }] })
    await vi.advanceTimersByTimeAsync(0)
    pending[0]?.resolve({ total: 120, limit: 50, skip: 0, data: rows(0, 50) })
    await settled
    expect(scope.getState(list.$rows)).toEqual([{ id: 99 }])
    expect(scope.getState(list.$total)).toBe(1)
    expect(scope.getState(list.$loading)).toBe(false)
  })

  test('a failure is shown until an answer arrives; an older failure is ignored', async () => {
    const { list, scope, answerWith } = setup()
    answerWith(async () => Promise.reject(new Error('500')))
    await allSettled(list.opened, { scope })
    expect(scope.getState(list.$failed)).toBe(true)
    expect(scope.getState(list.$loading)).toBe(false)
    expect(scope.getState(list.$rows)).toEqual([])

    answerWith(async (query) => ({ total: 120, limit: 50, skip: query.skip, data: rows(query.skip, 50) }))
    await allSettled(list.refreshed, { scope })
    expect(scope.getState(list.$failed)).toBe(false)
    expect(scope.getState(list.$rows)).toHaveLength(50)

    let fail: (error: Error) => void = () => undefined
    answerWith(() => new Promise((_, reject) => (fail = reject)))
    const older = allSettled(list.refreshed, { scope })
    await vi.advanceTimersByTimeAsync(0)
    answerWith(async (query) => ({ total: 3, limit: 50, skip: query.skip, data: rows(0, 3) }))
    // allSettled waits for every effect in the scope, the older request too.
    const newer = allSettled(list.refreshed, { scope })
    await vi.advanceTimersByTimeAsync(0)
    fail(new Error('timeout'))
    await Promise.all([older, newer])
    expect(scope.getState(list.$failed)).toBe(false)
    expect(scope.getState(list.$total)).toBe(3)
  })

  test('refreshing asks again for the same page', async () => {
    const { list, scope, queries } = setup()
    await allSettled(list.opened, { scope })
    await allSettled(list.pageChosen, { scope, params: 2 })
    await allSettled(list.refreshed, { scope })
    expect(queries.at(-1)).toEqual(queries.at(-2))
  })

  test('a list that resets on opening starts over with no filter, the default order and the first page', async () => {
    const { list, scope, queries } = setup({ defaultSort: { field: 'name', direction: 1 }, resetOnOpen: true })
    await allSettled(list.opened, { scope })
    await allSettled(list.sortClicked, { scope, params: 'city' })
    await allSettled(list.pageChosen, { scope, params: 2 })
    const typing = allSettled(list.filterChanged, { scope, params: 'oy' })
    await vi.advanceTimersByTimeAsync(FILTER_DEBOUNCE_MS + 10)
    await typing
    await allSettled(list.opened, { scope })
    expect(queries.at(-1)).toEqual({ filter: '', sort: { field: 'name', direction: 1 }, skip: 0, limit: 50 })
    expect(scope.getState(list.$filter)).toBe('')
  })

  test('without reset, opening again keeps the filter, order and page', async () => {
    const { list, scope, queries } = setup()
    await allSettled(list.opened, { scope })
    await allSettled(list.sortClicked, { scope, params: 'city' })
    await allSettled(list.pageChosen, { scope, params: 2 })
    await allSettled(list.opened, { scope })
    expect(queries.at(-1)).toEqual({ filter: '', sort: { field: 'city', direction: 1 }, skip: 50, limit: 50 })
  })
})

test('a list query in Feathers syntax leaves out what is not asked for', () => {
  expect(feathersQuery({ filter: '  ', sort: null, skip: 20, limit: 10 })).toEqual({ $limit: 10, $skip: 20 })
  expect(feathersQuery({ filter: ' oy ', sort: { field: 'name', direction: -1 }, skip: 0, limit: 10 })).toEqual({
    $limit: 10,
    $skip: 0,
    '$sort[name]': -1,
    filter: 'oy',
  })
})

import { allSettled, createEffect, fork } from 'effector'
import { describe, expect, test, vi } from 'vitest'
import type { ListQuery, Page } from '../api'
import { FILTER_DEBOUNCE_MS, createPagedList, listQuery, nextSort } from './paged'

const page = (total: number, skip = 0): Page<{ id: number }> => ({ total, limit: 50, skip, data: [{ id: skip + 1 }] })

const setup = () => {
  const fetchFx = createEffect<{ accountId: number; query: ListQuery }, Page<{ id: number }>>()
  const list = createPagedList(fetchFx, { field: 'name', direction: 1 })
  const fetch = vi.fn(async ({ query }: { accountId: number; query: ListQuery }) => page(120, Number(query.$skip)))
  const scope = fork({ handlers: [[fetchFx, fetch]] })
  return { list, scope, fetch }
}

describe('paged list', () => {
  test('sorting is ascending on a new column, then flips', () => {
    expect(nextSort(null, 'name')).toEqual({ field: 'name', direction: 1 })
    expect(nextSort({ field: 'name', direction: 1 }, 'name')).toEqual({ field: 'name', direction: -1 })
    expect(nextSort({ field: 'name', direction: -1 }, 'name')).toEqual({ field: 'name', direction: 1 })
    expect(nextSort({ field: 'name', direction: -1 }, 'typeId')).toEqual({ field: 'typeId', direction: 1 })
  })

  test('the query pages by 50 and sends sort and a trimmed filter', () => {
    expect(listQuery(50, { field: 'name', direction: -1 }, '  sky ')).toEqual({ $limit: 50, $skip: 50, '$sort[name]': -1, filter: 'sky' })
    expect(listQuery(0, null, ' ')).toEqual({ $limit: 50, $skip: 0 })
  })

  test('opening loads the first page of the account; paging and sorting reload', async () => {
    const { list, scope, fetch } = setup()
    await allSettled(list.opened, { scope, params: 7 })
    expect(fetch).toHaveBeenLastCalledWith({ accountId: 7, query: { $limit: 50, $skip: 0, '$sort[name]': 1 } })
    expect(scope.getState(list.$range)).toEqual({ from: 1, to: 1, total: 120 })
    await allSettled(list.pageChanged, { scope, params: 50 })
    expect(fetch).toHaveBeenLastCalledWith({ accountId: 7, query: { $limit: 50, $skip: 50, '$sort[name]': 1 } })
    await allSettled(list.sortClicked, { scope, params: 'name' })
    expect(fetch).toHaveBeenLastCalledWith({ accountId: 7, query: { $limit: 50, $skip: 0, '$sort[name]': -1 } })
  })

  test('the filter waits for typing to stop, then loads once from the first page', async () => {
    vi.useFakeTimers()
    try {
      const { list, scope, fetch } = setup()
      await allSettled(list.opened, { scope, params: 7 })
      fetch.mockClear()
      const typing = Promise.all(['s', 'sk', 'sky'].map((text) => allSettled(list.filterChanged, { scope, params: text })))
      await vi.advanceTimersByTimeAsync(FILTER_DEBOUNCE_MS)
      await typing
      expect(fetch).toHaveBeenCalledTimes(1)
      expect(fetch).toHaveBeenLastCalledWith({ accountId: 7, query: { $limit: 50, $skip: 0, '$sort[name]': 1, filter: 'sky' } })
    } finally {
      vi.useRealTimers()
    }
  })

  test('a failed load is shown, and cleared by the next good one', async () => {
    const { list, scope, fetch } = setup()
    fetch.mockRejectedValueOnce(new Error('down'))
    await allSettled(list.opened, { scope, params: 7 })
    expect(scope.getState(list.$failed)).toBe(true)
    await allSettled(list.reloaded, { scope })
    expect(scope.getState(list.$failed)).toBe(false)
  })
})

import { $session, FILTER_DEBOUNCE_MS, nextSort, type Session } from '@app/module-kit'
import { allSettled, fork } from 'effector'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { type UsersQuery, exportUsersFx, fetchUsersFx } from '../../api'
import { user } from '../../test-fixtures'
import { notifyFx } from '../../notify'
import { $onlyRemovalRequests, exportClicked, listOpened, onlyRemovalRequestsToggled, users } from './model'

const session = { user: { id: 1 }, accountId: 5 } as unknown as Session

const setup = (exportFails = false, signedIn: Session | null = session) => {
  const calls: { accountId: number; query: UsersQuery }[] = []
  const notices: string[] = []
  const exported = vi.fn(async () => {
    if (exportFails) throw new Error('Forbidden')
  })
  const scope = fork({
    values: [[$session, signedIn]],
    handlers: [
      [
        fetchUsersFx,
        async (call: { accountId: number; query: UsersQuery }) => {
          calls.push(call)
          return { total: 120, limit: 50, skip: call.query.skip, data: [user(1), user(2)] }
        },
      ],
      [exportUsersFx, exported],
      [notifyFx, ({ key }: { key: string }) => void notices.push(key)],
    ],
  })
  return { scope, calls, notices, exported }
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

test('headers sort ascending first, then descending', () => {
  expect(nextSort(null, 'lastName')).toEqual({ field: 'lastName', direction: 1 })
  expect(nextSort({ field: 'lastName', direction: 1 }, 'lastName')).toEqual({ field: 'lastName', direction: -1 })
  expect(nextSort({ field: 'lastName', direction: -1 }, 'acronym')).toEqual({ field: 'acronym', direction: 1 })
})

test("opening loads the account's first page; sorting and paging reload from the server", async () => {
  const { scope, calls } = setup()
  await allSettled(listOpened, { scope })
  expect(calls.at(-1)).toEqual({ accountId: 5, query: { filter: '', sort: null, skip: 0 } })
  expect(scope.getState(users.$total)).toBe(120)
  expect(scope.getState(users.$rows)).toHaveLength(2)
  await allSettled(users.pageChosen, { scope, params: 2 })
  expect(calls.at(-1)?.query.skip).toBe(50)
  await allSettled(users.sortClicked, { scope, params: 'createdAt' })
  expect(calls.at(-1)?.query).toEqual({ filter: '', sort: { field: 'createdAt', direction: 1 }, skip: 0 })
  await allSettled(users.sortClicked, { scope, params: 'createdAt' })
  expect(calls.at(-1)?.query.sort).toEqual({ field: 'createdAt', direction: -1 })
})

test('nothing is asked for without an account', async () => {
  const { scope, calls } = setup(false, null)
  await allSettled(listOpened, { scope })
  expect(calls).toEqual([])
})

test('the filter waits for typing to pause and applies only the last text', async () => {
  const { scope, calls } = setup()
  const typing = [allSettled(users.filterChanged, { scope, params: 'ul' }), allSettled(users.filterChanged, { scope, params: 'ulla' })]
  await vi.advanceTimersByTimeAsync(FILTER_DEBOUNCE_MS + 10)
  await Promise.all(typing)
  expect(calls.map((c) => c.query.filter)).toEqual(['ulla'])
  expect(scope.getState(users.$page)).toBe(1)
})

test('export downloads; a failure shows a toast', async () => {
  const ok = setup()
  await allSettled(exportClicked, { scope: ok.scope })
  expect(ok.exported).toHaveBeenCalledTimes(1)
  expect(ok.notices).toEqual([])
  const failing = setup(true)
  await allSettled(exportClicked, { scope: failing.scope })
  expect(failing.notices).toEqual(['list.exportFailed'])
})

test('only removal requests: the first page of those asks again, and unticking lists everyone', async () => {
  const { scope, calls } = setup()
  await allSettled(listOpened, { scope })
  await allSettled(users.pageChosen, { scope, params: 2 })
  await allSettled(onlyRemovalRequestsToggled, { scope, params: true })
  expect(scope.getState($onlyRemovalRequests)).toBe(true)
  expect(calls.at(-1)?.query).toEqual({ filter: '', sort: null, skip: 0, removalRequested: true })
  await allSettled(users.sortClicked, { scope, params: 'lastName' })
  expect(calls.at(-1)?.query.removalRequested).toBe(true)
  await allSettled(onlyRemovalRequestsToggled, { scope, params: false })
  expect(calls.at(-1)?.query).not.toHaveProperty('removalRequested')
})

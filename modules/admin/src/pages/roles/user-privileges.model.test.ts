import { $session, FILTER_DEBOUNCE_MS, type Session, fetchPrivilegeCatalogFx } from '@app/module-kit'
import { allSettled, fork } from 'effector'
import { afterEach, expect, test, vi } from 'vitest'
import { type ListQuery, type UserChoice, fetchAccountUsersFx, fetchRolesFx } from '../../api'
import { rolesOpened } from './model'
import { userPicker } from './user-privileges.model'

const ULLA: UserChoice = { id: 7, username: 'user@demo.test', firstName: 'Ulla', lastName: 'User', acronym: 'UUS' }
const KARI: UserChoice = { id: 8, username: 'kari@demo.test', firstName: 'Kari', lastName: 'Consultant', acronym: 'KCO' }

const setup = () => {
  const calls = {
    users: vi.fn(async ({ query }: { accountId: number; query: ListQuery }) => ({ total: 2, limit: 10, skip: Number(query.$skip), data: [KARI, ULLA] })),
  }
  const scope = fork({
    values: [[$session, { accountId: 4, flags: { canManageSettings: true, canManageUsers: true } } as unknown as Session]],
    handlers: [
      [fetchRolesFx, async () => ({ total: 0, limit: 500, skip: 0, data: [] })],
      [fetchPrivilegeCatalogFx, async () => []],
      [fetchAccountUsersFx, calls.users],
    ],
  })
  return { scope, ...calls }
}

afterEach(() => vi.useRealTimers())

test("opening the tab lists the account's users a short page at a time, by last name; the search box asks the server", async () => {
  vi.useFakeTimers()
  const { scope, users } = setup()
  await allSettled(rolesOpened, { scope, params: 4 })
  expect(users).toHaveBeenLastCalledWith({ accountId: 4, query: { $limit: 10, $skip: 0, '$sort[lastName]': 1 } })
  expect(scope.getState(userPicker.$rows)).toEqual([KARI, ULLA])
  const typing = allSettled(userPicker.filterChanged, { scope, params: ' ulla ' })
  await vi.advanceTimersByTimeAsync(FILTER_DEBOUNCE_MS + 10)
  await typing
  expect(users).toHaveBeenLastCalledWith({ accountId: 4, query: { $limit: 10, $skip: 0, '$sort[lastName]': 1, filter: 'ulla' } })
})

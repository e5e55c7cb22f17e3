import { allSettled, fork } from 'effector'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { type AccountListRow, type AccountsQuery, fetchAccountsFx, toggleAccountFx } from '../../api'
import { confirmFx, notifyFx } from '../../notify'
import { FILTER_DEBOUNCE_MS, nextSort } from '@app/module-kit'
import { accounts, accountsChanged, manageOpened, toggleClicked } from './model'

const account = (id: number, enabled = true): AccountListRow => ({
  id,
  accountNo: `A${id}`,
  company: `Company ${id}`,
  website: null,
  phone: null,
  email: null,
  address: null,
  zip: null,
  city: null,
  country: null,
  enabled,
  trial: false,
  createdAt: '2026-11-23T08:00:00.000Z',
  userCount: 1,
  fileCount: 0,
  mbUsed: 0,
})

const setup = (confirmed = true) => {
  const queries: AccountsQuery[] = []
  const toggled: number[] = []
  const notices: string[] = []
  const scope = fork({
    handlers: [
      [
        fetchAccountsFx,
        async (query: AccountsQuery) => {
          queries.push(query)
          return { total: 120, limit: 50, skip: query.skip, data: [account(1), account(2, false)] }
        },
      ],
      [
        toggleAccountFx,
        async (id: number) => {
          toggled.push(id)
          return { id, enabled: id === 2 }
        },
      ],
      [confirmFx, async () => confirmed],
      [notifyFx, ({ key }: { key: string }) => void notices.push(key)],
    ],
  })
  return { scope, queries, toggled, notices }
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

test('headers sort ascending first, then descending', () => {
  expect(nextSort(null, 'company')).toEqual({ field: 'company', direction: 1 })
  expect(nextSort({ field: 'company', direction: 1 }, 'company')).toEqual({ field: 'company', direction: -1 })
  expect(nextSort({ field: 'company', direction: -1 }, 'company')).toEqual({ field: 'company', direction: 1 })
  expect(nextSort({ field: 'company', direction: -1 }, 'userCount')).toEqual({ field: 'userCount', direction: 1 })
})

test('opening loads the first page; sorting and paging reload from the server', async () => {
  const { scope, queries } = setup()
  await allSettled(manageOpened, { scope })
  expect(queries.at(-1)).toEqual({ filter: '', sort: null, skip: 0 })
  expect(scope.getState(accounts.$rows)).toHaveLength(2)
  expect(scope.getState(accounts.$pages)).toBe(3)
  await allSettled(accounts.pageChosen, { scope, params: 3 })
  expect(queries.at(-1)).toEqual({ filter: '', sort: null, skip: 100 })
  await allSettled(accounts.sortClicked, { scope, params: 'mbUsed' })
  // A new order starts again at the first page.
  expect(queries.at(-1)).toEqual({ filter: '', sort: { field: 'mbUsed', direction: 1 }, skip: 0 })
  await allSettled(accounts.sortClicked, { scope, params: 'mbUsed' })
  expect(queries.at(-1)?.sort).toEqual({ field: 'mbUsed', direction: -1 })
})

test('a new or changed account reloads the page shown', async () => {
  const { scope, queries } = setup()
  await allSettled(manageOpened, { scope })
  await allSettled(accounts.pageChosen, { scope, params: 2 })
  await allSettled(accountsChanged, { scope })
  expect(queries).toHaveLength(3)
  expect(queries.at(-1)).toEqual({ filter: '', sort: null, skip: 50 })
})

test('the filter waits for typing to pause and applies only the last text', async () => {
  const { scope, queries } = setup()
  // allSettled waits for the debounce, so the timers advance while both are pending.
  const typing = [allSettled(accounts.filterChanged, { scope, params: 'de' }), allSettled(accounts.filterChanged, { scope, params: 'demo' })]
  await vi.advanceTimersByTimeAsync(FILTER_DEBOUNCE_MS + 10)
  await Promise.all(typing)
  expect(queries.map((q) => q.filter)).toEqual(['demo'])
  expect(scope.getState(accounts.$appliedFilter)).toBe('demo')
})

test('disabling asks first; No leaves the account alone', async () => {
  const declined = setup(false)
  await allSettled(manageOpened, { scope: declined.scope })
  await allSettled(toggleClicked, { scope: declined.scope, params: account(1) })
  expect(declined.toggled).toEqual([])

  const accepted = setup(true)
  await allSettled(manageOpened, { scope: accepted.scope })
  await allSettled(toggleClicked, { scope: accepted.scope, params: account(1) })
  expect(accepted.toggled).toEqual([1])
  expect(accepted.scope.getState(accounts.$rows).find((a) => a.id === 1)?.enabled).toBe(false)
  expect(accepted.notices).toEqual(['manage.disabled'])
})

test('enabling needs no confirmation', async () => {
  const { scope, toggled, notices } = setup(false)
  await allSettled(manageOpened, { scope })
  await allSettled(toggleClicked, { scope, params: account(2, false) })
  expect(toggled).toEqual([2])
  expect(scope.getState(accounts.$rows).find((a) => a.id === 2)?.enabled).toBe(true)
  expect(notices).toEqual(['manage.enabled'])
})

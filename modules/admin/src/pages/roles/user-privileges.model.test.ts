import { $session, ApiError, FILTER_DEBOUNCE_MS, type Session } from '@app/module-kit'
import { allSettled, fork } from 'effector'
import { afterEach, describe, expect, test, vi } from 'vitest'
import {
  type CatalogPrivilege,
  type GrantChange,
  type ListQuery,
  type UserChoice,
  type UserGrant,
  addUserGrantFx,
  changeUserGrantFx,
  fetchAccountUsersFx,
  fetchCatalogFx,
  fetchCompanyChoicesFx,
  fetchRolesFx,
  fetchUserGrantsFx,
  removeUserGrantFx,
} from '../../api'
import { confirmRemoveFx } from '../../confirm'
import { notifyFx } from '../../notify'
import { $grantable, rolesOpened } from './model'
import {
  $canAdd,
  $grants,
  $grantsFailed,
  $user,
  actionChosen,
  addClicked,
  addFailureKey,
  companyChosen,
  companyPicker,
  feathersQuery,
  grantActionChosen,
  grantRemoveClicked,
  kindChosen,
  privilegeChosen,
  userChosen,
  userPicker,
} from './user-privileges.model'

const ULLA: UserChoice = { id: 7, username: 'user@demo.test', firstName: 'Ulla', lastName: 'User', acronym: 'UUS' }
const KARI: UserChoice = { id: 8, username: 'kari@demo.test', firstName: 'Kari', lastName: 'Consultant', acronym: 'KCO' }
const CATALOG: CatalogPrivilege[] = [
  { id: 1, name: 'ADMIN-ACCESS', resource: 'ACCOUNT', description: 'Administers the account' },
  { id: 2, name: 'GLOBAL_ADMIN-ACCESS', resource: 'GLOBAL_ADMIN', description: 'Administers the platform' },
  { id: 3, name: 'COMPANY_CREATE', resource: 'COMPANY', description: 'Creates companies' },
]
const VIEW_NORDIC: UserGrant = { id: 31, name: null, resource: 'COMPANY', resourceId: 12, resourceName: 'Nordic Steel Oy', action: 'VIEW' }

const signedIn = (canManageAccounts: boolean) => ({ accountId: 4, flags: { canManageAccounts, canManageSettings: true } }) as unknown as Session

const setup = (options: { grants?: (userId: number) => Promise<UserGrant[]>; add?: () => Promise<UserGrant>; yes?: boolean; globalAdmin?: boolean } = {}) => {
  const calls = {
    users: vi.fn(async ({ query }: { accountId: number; query: ListQuery }) => ({ total: 2, limit: 10, skip: Number(query.$skip), data: [KARI, ULLA] })),
    companies: vi.fn(async (_query: ListQuery) => ({ total: 1, limit: 10, skip: 0, data: [{ id: 12, name: 'Nordic Steel Oy' }] })),
    grants: vi.fn(options.grants ?? (async () => [VIEW_NORDIC])),
    add: vi.fn(options.add ?? (async () => VIEW_NORDIC)),
    change: vi.fn(async ({ grant }: { userId: number; grant: GrantChange }) => ({ ...VIEW_NORDIC, action: grant.action })),
    remove: vi.fn(async () => VIEW_NORDIC),
    confirm: vi.fn(async () => options.yes ?? true),
    notify: vi.fn(),
  }
  const scope = fork({
    values: [[$session, signedIn(options.globalAdmin ?? false)]],
    handlers: [
      [fetchRolesFx, async () => ({ total: 0, limit: 500, skip: 0, data: [] })],
      [fetchCatalogFx, async () => CATALOG],
      [fetchAccountUsersFx, calls.users],
      [fetchCompanyChoicesFx, calls.companies],
      [fetchUserGrantsFx, calls.grants],
      [addUserGrantFx, calls.add],
      [changeUserGrantFx, calls.change],
      [removeUserGrantFx, calls.remove],
      [confirmRemoveFx, calls.confirm],
      [notifyFx, calls.notify],
    ],
  })
  return { scope, ...calls }
}

const open = async (scope: ReturnType<typeof fork>) => {
  await allSettled(rolesOpened, { scope, params: 4 })
  await allSettled(userChosen, { scope, params: ULLA })
}

afterEach(() => vi.useRealTimers())

describe('finding a user', () => {
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

  test('a list query in Feathers syntax leaves out what is not asked for', () => {
    expect(feathersQuery({ filter: '  ', sort: null, skip: 20, limit: 10 })).toEqual({ $limit: 10, $skip: 20 })
    expect(feathersQuery({ filter: 'oy', sort: { field: 'name', direction: -1 }, skip: 0, limit: 10 })).toEqual({
      $limit: 10,
      $skip: 0,
      '$sort[name]': -1,
      filter: 'oy',
    })
  })

  test("choosing a user loads their grants; an older user's late answer is not shown for the new one", async () => {
    let answerUlla: (grants: UserGrant[]) => void = () => undefined
    const { scope } = setup({
      grants: (userId) => (userId === ULLA.id ? new Promise((resolve) => (answerUlla = resolve)) : Promise.resolve([])),
    })
    await allSettled(rolesOpened, { scope, params: 4 })
    // allSettled waits for every effect of the scope: Ulla's answer arrives after Kari was chosen.
    const choosing = Promise.all([allSettled(userChosen, { scope, params: ULLA }), allSettled(userChosen, { scope, params: KARI })])
    await new Promise((resolve) => setTimeout(resolve, 0))
    answerUlla([VIEW_NORDIC])
    await choosing
    expect(scope.getState($user)).toEqual(KARI)
    expect(scope.getState($grants)).toEqual([])
  })

  test('grants that cannot be loaded are shown as failed until another user is chosen', async () => {
    const { scope } = setup({ grants: async (userId) => (userId === ULLA.id ? Promise.reject(new ApiError('User not found', 404)) : []) })
    await open(scope)
    expect(scope.getState($grantsFailed)).toBe(true)
    await allSettled(userChosen, { scope, params: KARI })
    expect(scope.getState($grantsFailed)).toBe(false)
  })
})

describe('adding a privilege', () => {
  test('a global privilege of the catalogue, by name, with the chosen action; the list reloads', async () => {
    const { scope, add, grants, notify } = setup()
    await open(scope)
    expect(scope.getState($canAdd)).toBe(false)
    await allSettled(privilegeChosen, { scope, params: 'COMPANY_CREATE' })
    await allSettled(actionChosen, { scope, params: 'EDIT' })
    expect(scope.getState($canAdd)).toBe(true)
    await allSettled(addClicked, { scope })
    expect(add).toHaveBeenCalledWith({ userId: 7, grant: { name: 'COMPANY_CREATE', resource: 'COMPANY', resourceId: null, action: 'EDIT' } })
    expect(grants).toHaveBeenCalledTimes(2)
    expect(notify).toHaveBeenCalledWith({ kind: 'success', key: 'userPrivileges.added' })
  })

  test('one company, picked from the companies list', async () => {
    const { scope, add, companies } = setup()
    await open(scope)
    await allSettled(kindChosen, { scope, params: 'COMPANY' })
    expect(companies).toHaveBeenCalledWith({ $limit: 10, $skip: 0, '$sort[name]': 1 })
    expect(scope.getState(companyPicker.$rows)).toEqual([{ id: 12, name: 'Nordic Steel Oy' }])
    expect(scope.getState($canAdd)).toBe(false)
    await allSettled(companyChosen, { scope, params: { id: 12, name: 'Nordic Steel Oy' } })
    await allSettled(addClicked, { scope })
    expect(add).toHaveBeenCalledWith({ userId: 7, grant: { resource: 'COMPANY', resourceId: 12, action: 'VIEW' } })
  })

  test('platform privileges are offered to global admins only (to users and roles alike)', async () => {
    const admin = setup()
    await open(admin.scope)
    expect(admin.scope.getState($grantable).map((p) => p.name)).toEqual(['ADMIN-ACCESS', 'COMPANY_CREATE'])
    await allSettled(privilegeChosen, { scope: admin.scope, params: 'GLOBAL_ADMIN-ACCESS' })
    expect(admin.scope.getState($canAdd)).toBe(false)
    const global = setup({ globalAdmin: true })
    await open(global.scope)
    expect(global.scope.getState($grantable).map((p) => p.name)).toContain('GLOBAL_ADMIN-ACCESS')
  })

  test('a privilege the user holds already says so (409); another failure is a failure', async () => {
    const { scope, notify } = setup({ add: () => Promise.reject(new ApiError('The user already has this privilege', 409)) })
    await open(scope)
    await allSettled(privilegeChosen, { scope, params: 'ADMIN-ACCESS' })
    await allSettled(addClicked, { scope })
    expect(notify).toHaveBeenCalledWith({ kind: 'error', key: 'userPrivileges.duplicate' })
    expect(addFailureKey(new ApiError('Network error', 0))).toBe('userPrivileges.addFailed')
  })
})

describe("a grant's row", () => {
  test('a new action goes to add-or-modify-action and shows in the row; the same action asks nothing', async () => {
    const { scope, change, notify } = setup()
    await open(scope)
    await allSettled(grantActionChosen, { scope, params: { grant: VIEW_NORDIC, action: 'VIEW' } })
    expect(change).not.toHaveBeenCalled()
    await allSettled(grantActionChosen, { scope, params: { grant: VIEW_NORDIC, action: 'EDIT' } })
    expect(change).toHaveBeenCalledWith({ userId: 7, grant: { resource: 'COMPANY', resourceId: 12, name: null, action: 'EDIT' } })
    expect(scope.getState($grants)[0]?.action).toBe('EDIT')
    expect(notify).toHaveBeenCalledWith({ kind: 'success', key: 'userPrivileges.changed' })
  })

  test('remove asks first, naming the row; only Yes removes, with the action held', async () => {
    const no = setup({ yes: false })
    await open(no.scope)
    await allSettled(grantRemoveClicked, { scope: no.scope, params: { grant: VIEW_NORDIC, label: 'Access: Company, Nordic Steel Oy' } })
    expect(no.confirm).toHaveBeenCalledWith({ key: 'userPrivileges.confirmRemove', name: 'Access: Company, Nordic Steel Oy' })
    expect(no.remove).not.toHaveBeenCalled()
    const yes = setup()
    await open(yes.scope)
    await allSettled(grantRemoveClicked, { scope: yes.scope, params: { grant: VIEW_NORDIC, label: 'Nordic Steel Oy' } })
    expect(yes.remove).toHaveBeenCalledWith({ userId: 7, grant: { resource: 'COMPANY', resourceId: 12, name: null, action: 'VIEW' } })
    expect(yes.grants).toHaveBeenCalledTimes(2)
    expect(yes.notify).toHaveBeenCalledWith({ kind: 'success', key: 'userPrivileges.removed' })
  })
})

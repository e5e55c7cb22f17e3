import { MENU_FLAGS, type MenuFlags } from '@app/plugin-kit/shared'
import { allSettled, fork } from 'effector'
import { afterEach, describe, expect, test, vi } from 'vitest'
import {
  $enabledModules,
  $grantablePrivileges,
  $session,
  ApiError,
  type CatalogPrivilege,
  type EnabledModule,
  FILTER_DEBOUNCE_MS,
  type Session,
  fetchPrivilegeCatalogFx,
} from '@app/module-kit'
import type { GrantChange, UserGrant } from './api'
import { $grantKinds, addFailureKey, createGrantEditor } from './model'

const editor = createGrantEditor()

const ULLA = 7
const KARI = 8
const CATALOG: CatalogPrivilege[] = [
  { id: 1, name: 'ADMIN-ACCESS', resource: 'ACCOUNT', description: 'Administers the account' },
  { id: 2, name: 'GLOBAL_ADMIN-ACCESS', resource: 'GLOBAL_ADMIN', description: 'Administers the platform' },
  { id: 3, name: 'COMPANY_CREATE', resource: 'COMPANY', description: 'Creates companies' },
]
const VIEW_NORDIC: UserGrant = { id: 31, name: null, resource: 'COMPANY', resourceId: 12, resourceName: 'Nordic Steel Oy', action: 'VIEW' }
const NORDIC = { id: 12, name: 'Nordic Steel Oy' }
const HARBOUR = { id: 55, symbol: 'P-1001', name: 'Harbour crane' }
const PROJECTS_REMOTE = { id: 'projects', module: 'project', remote: 'projects', entry: '', version: '1', menu: [], routes: [], tiles: [] } as unknown as EnabledModule

interface Options {
  grants?: (userId: number) => Promise<UserGrant[]>
  add?: () => Promise<UserGrant>
  yes?: boolean
  flags?: Partial<MenuFlags>
}

/** A signed-in session with the given flags (the others off). */
const sessionWith = (flags: Partial<MenuFlags>) =>
  ({ accountId: 4, flags: { ...Object.fromEntries(MENU_FLAGS.map((flag) => [flag, false])), ...flags } }) as unknown as Session

const setup = (options: Options = {}) => {
  const calls = {
    catalog: vi.fn(async () => CATALOG),
    companies: vi.fn(async () => ({ total: 1, limit: 10, skip: 0, data: [NORDIC] })),
    projects: vi.fn(async () => ({ total: 1, limit: 10, skip: 0, data: [HARBOUR] })),
    grants: vi.fn(options.grants ?? (async () => [VIEW_NORDIC])),
    add: vi.fn(options.add ?? (async () => VIEW_NORDIC)),
    change: vi.fn(async ({ grant }: { userId: number; grant: GrantChange }) => ({ ...VIEW_NORDIC, action: grant.action })),
    remove: vi.fn(async () => VIEW_NORDIC),
    confirm: vi.fn(async () => options.yes ?? true),
    notify: vi.fn(),
  }
  const scope = fork({
    values: [[$session, sessionWith(options.flags ?? { canManageUsers: true })]],
    handlers: [
      [fetchPrivilegeCatalogFx, calls.catalog],
      [editor.fetchCompaniesFx, calls.companies],
      [editor.fetchProjectsFx, calls.projects],
      [editor.fetchGrantsFx, calls.grants],
      [editor.addGrantFx, calls.add],
      [editor.changeGrantFx, calls.change],
      [editor.removeGrantFx, calls.remove],
      [editor.confirmRemoveFx, calls.confirm],
      [editor.notifyFx, calls.notify],
    ],
  })
  return { scope, ...calls }
}

afterEach(() => vi.useRealTimers())

describe("a user's grants", () => {
  test('opening a user lists their grants and reads the catalogue once, however often a user is opened', async () => {
    const { scope, grants, catalog } = setup()
    await allSettled(editor.opened, { scope, params: ULLA })
    expect(grants).toHaveBeenCalledWith(ULLA)
    expect(scope.getState(editor.$grants)).toEqual([VIEW_NORDIC])
    expect(scope.getState(editor.$loaded)).toBe(true)
    await allSettled(editor.opened, { scope, params: KARI })
    expect(catalog).toHaveBeenCalledTimes(1)
  })

  test("an older user's late answer is not shown for the new one", async () => {
    let answerUlla: (grants: UserGrant[]) => void = () => undefined
    const { scope } = setup({ grants: (userId) => (userId === ULLA ? new Promise((resolve) => (answerUlla = resolve)) : Promise.resolve([])) })
    // allSettled waits for every effect of the scope: Ulla's answer arrives after Kari was opened.
    const opening = Promise.all([allSettled(editor.opened, { scope, params: ULLA }), allSettled(editor.opened, { scope, params: KARI })])
    await new Promise((resolve) => setTimeout(resolve, 0))
    answerUlla([VIEW_NORDIC])
    await opening
    expect(scope.getState(editor.$userId)).toBe(KARI)
    expect(scope.getState(editor.$grants)).toEqual([])
  })

  test('Retry after a failed load asks for the same user again', async () => {
    let fails = true
    const { scope } = setup({ grants: async () => (fails ? Promise.reject(new ApiError('Network error', 0)) : [VIEW_NORDIC]) })
    await allSettled(editor.opened, { scope, params: ULLA })
    expect(scope.getState(editor.$failed)).toBe(true)
    fails = false
    await allSettled(editor.reloaded, { scope })
    expect(scope.getState(editor.$failed)).toBe(false)
    expect(scope.getState(editor.$grants)).toEqual([VIEW_NORDIC])
  })

  test('grants that cannot be loaded are shown as failed until another user is opened; closing forgets the user', async () => {
    const { scope } = setup({ grants: async (userId) => (userId === ULLA ? Promise.reject(new ApiError('User not found', 404)) : [VIEW_NORDIC]) })
    await allSettled(editor.opened, { scope, params: ULLA })
    expect(scope.getState(editor.$failed)).toBe(true)
    await allSettled(editor.opened, { scope, params: KARI })
    expect(scope.getState(editor.$failed)).toBe(false)
    await allSettled(editor.closed, { scope })
    expect(scope.getState(editor.$userId)).toBeNull()
    expect(scope.getState(editor.$grants)).toEqual([])
  })
})

describe('adding a privilege', () => {
  test('a global privilege of the catalogue, by name, with the chosen action; the list reloads', async () => {
    const { scope, add, grants, notify } = setup()
    await allSettled(editor.opened, { scope, params: ULLA })
    expect(scope.getState(editor.$canAdd)).toBe(false)
    await allSettled(editor.privilegeChosen, { scope, params: 'COMPANY_CREATE' })
    await allSettled(editor.actionChosen, { scope, params: 'EDIT' })
    expect(scope.getState(editor.$canAdd)).toBe(true)
    await allSettled(editor.addClicked, { scope })
    expect(add).toHaveBeenCalledWith({ userId: ULLA, grant: { name: 'COMPANY_CREATE', resource: 'COMPANY', resourceId: null, action: 'EDIT' } })
    expect(grants).toHaveBeenCalledTimes(2)
    expect(notify).toHaveBeenCalledWith({ kind: 'success', key: 'grants.added' })
    expect(scope.getState(editor.$privilegeName)).toBeNull()
  })

  test('one company, found with the search box over the companies list a short page at a time', async () => {
    vi.useFakeTimers()
    const { scope, add, companies } = setup()
    await allSettled(editor.opened, { scope, params: ULLA })
    await allSettled(editor.kindChosen, { scope, params: 'COMPANY' })
    expect(companies).toHaveBeenLastCalledWith({ filter: '', sort: { field: 'name', direction: 1 }, skip: 0, limit: 10 })
    expect(scope.getState(editor.companyPicker.$rows)).toEqual([NORDIC])
    const typing = allSettled(editor.companyPicker.filterChanged, { scope, params: 'nordic' })
    await vi.advanceTimersByTimeAsync(FILTER_DEBOUNCE_MS + 10)
    await typing
    expect(companies).toHaveBeenLastCalledWith({ filter: 'nordic', sort: { field: 'name', direction: 1 }, skip: 0, limit: 10 })
    expect(scope.getState(editor.$canAdd)).toBe(false)
    await allSettled(editor.companyChosen, { scope, params: NORDIC })
    await allSettled(editor.addClicked, { scope })
    expect(add).toHaveBeenCalledWith({ userId: ULLA, grant: { resource: 'COMPANY', resourceId: 12, action: 'VIEW' } })
  })

  test('a level on one project, found in the caller’s projects list, offered only while the account has the projects module', async () => {
    const { scope, add, projects } = setup({ flags: { canManageUsers: true, canSeeProjects: true } })
    await allSettled($enabledModules, { scope, params: [] })
    expect(scope.getState($grantKinds)).toEqual(['GLOBAL', 'COMPANY', 'ACCOUNT'])
    await allSettled($enabledModules, { scope, params: [PROJECTS_REMOTE] })
    expect(scope.getState($grantKinds)).toEqual(['GLOBAL', 'COMPANY', 'PROJECT', 'ACCOUNT'])
    await allSettled(editor.opened, { scope, params: ULLA })
    expect(scope.getState(editor.$pendingGrant)).toBeNull()
    await allSettled(editor.projectChosen, { scope, params: HARBOUR })
    await allSettled(editor.kindChosen, { scope, params: 'PROJECT' })
    // Choosing the kind starts the box over: the project is chosen again from the list.
    expect(scope.getState(editor.$project)).toBeNull()
    expect(projects).toHaveBeenLastCalledWith({ filter: '', sort: { field: 'symbol', direction: 1 }, skip: 0, limit: 10 })
    expect(scope.getState(editor.projectPicker.$rows)).toEqual([HARBOUR])
    await allSettled(editor.projectChosen, { scope, params: HARBOUR })
    await allSettled(editor.actionChosen, { scope, params: 'EDIT' })
    await allSettled(editor.addClicked, { scope })
    expect(add).toHaveBeenCalledWith({ userId: ULLA, grant: { resource: 'PROJECT', resourceId: 55, action: 'EDIT' } })
    expect(scope.getState(editor.$project)).toBeNull()
  })

  test('access to the whole account names no row', async () => {
    const { scope, add } = setup()
    await allSettled(editor.opened, { scope, params: ULLA })
    await allSettled(editor.kindChosen, { scope, params: 'ACCOUNT' })
    await allSettled(editor.actionChosen, { scope, params: 'ADMINISTER' })
    await allSettled(editor.addClicked, { scope })
    expect(add).toHaveBeenCalledWith({ userId: ULLA, grant: { resource: 'ACCOUNT', resourceId: null, action: 'ADMINISTER' } })
  })

  test('another kind or another user starts the box over', async () => {
    const { scope } = setup()
    await allSettled(editor.opened, { scope, params: ULLA })
    await allSettled(editor.privilegeChosen, { scope, params: 'ADMIN-ACCESS' })
    await allSettled(editor.kindChosen, { scope, params: 'COMPANY' })
    await allSettled(editor.companyChosen, { scope, params: NORDIC })
    await allSettled(editor.kindChosen, { scope, params: 'GLOBAL' })
    expect(scope.getState(editor.$privilegeName)).toBeNull()
    expect(scope.getState(editor.$company)).toBeNull()
    await allSettled(editor.kindChosen, { scope, params: 'ACCOUNT' })
    await allSettled(editor.actionChosen, { scope, params: 'EDIT' })
    await allSettled(editor.opened, { scope, params: KARI })
    expect(scope.getState(editor.$kind)).toBe('GLOBAL')
    expect(scope.getState(editor.$action)).toBe('VIEW')
  })

  test('platform privileges are offered to global admins only', async () => {
    const admin = setup()
    await allSettled(editor.opened, { scope: admin.scope, params: ULLA })
    expect(admin.scope.getState($grantablePrivileges).map((p) => p.name)).toEqual(['ADMIN-ACCESS', 'COMPANY_CREATE'])
    await allSettled(editor.privilegeChosen, { scope: admin.scope, params: 'GLOBAL_ADMIN-ACCESS' })
    expect(admin.scope.getState(editor.$canAdd)).toBe(false)
    const global = setup({ flags: { canManageUsers: true, canManageAccounts: true } })
    await allSettled(editor.opened, { scope: global.scope, params: ULLA })
    expect(global.scope.getState($grantablePrivileges).map((p) => p.name)).toContain('GLOBAL_ADMIN-ACCESS')
  })

  test('a privilege the user holds already says so (409); another failure is a failure', async () => {
    const { scope, notify } = setup({ add: () => Promise.reject(new ApiError('The user already has this privilege', 409)) })
    await allSettled(editor.opened, { scope, params: ULLA })
    await allSettled(editor.privilegeChosen, { scope, params: 'ADMIN-ACCESS' })
    await allSettled(editor.addClicked, { scope })
    expect(notify).toHaveBeenCalledWith({ kind: 'error', key: 'grants.duplicate' })
    expect(addFailureKey(new ApiError('Network error', 0))).toBe('grants.addFailed')
  })

  test('a caller who may not manage users reads the grants but neither loads the catalogue nor adds', async () => {
    const { scope, catalog, add } = setup({ flags: { canManageCompanyUsers: true } })
    await allSettled(editor.opened, { scope, params: ULLA })
    expect(scope.getState(editor.$grants)).toEqual([VIEW_NORDIC])
    expect(scope.getState(editor.$canEdit)).toBe(false)
    expect(catalog).not.toHaveBeenCalled()
    await allSettled(editor.kindChosen, { scope, params: 'ACCOUNT' })
    await allSettled(editor.addClicked, { scope })
    expect(add).not.toHaveBeenCalled()
  })
})

describe("a grant's row", () => {
  test('a new action goes to add-or-modify-action and shows in the row; the same action asks nothing', async () => {
    const { scope, change, notify } = setup()
    await allSettled(editor.opened, { scope, params: ULLA })
    await allSettled(editor.grantActionChosen, { scope, params: { grant: VIEW_NORDIC, action: 'VIEW' } })
    expect(change).not.toHaveBeenCalled()
    await allSettled(editor.grantActionChosen, { scope, params: { grant: VIEW_NORDIC, action: 'EDIT' } })
    expect(change).toHaveBeenCalledWith({ userId: ULLA, grant: { resource: 'COMPANY', resourceId: 12, name: null, action: 'EDIT' } })
    expect(scope.getState(editor.$grants)[0]?.action).toBe('EDIT')
    expect(notify).toHaveBeenCalledWith({ kind: 'success', key: 'grants.changed' })
  })

  test('remove asks first, naming the row; only Yes removes, with the action held, and the list reloads', async () => {
    const no = setup({ yes: false })
    await allSettled(editor.opened, { scope: no.scope, params: ULLA })
    await allSettled(editor.grantRemoveClicked, { scope: no.scope, params: { grant: VIEW_NORDIC, label: 'Access: Company, Nordic Steel Oy' } })
    expect(no.confirm).toHaveBeenCalledWith('Access: Company, Nordic Steel Oy')
    expect(no.remove).not.toHaveBeenCalled()
    const yes = setup()
    await allSettled(editor.opened, { scope: yes.scope, params: ULLA })
    await allSettled(editor.grantRemoveClicked, { scope: yes.scope, params: { grant: VIEW_NORDIC, label: 'Nordic Steel Oy' } })
    expect(yes.remove).toHaveBeenCalledWith({ userId: ULLA, grant: { resource: 'COMPANY', resourceId: 12, name: null, action: 'VIEW' } })
    expect(yes.grants).toHaveBeenCalledTimes(2)
    expect(yes.notify).toHaveBeenCalledWith({ kind: 'success', key: 'grants.removed' })
  })

  test('a failed change or removal says so', async () => {
    const notify = vi.fn()
    const failing = fork({
      values: [[$session, sessionWith({ canManageUsers: true })]],
      handlers: [
        [fetchPrivilegeCatalogFx, async () => CATALOG],
        [editor.fetchGrantsFx, async () => [VIEW_NORDIC]],
        [editor.changeGrantFx, () => Promise.reject(new ApiError('Forbidden', 403))],
        [editor.removeGrantFx, () => Promise.reject(new ApiError('The user has no such privilege', 404))],
        [editor.confirmRemoveFx, async () => true],
        [editor.notifyFx, notify],
      ],
    })
    await allSettled(editor.opened, { scope: failing, params: ULLA })
    await allSettled(editor.grantActionChosen, { scope: failing, params: { grant: VIEW_NORDIC, action: 'EDIT' } })
    await allSettled(editor.grantRemoveClicked, { scope: failing, params: { grant: VIEW_NORDIC, label: 'Nordic Steel Oy' } })
    expect(failing.getState(editor.$grants)[0]?.action).toBe('VIEW')
    expect(notify).toHaveBeenCalledWith({ kind: 'error', key: 'grants.changeFailed' })
    expect(notify).toHaveBeenCalledWith({ kind: 'error', key: 'grants.removeFailed' })
  })
})

test('two editors are independent: each has its own user and grants', async () => {
  const other = createGrantEditor()
  const { scope } = setup()
  await allSettled(editor.opened, { scope, params: ULLA })
  expect(scope.getState(other.$userId)).toBeNull()
  expect(scope.getState(other.$grants)).toEqual([])
})

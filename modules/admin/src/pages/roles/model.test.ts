import { $privilegeCatalog, ApiError, fetchPrivilegeCatalogFx } from '@app/module-kit'
import { allSettled, fork } from 'effector'
import { describe, expect, test, vi } from 'vitest'
import {
  type Role,
  createRoleFx,
  fetchRoleGrantsFx,
  fetchRolesFx,
  removeRoleFx,
  saveRoleFx,
  toggleRoleGrantFx,
} from '../../api'
import { notifyFx } from '../../notify'
import {
  $editing,
  $grantedNames,
  $roles,
  editClicked,
  privilegeToggled,
  removeConfirmed,
  removeFailureKey,
  roleForm,
  roleSelected,
  rolesOpened,
} from './model'

const ROLES: Role[] = [
  { id: 1, name: 'Administrators', securityGroup: 'ADMIN', builtIn: true },
  { id: 2, name: 'Basic', securityGroup: 'USER', builtIn: true },
  { id: 3, name: 'Surveyors', securityGroup: 'USER', builtIn: false },
]
const SURVEYORS = ROLES[2]!

const setup = (options: { create?: () => Promise<Role>; remove?: () => Promise<Role>} = {}) => {
  const calls = {
    roles: vi.fn(async () => ({ total: 3, limit: 500, skip: 0, data: ROLES })),
    catalog: vi.fn(async () => [{ id: 6, name: 'PROJECT_CREATE', resource: 'PROJECT' as const, description: 'Creates projects' }]),
    create: vi.fn(options.create ?? (async () => SURVEYORS)),
    save: vi.fn(async (role: Omit<Role, 'builtIn'>) => ({ ...role, builtIn: false })),
    remove: vi.fn(options.remove ?? (async () => SURVEYORS)),
    grants: vi.fn(async () => ({ total: 1, limit: 500, skip: 0, data: [{ id: 5, roleId: 2, name: 'PROJECT_CREATE' }] })),
    toggle: vi.fn(async () => ({ granted: false })),
    notify: vi.fn(),
  }
  const scope = fork({
    handlers: [
      [fetchRolesFx, calls.roles],
      [fetchPrivilegeCatalogFx, calls.catalog],
      [createRoleFx, calls.create],
      [saveRoleFx, calls.save],
      [removeRoleFx, calls.remove],
      [fetchRoleGrantsFx, calls.grants],
      [toggleRoleGrantFx, calls.toggle],
      [notifyFx, calls.notify],
      [roleForm.scrollToFieldFx, () => undefined],
    ],
  })
  return { scope, ...calls }
}

const fill = async (scope: ReturnType<typeof fork>, values: Record<string, string>) => {
  for (const [name, value] of Object.entries(values)) await allSettled(roleForm.fieldChanged, { scope, params: { name, value } })
}

describe('roles', () => {
  test('opening lists the roles and reads the catalogue (once); a new role is added and the list reloads', async () => {
    const { scope, create, roles, catalog, notify } = setup()
    await allSettled(rolesOpened, { scope, params: 4 })
    expect(scope.getState($roles)).toEqual(ROLES)
    await allSettled(rolesOpened, { scope, params: 4 })
    expect(catalog).toHaveBeenCalledTimes(1)
    expect(scope.getState($privilegeCatalog).map((p) => p.name)).toEqual(['PROJECT_CREATE'])
    await fill(scope, { name: ' Surveyors ', securityGroup: 'USER' })
    await allSettled(roleForm.submitted, { scope })
    expect(create).toHaveBeenCalledWith({ name: 'Surveyors', securityGroup: 'USER' })
    expect(roles).toHaveBeenCalledTimes(3)
    expect(notify).toHaveBeenCalledWith({ kind: 'success', key: 'roles.saved' })
  })

  test('edit fills the form and saves by id', async () => {
    const { scope, save } = setup()
    await allSettled(rolesOpened, { scope, params: 4 })
    await allSettled(editClicked, { scope, params: SURVEYORS })
    expect(scope.getState($editing)).toEqual(SURVEYORS)
    await fill(scope, { name: 'Site surveyors', securityGroup: 'ADMIN' })
    await allSettled(roleForm.submitted, { scope })
    expect(save).toHaveBeenCalledWith({ id: 3, name: 'Site surveyors', securityGroup: 'ADMIN' })
    expect(scope.getState($editing)).toBeNull()
  })

  test('a built-in role is neither edited nor removed', async () => {
    const { scope, remove } = setup()
    await allSettled(rolesOpened, { scope, params: 4 })
    await allSettled(editClicked, { scope, params: ROLES[0]! })
    expect(scope.getState($editing)).toBeNull()
    expect(scope.getState(roleForm.$values).name).toBe('')
    await allSettled(removeConfirmed, { scope, params: ROLES[0]! })
    expect(remove).not.toHaveBeenCalled()
  })

  test('a name in use shows on the field', async () => {
    const { scope, notify } = setup({ create: () => Promise.reject(new ApiError('Conflict', 409)) })
    await allSettled(rolesOpened, { scope, params: 4 })
    await fill(scope, { name: 'Admins' })
    await allSettled(roleForm.submitted, { scope })
    expect(scope.getState(roleForm.$errors).name).toEqual({ key: 'admin:roles.duplicate' })
    expect(notify).toHaveBeenCalledWith({ kind: 'error', key: 'roles.saveFailed' })
  })

  test('a confirmed removal removes the role and says so', async () => {
    const { scope, remove, notify } = setup()
    await allSettled(removeConfirmed, { scope, params: SURVEYORS })
    expect(remove).toHaveBeenCalledWith(3)
    expect(notify).toHaveBeenCalledWith({ kind: 'success', key: 'roles.removed' })
  })

  test("the API's refusals say why: a role given to users, a built-in role", async () => {
    const inUse = setup({ remove: () => Promise.reject(new ApiError('The role is given to users; give them another role first', 409)) })
    await allSettled(removeConfirmed, { scope: inUse.scope, params: SURVEYORS })
    expect(inUse.notify).toHaveBeenCalledWith({ kind: 'error', key: 'roles.inUse' })
    expect(removeFailureKey(new ApiError('A built-in role cannot be changed or removed', 403))).toBe('roles.builtInRefused')
    expect(removeFailureKey(new ApiError('Network error', 0))).toBe('roles.removeFailed')
  })

  test("a selected role shows its privileges; a switch toggles one and reloads them", async () => {
    const { scope, grants, toggle } = setup()
    await allSettled(rolesOpened, { scope, params: 4 })
    await allSettled(roleSelected, { scope, params: 2 })
    expect(grants).toHaveBeenCalledWith({ accountId: 4, roleId: 2 })
    expect(scope.getState($grantedNames)).toEqual(['PROJECT_CREATE'])
    await allSettled(privilegeToggled, { scope, params: 6 })
    expect(toggle).toHaveBeenCalledWith({ accountId: 4, roleId: 2, privilegeId: 6 })
    expect(grants).toHaveBeenCalledTimes(2)
  })
})

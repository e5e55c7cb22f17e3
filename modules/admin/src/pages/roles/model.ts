/**
 * Roles (user groups): add, edit (name, security group ADMIN or USER), remove after
 * a confirmation, and the role's global privileges switched on and off. The built-in
 * roles are listed but neither edited nor removed.
 */
import { ApiError, createForm, privilegeCatalogRequested } from '@app/module-kit'
import { attach, createEffect, createEvent, createStore, sample } from 'effector'
import {
  type Role,
  type RoleData,
  createRoleFx,
  fetchRoleGrantsFx,
  fetchRolesFx,
  removeRoleFx,
  saveRoleFx,
  toggleRoleGrantFx,
} from '../../api'
import { withConflictOn } from '../../conflict'
import { notifyFx } from '../../notify'

export const SECURITY_GROUPS = ['USER', 'ADMIN'] as const

interface RoleValues extends Record<string, unknown> {
  name: string
  securityGroup: string
}

export const rolesOpened = createEvent<number>()
/** Retry after the roles failed to load: only the list again, the form keeps what is typed. */
export const rolesRetried = createEvent()
export const editClicked = createEvent<Role>()
export const editCancelled = createEvent()
/** The removal of a role was confirmed (the view's delete action asks first). */
export const removeConfirmed = createEvent<Role>()
export const roleSelected = createEvent<number>()
export const privilegeToggled = createEvent<number>()

export const $accountId = createStore<number | null>(null).on(rolesOpened, (_, id) => id)
export const $roles = createStore<Role[]>([]).on(fetchRolesFx.doneData, (_, page) => page.data)
export const $rolesFailed = createStore(false)
  .on(fetchRolesFx.fail, () => true)
  .on(fetchRolesFx.done, () => false)
export const $loading = fetchRolesFx.pending
export const $editing = createStore<Role | null>(null)
export const $selectedRoleId = createStore<number | null>(null)
export const $grantedNames = createStore<string[]>([])

const saveFx = attach({
  source: $editing,
  effect: createEffect(async ({ values, editing }: { values: RoleValues; editing: Role | null }) => {
    const data: RoleData = { name: values.name.trim(), securityGroup: values.securityGroup as Role['securityGroup'] }
    return withConflictOn('name', 'roles.duplicate', () => (editing ? saveRoleFx({ id: editing.id, ...data }) : createRoleFx(data)))
  }),
  mapParams: (values: RoleValues, editing) => ({ values, editing }),
})

export const roleForm = createForm<RoleValues>({
  fields: {
    name: { initial: '', rules: { required: true, minLength: 2, maxLength: 100 } },
    securityGroup: { initial: 'USER', rules: { required: true } },
  },
  submit: async (values) => {
    await saveFx(values)
  },
})

sample({ clock: rolesOpened, fn: () => undefined, target: [fetchRolesFx, privilegeCatalogRequested, roleForm.reset, editCancelled] })
sample({ clock: rolesRetried, target: fetchRolesFx })
// The built-in roles keep their name and group.
const editStarted = sample({ clock: editClicked, filter: (role) => !role.builtIn })
$editing.on(editStarted, (_, role) => role).reset(editCancelled, roleForm.submitFx.done)
sample({ clock: editCancelled, target: roleForm.reset })
sample({ clock: editStarted, fn: ({ name, securityGroup }) => ({ name, securityGroup }), target: roleForm.filled })

sample({ clock: roleForm.submitFx.done, target: [roleForm.reset, fetchRolesFx] })
sample({ clock: roleForm.submitFx.done, fn: () => ({ kind: 'success' as const, key: 'roles.saved' }), target: notifyFx })
sample({ clock: roleForm.submitFx.fail, fn: () => ({ kind: 'error' as const, key: 'roles.saveFailed' }), target: notifyFx })

sample({ clock: removeConfirmed, filter: (role) => !role.builtIn, fn: (role) => role.id, target: removeRoleFx })
sample({ clock: removeRoleFx.done, target: fetchRolesFx })
sample({ clock: removeRoleFx.done, fn: () => ({ kind: 'success' as const, key: 'roles.removed' }), target: notifyFx })

/** Why a removal failed, in the user's words: the API refuses a role given to users (409) and a built-in one (403). */
export const removeFailureKey = (error: unknown) =>
  error instanceof ApiError && error.status === 409 ? 'roles.inUse' : error instanceof ApiError && error.status === 403 ? 'roles.builtInRefused' : 'roles.removeFailed'
sample({ clock: removeRoleFx.failData, fn: (error) => ({ kind: 'error' as const, key: removeFailureKey(error) }), target: notifyFx })
$selectedRoleId.on(roleSelected, (_, id) => id).reset(rolesOpened)
sample({ clock: removeRoleFx.done, source: $selectedRoleId, filter: (selected, { params }) => selected === params, target: $selectedRoleId.reinit })

// The selected role's privileges.
const loadGrantsFx = attach({
  source: { accountId: $accountId, roleId: $selectedRoleId },
  effect: fetchRoleGrantsFx,
  mapParams: (_: undefined, { accountId, roleId }) => ({ accountId: accountId ?? 0, roleId: roleId ?? 0 }),
})
$grantedNames.on(loadGrantsFx.doneData, (_, page) => page.data.flatMap((g) => (g.name ? [g.name] : []))).reset(roleSelected, rolesOpened)
sample({ clock: roleSelected, fn: () => undefined, target: loadGrantsFx })
const toggleFx = attach({
  source: { accountId: $accountId, roleId: $selectedRoleId },
  effect: toggleRoleGrantFx,
  mapParams: (privilegeId: number, { accountId, roleId }) => ({ accountId: accountId ?? 0, roleId: roleId ?? 0, privilegeId }),
})
sample({ clock: privilegeToggled, source: $selectedRoleId, filter: Boolean, fn: (_, id) => id, target: toggleFx })
sample({ clock: toggleFx.finally, fn: () => undefined, target: loadGrantsFx })
sample({ clock: toggleFx.fail, fn: () => ({ kind: 'error' as const, key: 'roles.privilegeFailed' }), target: notifyFx })

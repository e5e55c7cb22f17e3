/**
 * Privileges per user (spec part1 §6): find a user of the account, see the privileges
 * they hold themselves — global ones of the catalogue, or on one company — add one,
 * change its action, and remove one after a confirmation. What their role gives is
 * switched on the role; projects are not offered until the projects module exists.
 */
import { ApiError, type ListQuery as KitListQuery, createPagedList } from '@app/module-kit'
import type { PrivilegeAction } from '@app/plugin-kit/shared'
import { attach, combine, createEffect, createEvent, createStore, sample } from 'effector'
import {
  type CompanyChoice,
  type GrantChange,
  type ListQuery,
  type UserChoice,
  type UserGrant,
  addUserGrantFx,
  changeUserGrantFx,
  fetchAccountUsersFx,
  fetchCompanyChoicesFx,
  fetchUserGrantsFx,
  removeUserGrantFx,
} from '../../api'
import { confirmRemoveFx } from '../../confirm'
import { notifyFx } from '../../notify'
import { $accountId, $grantable, rolesOpened } from './model'

/** A short page: these lists are for finding one row, not for reading. */
export const PICK_PAGE_SIZE = 10

/** What the add box grants: a global privilege of the catalogue, or one on a single company. */
export const GRANT_KINDS = ['GLOBAL', 'COMPANY'] as const
export type GrantKind = (typeof GRANT_KINDS)[number]

/** A kit list's query in Feathers' syntax. */
export const feathersQuery = ({ filter, sort, skip, limit }: KitListQuery): ListQuery => ({
  $limit: limit,
  $skip: skip,
  ...(sort ? { [`$sort[${sort.field}]`]: sort.direction } : {}),
  ...(filter.trim() ? { filter: filter.trim() } : {}),
})

// Finding a user: the account's users list, searched on the server.
const usersPageFx = attach({
  source: $accountId,
  mapParams: (query: KitListQuery<'lastName'>, accountId) => {
    if (accountId === null) throw new Error('The roles tab is not open')
    return { accountId, query: feathersQuery(query) }
  },
  effect: fetchAccountUsersFx,
})
export const userPicker = createPagedList<UserChoice, 'lastName'>({
  fetch: (query) => usersPageFx(query),
  pageSize: PICK_PAGE_SIZE,
  defaultSort: { field: 'lastName', direction: 1 },
  resetOnOpen: true,
})

export const userChosen = createEvent<UserChoice>()
export const $user = createStore<UserChoice | null>(null)
  .on(userChosen, (_, user) => user)
  .reset(rolesOpened)
sample({ clock: rolesOpened, fn: () => undefined, target: userPicker.opened })

// The chosen user's grants; an answer about a user no longer chosen is dropped.
const grantsReloaded = createEvent()
sample({ clock: userChosen, fn: (user) => user.id, target: fetchUserGrantsFx })
sample({ clock: grantsReloaded, source: $user, filter: Boolean, fn: (user) => user.id, target: fetchUserGrantsFx })
const grantsAnswered = sample({
  clock: fetchUserGrantsFx.done,
  source: $user,
  filter: (user, { params }) => user?.id === params,
  fn: (_, { result }) => result,
})
const grantsFailed = sample({ clock: fetchUserGrantsFx.fail, source: $user, filter: (user, { params }) => user?.id === params })
export const $grants = createStore<UserGrant[]>([])
  .on(grantsAnswered, (_, grants) => grants)
  .reset(userChosen, rolesOpened)
export const $grantsLoaded = createStore(false)
  .on(grantsAnswered, () => true)
  .reset(userChosen, rolesOpened)
export const $grantsFailed = createStore(false)
  .on(grantsFailed, () => true)
  .reset(userChosen, grantsAnswered)
export const $grantsLoading = fetchUserGrantsFx.pending

// The add box.
export const kindChosen = createEvent<GrantKind>()
/** A catalogue privilege's name, or '' for none. */
export const privilegeChosen = createEvent<string>()
export const companyChosen = createEvent<CompanyChoice>()
export const actionChosen = createEvent<PrivilegeAction>()
export const addClicked = createEvent()

export const $kind = createStore<GrantKind>('GLOBAL')
  .on(kindChosen, (_, kind) => kind)
  .reset(userChosen)
export const $privilegeName = createStore<string | null>(null)
  .on(privilegeChosen, (_, name) => name || null)
  .reset(userChosen, kindChosen, addUserGrantFx.done)
export const $company = createStore<CompanyChoice | null>(null)
  .on(companyChosen, (_, company) => company)
  .reset(userChosen, kindChosen, addUserGrantFx.done)
export const $action = createStore<PrivilegeAction>('VIEW')
  .on(actionChosen, (_, action) => action)
  .reset(userChosen)

export const companyPicker = createPagedList<CompanyChoice, 'name'>({
  fetch: (query) => fetchCompanyChoicesFx(feathersQuery(query)),
  pageSize: PICK_PAGE_SIZE,
  defaultSort: { field: 'name', direction: 1 },
  resetOnOpen: true,
})
sample({ clock: kindChosen, filter: (kind) => kind === 'COMPANY', fn: () => undefined, target: companyPicker.opened })

/** The grant the box describes, once it is complete. */
export const $pendingGrant = combine(
  { kind: $kind, name: $privilegeName, company: $company, action: $action, grantable: $grantable },
  ({ kind, name, company, action, grantable }): GrantChange | null => {
    if (kind === 'COMPANY') return company ? { resource: 'COMPANY', resourceId: company.id, action } : null
    const privilege = grantable.find((p) => p.name === name)
    return privilege ? { name: privilege.name, resource: privilege.resource as GrantChange['resource'], resourceId: null, action } : null
  },
)
export const $canAdd = combine($user, $pendingGrant, addUserGrantFx.pending, (user, grant, adding) => user !== null && grant !== null && !adding)

sample({
  clock: addClicked,
  source: { user: $user, grant: $pendingGrant, canAdd: $canAdd },
  filter: ({ canAdd }) => canAdd,
  fn: ({ user, grant }) => ({ userId: user!.id, grant: grant! }),
  target: addUserGrantFx,
})

// A row's action and removal.
export const grantActionChosen = createEvent<{ grant: UserGrant; action: PrivilegeAction }>()
/** `label` is the row's name as the screen shows it, for the question. */
export const grantRemoveClicked = createEvent<{ grant: UserGrant; label: string }>()

const changeOf = (grant: UserGrant): GrantChange => ({ action: grant.action, resource: grant.resource, resourceId: grant.resourceId, name: grant.name })
/** A user holds one grant per privilege and row: these name it. */
const sameGrant = (grant: UserGrant, change: GrantChange) =>
  grant.resource === change.resource && grant.resourceId === (change.resourceId ?? null) && grant.name === (change.name ?? null)

sample({
  clock: grantActionChosen,
  source: $user,
  filter: (user, { grant, action }) => user !== null && grant.action !== action,
  fn: (user, { grant, action }) => ({ userId: user!.id, grant: { ...changeOf(grant), action } }),
  target: changeUserGrantFx,
})
// The row shows its new action once the API has taken it (if the user is still the one shown).
const actionChanged = sample({
  clock: changeUserGrantFx.done,
  source: $user,
  filter: (user, { params }) => user?.id === params.userId,
  fn: (_, { params }) => params.grant,
})
$grants.on(actionChanged, (grants, change) => grants.map((g) => (sameGrant(g, change) ? { ...g, action: change.action } : g)))

const confirmGrantRemovalFx = createEffect(async ({ grant, label }: { grant: UserGrant; label: string }) => ({
  grant,
  yes: await confirmRemoveFx({ key: 'userPrivileges.confirmRemove', name: label }),
}))
sample({ clock: grantRemoveClicked, target: confirmGrantRemovalFx })
sample({
  clock: confirmGrantRemovalFx.doneData,
  source: $user,
  filter: (user, { yes }) => user !== null && yes,
  fn: (user, { grant }) => ({ userId: user!.id, grant: changeOf(grant) }),
  target: removeUserGrantFx,
})

sample({ clock: [addUserGrantFx.done, removeUserGrantFx.done], target: grantsReloaded })

/** An add the API refuses as a duplicate (409) says so; anything else is a failure. */
export const addFailureKey = (error: unknown) =>
  error instanceof ApiError && error.status === 409 ? 'userPrivileges.duplicate' : 'userPrivileges.addFailed'
sample({ clock: addUserGrantFx.done, fn: () => ({ kind: 'success' as const, key: 'userPrivileges.added' }), target: notifyFx })
sample({ clock: changeUserGrantFx.done, fn: () => ({ kind: 'success' as const, key: 'userPrivileges.changed' }), target: notifyFx })
sample({ clock: removeUserGrantFx.done, fn: () => ({ kind: 'success' as const, key: 'userPrivileges.removed' }), target: notifyFx })
sample({ clock: addUserGrantFx.failData, fn: (error) => ({ kind: 'error' as const, key: addFailureKey(error) }), target: notifyFx })
sample({ clock: changeUserGrantFx.fail, fn: () => ({ kind: 'error' as const, key: 'userPrivileges.changeFailed' }), target: notifyFx })
sample({ clock: removeUserGrantFx.fail, fn: () => ({ kind: 'error' as const, key: 'userPrivileges.removeFailed' }), target: notifyFx })

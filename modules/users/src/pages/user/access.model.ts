/**
 * /users/{id}/access: the user's own privileges with add, remove (confirmed) and a
 * change of action, each reloading the list from the API.
 */
import type { PrivilegeAction, PrivilegeResource } from '@app/plugin-kit/shared'
import { combine, createEffect, createEvent, createStore, sample } from 'effector'
import {
  type Grant,
  type GrantChange,
  type Option,
  addGrantFx,
  changeGrantActionFx,
  fetchCompaniesFx,
  fetchGrantsFx,
  fetchProjectsFx,
  removeGrantFx,
} from '../../api'
import { confirmFx, notifyFx } from '../../notify'

/** What a row of the add box may grant: one project, one company, or the account. */
export const GRANTABLE: PrivilegeResource[] = ['PROJECT', 'COMPANY', 'ACCOUNT']

export const accessOpened = createEvent<number>()
export const resourceChosen = createEvent<PrivilegeResource>()
export const resourceIdChosen = createEvent<number | null>()
export const actionChosen = createEvent<PrivilegeAction>()
export const addClicked = createEvent()
export const removeClicked = createEvent<Grant>()
export const rowActionChosen = createEvent<{ grant: Grant; action: PrivilegeAction }>()

export const $userId = createStore<number | null>(null).on(accessOpened, (_, id) => id)
export const $grants = createStore<Grant[]>([]).on(fetchGrantsFx.doneData, (_, grants) => grants).reset(accessOpened)
export const $loading = fetchGrantsFx.pending
export const $projects = createStore<Option[]>([]).on(fetchProjectsFx.doneData, (_, projects) => projects)
export const $companies = createStore<Option[]>([]).on(fetchCompaniesFx.doneData, (_, companies) => companies)
export const $resource = createStore<PrivilegeResource>('COMPANY').on(resourceChosen, (_, resource) => resource).reset(accessOpened)
export const $resourceId = createStore<number | null>(null)
  .on(resourceIdChosen, (_, id) => id)
  .reset([accessOpened, resourceChosen, addGrantFx.done])
export const $action = createStore<PrivilegeAction>('VIEW').on(actionChosen, (_, action) => action).reset(accessOpened)
/** The account needs no row; a project or company must be chosen. */
export const $canAdd = combine(
  $resource,
  $resourceId,
  addGrantFx.pending,
  (resource, resourceId, adding) => !adding && (resource === 'ACCOUNT' || resourceId !== null),
)

sample({ clock: accessOpened, target: [fetchGrantsFx, fetchProjectsFx, fetchCompaniesFx] })

sample({
  clock: addClicked,
  source: { userId: $userId, resource: $resource, resourceId: $resourceId, action: $action, canAdd: $canAdd },
  filter: ({ userId, canAdd }) => userId !== null && canAdd,
  fn: ({ userId, resource, resourceId, action }) => ({
    userId: userId!,
    grant: { resource, resourceId: resource === 'ACCOUNT' ? null : resourceId, action },
  }),
  target: addGrantFx,
})

const changeOf = (grant: Grant): GrantChange => ({ resource: grant.resource, resourceId: grant.resourceId, action: grant.action })

const confirmRemoveFx = createEffect((grant: Grant) => confirmFx({ title: 'access.remove.title', text: 'access.remove.text' }).then((yes) => ({ grant, yes })))
sample({ clock: removeClicked, target: confirmRemoveFx })
sample({
  clock: confirmRemoveFx.doneData,
  source: $userId,
  filter: (userId, { yes }) => userId !== null && yes,
  fn: (userId, { grant }) => ({ userId: userId!, grant: changeOf(grant) }),
  target: removeGrantFx,
})
sample({
  clock: rowActionChosen,
  source: $userId,
  filter: (userId, { grant, action }) => userId !== null && grant.action !== action,
  fn: (userId, { grant, action }) => ({ userId: userId!, grant: { ...changeOf(grant), action } }),
  target: changeGrantActionFx,
})

sample({ clock: [addGrantFx.done, removeGrantFx.done, changeGrantActionFx.done], source: $userId, filter: (id) => id !== null, fn: (id) => id!, target: fetchGrantsFx })

const failure = (key: string) => (error: Error) => ({ kind: 'error' as const, key, values: { message: error.message } })
sample({ clock: addGrantFx.done, fn: () => ({ kind: 'success' as const, key: 'access.added' }), target: notifyFx })
sample({ clock: removeGrantFx.done, fn: () => ({ kind: 'success' as const, key: 'access.removed' }), target: notifyFx })
sample({ clock: changeGrantActionFx.done, fn: () => ({ kind: 'success' as const, key: 'access.changed' }), target: notifyFx })
sample({ clock: addGrantFx.failData, fn: failure('access.addFailed'), target: notifyFx })
sample({ clock: removeGrantFx.failData, fn: failure('access.removeFailed'), target: notifyFx })
sample({ clock: changeGrantActionFx.failData, fn: failure('access.changeFailed'), target: notifyFx })

/**
 * The accounts table (the kit's paged list over GET /accounts) and the
 * Enable/Disable toggle, confirmed before disabling because the account's users
 * are signed out.
 */
import { createPagedList } from '@app/module-kit'
import { createEffect, createEvent, createStore, sample } from 'effector'
import { type AccountListRow, type AccountSortField, fetchAccountsFx, toggleAccountFx } from '../../api'
import { confirmFx, notifyFx } from '../../notify'

export const accounts = createPagedList<AccountListRow, AccountSortField>({
  fetch: ({ filter, sort, skip }) => fetchAccountsFx({ filter, sort, skip }),
})

export const manageOpened = accounts.opened
export const toggleClicked = createEvent<AccountListRow>()
/** Something changed the accounts (a new one, a toggle): the page reloads. */
export const accountsChanged = accounts.refreshed

/** Ids whose toggle is on its way, so their buttons wait. */
export const $toggling = createStore<number[]>([])

/** Disabling asks first; enabling does not. Answers whether the toggle was sent. */
const confirmToggleFx = createEffect(async (account: AccountListRow) =>
  account.enabled
    ? confirmFx({ title: 'manage.disable.title', text: 'manage.disable.text', values: { company: account.company } })
    : true,
)
sample({ clock: toggleClicked, target: confirmToggleFx })
sample({
  clock: confirmToggleFx.done,
  filter: ({ result }) => result,
  fn: ({ params }) => params.id,
  target: toggleAccountFx,
})
$toggling
  .on(toggleAccountFx, (ids, id) => [...ids, id])
  .on(toggleAccountFx.finally, (ids, { params }) => ids.filter((id) => id !== params))
accounts.$rows.on(toggleAccountFx.doneData, (rows, { id, enabled }) =>
  rows.map((account) => (account.id === id ? { ...account, enabled } : account)),
)
sample({
  clock: toggleAccountFx.doneData,
  fn: ({ enabled }) => ({ kind: 'success' as const, key: enabled ? 'manage.enabled' : 'manage.disabled' }),
  target: notifyFx,
})
sample({
  clock: toggleAccountFx.failData,
  fn: (error) => ({ kind: 'error' as const, key: 'manage.toggleFailed', values: { message: error.message } }),
  target: notifyFx,
})

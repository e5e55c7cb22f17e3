/**
 * The accounts table: filter (debounced), sort by header (ascending first, then
 * descending), pages of 50 on the server, and the Enable/Disable toggle, confirmed
 * before disabling because the account's users are signed out.
 */
import { combine, createEffect, createEvent, createStore, sample } from 'effector'
import {
  type AccountListRow,
  type AccountPage,
  type AccountSortField,
  type AccountsQuery,
  PAGE_SIZE,
  fetchAccountsFx,
  toggleAccountFx,
} from '../../api'
import { confirmFx, notifyFx } from '../../notify'

export const FILTER_DEBOUNCE_MS = 300

export const manageOpened = createEvent()
export const filterTyped = createEvent<string>()
export const sortClicked = createEvent<AccountSortField>()
export const pageChosen = createEvent<number>()
export const toggleClicked = createEvent<AccountListRow>()
/** Something changed the accounts (a new one, a toggle): the page reloads. */
export const accountsChanged = createEvent()

const EMPTY: AccountPage = { total: 0, limit: PAGE_SIZE, skip: 0, data: [] }

export const $filterText = createStore('').on(filterTyped, (_, text) => text)
export const $query = createStore<AccountsQuery>({ filter: '', sort: null, skip: 0 })
export const $page = createStore<AccountPage>(EMPTY).on(fetchAccountsFx.doneData, (_, page) => page)
export const $loading = fetchAccountsFx.pending
export const $failed = createStore(false)
  .on(fetchAccountsFx.fail, () => true)
  .on(fetchAccountsFx.done, () => false)
/** Ids whose toggle is on its way, so their buttons wait. */
export const $toggling = createStore<number[]>([])
export const $pageCount = $page.map((page) => Math.max(1, Math.ceil(page.total / PAGE_SIZE)))
export const $pageNumber = combine($query, (query) => Math.floor(query.skip / PAGE_SIZE) + 1)

/** Ascending first, then descending, then ascending again. */
export const nextSort = (current: AccountsQuery['sort'], field: AccountSortField): AccountsQuery['sort'] =>
  current?.field === field && current.direction === 1 ? { field, direction: -1 } : { field, direction: 1 }

const waitFx = createEffect((text: string) => new Promise<string>((resolve) => setTimeout(() => resolve(text), FILTER_DEBOUNCE_MS)))
sample({ clock: filterTyped, target: waitFx })
// Only the text still in the box when its wait ends is applied: a typist's earlier states are dropped.
const filterSettled = sample({
  clock: waitFx.doneData,
  source: $filterText,
  filter: (current, waited) => current === waited,
  fn: (current) => current,
})

$query
  .on(filterSettled, (query, filter) => ({ ...query, filter, skip: 0 }))
  .on(sortClicked, (query, field) => ({ ...query, sort: nextSort(query.sort, field), skip: 0 }))
  .on(pageChosen, (query, page) => ({ ...query, skip: Math.max(0, page - 1) * PAGE_SIZE }))

sample({ clock: [manageOpened, accountsChanged, $query.updates], source: $query, target: fetchAccountsFx })

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
$page.on(toggleAccountFx.doneData, (page, { id, enabled }) => ({
  ...page,
  data: page.data.map((account) => (account.id === id ? { ...account, enabled } : account)),
}))
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

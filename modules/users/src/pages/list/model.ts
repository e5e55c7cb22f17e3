/**
 * The users table (the kit's paged list over the account's users), narrowed to the
 * removal requests on demand so admins find them, and the Excel export.
 */
import { $session, createPagedList } from '@app/module-kit'
import { attach, createEvent, createStore, sample } from 'effector'
import { type AccountUser, type UserSortField, type UsersQuery, exportUsersFx, fetchUsersFx } from '../../api'
import { notifyFx } from '../../notify'

const $accountId = $session.map((session) => session?.accountId ?? null)

export const onlyRemovalRequestsToggled = createEvent<boolean>()
export const $onlyRemovalRequests = createStore(false).on(onlyRemovalRequestsToggled, (_, only) => only)

/** The signed-in account's page of users (the list is only ever opened signed in). */
const fetchAccountUsersFx = attach({
  source: { accountId: $accountId, onlyRemovalRequests: $onlyRemovalRequests },
  mapParams: ({ filter, sort, skip }: Omit<UsersQuery, 'removalRequested'>, { accountId, onlyRemovalRequests }) => {
    if (accountId === null) throw new Error('Not signed in')
    return { accountId, query: { filter, sort, skip, ...(onlyRemovalRequests ? { removalRequested: true as const } : {}) } }
  },
  effect: fetchUsersFx,
})

export const users = createPagedList<AccountUser, UserSortField>({ fetch: (query) => fetchAccountUsersFx(query) })

export const listOpened = createEvent()
export const exportClicked = createEvent()
export const $exporting = exportUsersFx.pending

// Nothing is asked for before the session knows its account.
sample({ clock: listOpened, source: $accountId, filter: (accountId) => accountId !== null, fn: () => undefined, target: users.opened })

// A changed filter starts again at the first page.
sample({ clock: onlyRemovalRequestsToggled, fn: () => 1, target: users.pageChosen })

sample({ clock: exportClicked, filter: $exporting.map((busy) => !busy), target: exportUsersFx })
sample({
  clock: exportUsersFx.failData,
  fn: (error) => ({ kind: 'error' as const, key: 'list.exportFailed', values: { message: error.message } }),
  target: notifyFx,
})

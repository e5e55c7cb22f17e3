/**
 * Privileges per user (spec part1 §6): find a user of the account, then edit the
 * privileges they hold themselves with the kit's grant editor. What their role gives
 * is switched on the role.
 */
import { type ListQuery, createGrantEditor, createPagedList, feathersQuery } from '@app/module-kit'
import { attach, createEvent, createStore, sample } from 'effector'
import { type UserChoice, fetchAccountUsersFx } from '../../api'
import { $accountId, rolesOpened } from './model'

/** A short page: this list is for finding one user, not for reading. */
export const PICK_PAGE_SIZE = 10

// Finding a user: the account's users list, searched on the server.
const usersPageFx = attach({
  source: $accountId,
  mapParams: (query: ListQuery<'lastName'>, accountId) => {
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

/** The chosen user's own grants. */
export const userGrants = createGrantEditor()
sample({ clock: userChosen, fn: (user) => user.id, target: userGrants.opened })
sample({ clock: rolesOpened, fn: () => undefined, target: userGrants.closed })

/**
 * Privileges per user (spec part1 §6): find a user of the account, then edit the
 * privileges they hold themselves with the kit's grant editor. What their role gives
 * is switched on the role.
 */
import { createGrantEditor, createPagedList } from '@app/module-kit'
import { createEvent, createStore, sample } from 'effector'
import type { AccountUser } from '@app/plugin-core/shared'
import { type UserChoice, accountPages, fetchAccountUsersFx } from '../../api'
import { $accountId, rolesOpened } from './model'

/** A short page: this list is for finding one user, not for reading. */
export const PICK_PAGE_SIZE = 10

// Finding a user: the account's users list, searched on the server.
export const userPicker = createPagedList<UserChoice, 'lastName'>({
  fetch: accountPages<AccountUser, 'lastName'>($accountId, fetchAccountUsersFx),
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

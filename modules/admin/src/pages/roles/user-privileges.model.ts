/**
 * Privileges per user (spec part1 §6): find a user of the account; their own privileges
 * are edited on their access page, which the users remote owns (/users/{id}/access).
 * What their role gives is switched on the role.
 */
import { createPagedList } from '@app/module-kit'
import { sample } from 'effector'
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
sample({ clock: rolesOpened, fn: () => undefined, target: userPicker.opened })

/** Where a user's own privileges are edited: the users remote's access tab, reached by route. */
export const userAccessPath = (user: UserChoice) => `/users/${user.id}/access`

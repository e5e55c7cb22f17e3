/**
 * The users and useraccess tabs: the company's users with the add-company-user box
 * (4 or more characters, Add only for an exact match with an account user), and the
 * users holding access to the company, each a link to their access page, with a box
 * that opens the access page of any account user.
 */
import { navigate } from '@app/module-kit'
import type { CompanyUser, CompanyUserWithAccess } from '@app/plugin-companies/shared'
import { createEffect, createEvent, createStore, sample } from 'effector'
import { PAGE_SIZE, type Page, addCompanyUserFx, fetchCompanyUsersFx, fetchUsersWithAccessFx, removeCompanyUserFx } from '../../api'
import { notifyFx } from '../../notify'
import { createCandidatePicker } from './candidates.model'

export const usersOpened = createEvent<number>()
export const accessOpened = createEvent<number>()
/** Retry after a failed load: the same page again. */
export const usersRetried = createEvent()
export const accessRetried = createEvent()
export const usersPageChosen = createEvent<number>()
export const accessPageChosen = createEvent<number>()
export const accessUserChosen = createEvent()
export const addClicked = createEvent()
export const removeConfirmed = createEvent<CompanyUser>()

const $companyId = createStore(0).on([usersOpened, accessOpened], (_, id) => id)
export const $users = createStore<Page<CompanyUser> | null>(null).on(fetchCompanyUsersFx.doneData, (_, page) => page).reset(usersOpened)
export const $usersFailed = createStore(false)
  .on(fetchCompanyUsersFx.fail, () => true)
  .on(fetchCompanyUsersFx.done, () => false)
export const $usersLoading = fetchCompanyUsersFx.pending
export const $access = createStore<Page<CompanyUserWithAccess> | null>(null).on(fetchUsersWithAccessFx.doneData, (_, page) => page).reset(accessOpened)
export const $accessFailed = createStore(false)
  .on(fetchUsersWithAccessFx.fail, () => true)
  .on(fetchUsersWithAccessFx.done, () => false)
export const $accessLoading = fetchUsersWithAccessFx.pending

/** The add-company-user box. */
export const addPicker = createCandidatePicker($companyId, usersOpened)
export const { $text: $candidateText, $candidates, $match, typed: candidateTyped } = addPicker
sample({ clock: addCompanyUserFx.done, target: addPicker.cleared })
export const $adding = addCompanyUserFx.pending

const $usersSkip = createStore(0)
  .on(usersPageChosen, (_, page) => Math.max(0, page - 1) * PAGE_SIZE)
  .reset(usersOpened)

sample({ clock: [usersOpened, usersPageChosen, usersRetried, addCompanyUserFx.done, removeCompanyUserFx.done], source: { id: $companyId, skip: $usersSkip }, target: fetchCompanyUsersFx })

const $accessSkip = createStore(0)
  .on(accessPageChosen, (_, page) => Math.max(0, page - 1) * PAGE_SIZE)
  .reset(accessOpened)
sample({ clock: [accessOpened, accessPageChosen, accessRetried], source: { id: $companyId, skip: $accessSkip }, target: fetchUsersWithAccessFx })

/** The useraccess tab's box: the named account user's access page opens, where access is given. */
export const accessPicker = createCandidatePicker($companyId, accessOpened)
export const userAccessPath = (companyId: number, userId: number) => `/companies/${companyId}/useraccess/${userId}`
export const openUserAccessFx = createEffect(({ id, userId }: { id: number; userId: number }) => navigate(userAccessPath(id, userId)))
sample({
  clock: accessUserChosen,
  source: { id: $companyId, match: accessPicker.$match },
  filter: ({ match }) => match !== null,
  fn: ({ id, match }) => ({ id, userId: match!.userId }),
  target: openUserAccessFx,
})
sample({ clock: addClicked, source: { id: $companyId, match: $match }, filter: ({ match }) => match !== null, fn: ({ id, match }) => ({ id, username: match!.username }), target: addCompanyUserFx })
sample({ clock: addCompanyUserFx.done, fn: () => ({ kind: 'success' as const, key: 'users.added' }), target: notifyFx })
sample({ clock: addCompanyUserFx.fail, fn: () => ({ kind: 'error' as const, key: 'users.addFailed' }), target: notifyFx })

// The row's Remove asked first (the kit's DeleteAction), so this is a removal already confirmed.
/** An anonymised user stays listed as history but is no longer someone to take out of the company. */
export const removable = (user: CompanyUser) => !user.anonymous
sample({ clock: removeConfirmed, source: $companyId, filter: (_, user) => removable(user), fn: (id, user) => ({ id, userId: user.userId }), target: removeCompanyUserFx })
sample({ clock: removeCompanyUserFx.done, fn: () => ({ kind: 'success' as const, key: 'users.removed' }), target: notifyFx })
sample({ clock: removeCompanyUserFx.fail, fn: () => ({ kind: 'error' as const, key: 'users.removeFailed' }), target: notifyFx })

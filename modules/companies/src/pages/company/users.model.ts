/**
 * The users and useraccess tabs: the company's users with the add-company-user box
 * (4 or more characters, Add only for an exact match with an account user), and the
 * users holding access to the company, each a link to their access page, with a box
 * that opens the access page of any account user.
 */
import { navigate } from '@app/module-kit'
import type { CompanyUser } from '@app/plugin-companies/shared'
import { type Effect, type Unit, createEffect, createEvent, createStore, sample } from 'effector'
import { PAGE_SIZE, type Page, addCompanyUserFx, fetchCompanyUsersFx, fetchUsersWithAccessFx, removeCompanyUserFx } from '../../api'
import { notifyFx } from '../../notify'
import { createCandidatePicker } from './candidates.model'

/** A server-paged list of the company's people: opened for a company, paged, retried after a failure (the same page again). */
const createPeopleList = <Row>(fetchFx: Effect<{ id: number; skip: number }, Page<Row>>, refreshedBy: Unit<unknown>[] = []) => {
  const opened = createEvent<number>()
  const retried = createEvent()
  const pageChosen = createEvent<number>()
  const $companyId = createStore(0).on(opened, (_, id) => id)
  const $page = createStore<Page<Row> | null>(null).on(fetchFx.doneData, (_, page) => page).reset(opened)
  const $failed = createStore(false)
    .on(fetchFx.fail, () => true)
    .on(fetchFx.done, () => false)
  const $skip = createStore(0)
    .on(pageChosen, (_, page) => Math.max(0, page - 1) * PAGE_SIZE)
    .reset(opened)
  sample({ clock: [opened, pageChosen, retried, ...refreshedBy], source: { id: $companyId, skip: $skip }, target: fetchFx })
  return { opened, retried, pageChosen, $companyId, $page, $failed, $loading: fetchFx.pending }
}
export type PeopleList<Row> = ReturnType<typeof createPeopleList<Row>>

/** The users tab's list: it follows the adds and removals made there. */
export const usersList = createPeopleList(fetchCompanyUsersFx, [addCompanyUserFx.done, removeCompanyUserFx.done])
export const accessList = createPeopleList(fetchUsersWithAccessFx)

export const accessUserChosen = createEvent()
export const addClicked = createEvent()
export const removeConfirmed = createEvent<CompanyUser>()

/** The add-company-user box. */
export const addPicker = createCandidatePicker(usersList.$companyId, usersList.opened)
export const { $text: $candidateText, $candidates, $match, typed: candidateTyped } = addPicker
sample({ clock: addCompanyUserFx.done, target: addPicker.cleared })
export const $adding = addCompanyUserFx.pending

/** The useraccess tab's box: the named account user's access page opens, where access is given. */
export const accessPicker = createCandidatePicker(accessList.$companyId, accessList.opened)
export const userAccessPath = (companyId: number, userId: number) => `/companies/${companyId}/useraccess/${userId}`
export const openUserAccessFx = createEffect(({ id, userId }: { id: number; userId: number }) => navigate(userAccessPath(id, userId)))
sample({
  clock: accessUserChosen,
  source: { id: accessList.$companyId, match: accessPicker.$match },
  filter: ({ match }) => match !== null,
  fn: ({ id, match }) => ({ id, userId: match!.userId }),
  target: openUserAccessFx,
})
sample({ clock: addClicked, source: { id: usersList.$companyId, match: $match }, filter: ({ match }) => match !== null, fn: ({ id, match }) => ({ id, username: match!.username }), target: addCompanyUserFx })
sample({ clock: addCompanyUserFx.done, fn: () => ({ kind: 'success' as const, key: 'users.added' }), target: notifyFx })
sample({ clock: addCompanyUserFx.fail, fn: () => ({ kind: 'error' as const, key: 'users.addFailed' }), target: notifyFx })

// The row's Remove asked first (the kit's DeleteAction), so this is a removal already confirmed.
/** An anonymised user stays listed as history but is no longer someone to take out of the company. */
export const removable = (user: CompanyUser) => !user.anonymous
sample({ clock: removeConfirmed, source: usersList.$companyId, filter: (_, user) => removable(user), fn: (id, user) => ({ id, userId: user.userId }), target: removeCompanyUserFx })
sample({ clock: removeCompanyUserFx.done, fn: () => ({ kind: 'success' as const, key: 'users.removed' }), target: notifyFx })
sample({ clock: removeCompanyUserFx.fail, fn: () => ({ kind: 'error' as const, key: 'users.removeFailed' }), target: notifyFx })

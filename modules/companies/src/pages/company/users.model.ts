/**
 * The users and useraccess tabs: the company's users with the add-company-user box
 * (4 or more characters, Add only for an exact match with an account user), and the
 * users holding access to the company.
 */
import { i18n } from '@app/module-kit'
import type { CompanyUser, CompanyUserWithAccess } from '@app/plugin-companies/shared'
import { combine, createEffect, createEvent, createStore, sample } from 'effector'
import { PAGE_SIZE, type Page, addCompanyUserFx, fetchCandidatesFx, fetchCompanyUsersFx, fetchUsersWithAccessFx, removeCompanyUserFx } from '../../api'
import { notifyFx } from '../../notify'
import { askFx } from './model'

export const MIN_CANDIDATE_TEXT = 4

export const usersOpened = createEvent<number>()
export const accessOpened = createEvent<number>()
export const usersPageChosen = createEvent<number>()
export const candidateTyped = createEvent<string>()
export const addClicked = createEvent()
export const removeClicked = createEvent<CompanyUser>()

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

export const $candidateText = createStore('').on(candidateTyped, (_, text) => text).reset(usersOpened, addCompanyUserFx.done)
/** Suggestions for the text they were asked for, so a late answer cannot describe newer text. */
const $answered = createStore<{ text: string; users: CompanyUser[] }>({ text: '', users: [] })
  .on(fetchCandidatesFx.done, (_, { params, result }) => ({ text: params.filter, users: result }))
  .reset(usersOpened)
export const $candidates = combine($candidateText, $answered, (text, answered) => (answered.text === text.trim() ? answered.users : []))

const matches = (user: CompanyUser, text: string) => {
  const wanted = text.trim().toLowerCase()
  return user.username.toLowerCase() === wanted || `${user.firstName} ${user.lastName}`.toLowerCase() === wanted
}
/** The account user the text names exactly, which is what enables Add. */
export const $match = combine($candidateText, $candidates, (text, candidates) =>
  text.trim().length >= MIN_CANDIDATE_TEXT ? (candidates.find((user) => matches(user, text)) ?? null) : null,
)
export const $adding = addCompanyUserFx.pending

const $usersSkip = createStore(0)
  .on(usersPageChosen, (_, page) => Math.max(0, page - 1) * PAGE_SIZE)
  .reset(usersOpened)

sample({ clock: [usersOpened, usersPageChosen, addCompanyUserFx.done, removeCompanyUserFx.done], source: { id: $companyId, skip: $usersSkip }, target: fetchCompanyUsersFx })
sample({ clock: accessOpened, fn: (id) => ({ id, skip: 0 }), target: fetchUsersWithAccessFx })
sample({
  clock: candidateTyped,
  source: $companyId,
  filter: (_, text) => text.trim().length >= MIN_CANDIDATE_TEXT,
  fn: (id, text) => ({ id, filter: text.trim() }),
  target: fetchCandidatesFx,
})
sample({ clock: addClicked, source: { id: $companyId, match: $match }, filter: ({ match }) => match !== null, fn: ({ id, match }) => ({ id, username: match!.username }), target: addCompanyUserFx })
sample({ clock: addCompanyUserFx.done, fn: () => ({ kind: 'success' as const, key: 'users.added' }), target: notifyFx })
sample({ clock: addCompanyUserFx.fail, fn: () => ({ kind: 'error' as const, key: 'users.addFailed' }), target: notifyFx })

const askRemoveFx = createEffect(({ id, user }: { id: number; user: CompanyUser }) =>
  askFx({ title: 'users.removeTitle', text: i18n.t('users.removeText', { ns: 'companies', name: user.username }) }).then((yes) =>
    yes ? { id, userId: user.userId } : null,
  ),
)
sample({ clock: removeClicked, source: $companyId, fn: (id, user) => ({ id, user }), target: askRemoveFx })
sample({ clock: askRemoveFx.doneData, filter: (job): job is { id: number; userId: number } => job !== null, target: removeCompanyUserFx })
sample({ clock: removeCompanyUserFx.done, fn: () => ({ kind: 'success' as const, key: 'users.removed' }), target: notifyFx })
sample({ clock: removeCompanyUserFx.fail, fn: () => ({ kind: 'error' as const, key: 'users.removeFailed' }), target: notifyFx })

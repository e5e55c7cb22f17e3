/**
 * /users/{id}/details: the user, the edit form, the enable, two-factor and
 * removal-request toggles, the password-reset link, the role and access level, and anonymising.
 */
import { $flags, $session, ApiError, createForm, isForbidden } from '@app/module-kit'
import type { MenuFlags } from '@app/plugin-kit/shared'
import { USER_ACCESS_LEVELS, type UserAccessLevel } from '@app/plugin-kit/shared'
import { attach, combine, createEffect, createEvent, createStore, sample } from 'effector'
import {
  type AccountUser,
  type Role,
  anonymiseFx,
  changeLevelFx,
  changeRoleFx,
  fetchRolesFx,
  fetchUserFx,
  saveUserFx,
  sendResetLinkFx,
  toggleEnabledFx,
  toggleRemovalFx,
  toggleTwoFactorFx,
} from '../../api'
import { confirmFx, notifyFx } from '../../notify'

export const userOpened = createEvent<number>()
export const enabledToggled = createEvent()
export const twoFactorToggled = createEvent()
export const removalToggled = createEvent()
export const roleChosen = createEvent<number>()
export const levelChosen = createEvent<UserAccessLevel>()
export const anonymiseClicked = createEvent()
export const resetLinkClicked = createEvent()

export type UserTab = 'details' | 'access'

const $accountId = $session.map((session) => session?.accountId ?? null)

export const $user = createStore<AccountUser | null>(null)
  .on(fetchUserFx.doneData, (_, user) => user)
  .on([saveUserFx.doneData, changeRoleFx.doneData, changeLevelFx.doneData, anonymiseFx.doneData], (_, user) => user)
  .on(toggleEnabledFx.doneData, (user, { enabled }) => (user ? { ...user, enabled } : user))
  .on(toggleTwoFactorFx.doneData, (user, { hasTwoFactor }) => (user ? { ...user, hasTwoFactor } : user))
  .on(toggleRemovalFx.doneData, (user, { removalRequested }) => (user ? { ...user, removalRequested } : user))
  // The same user opened again (the other tab's page) stays shown while it reloads; another one is not shown meanwhile.
  .on(userOpened, (user, id) => (user?.id === id ? user : null))
export const $notFound = createStore(false)
  .on(fetchUserFx.failData, (_, error) => error instanceof ApiError && error.status === 404)
  .reset(userOpened)
/** The API refused the caller this user (a company manager opening someone outside their companies). */
export const $forbidden = createStore(false)
  .on(fetchUserFx.failData, (_, error) => isForbidden(error))
  .reset(userOpened)
export const $loadFailed = createStore<string | null>(null)
  .on(fetchUserFx.failData, (_, error) => (error instanceof ApiError && (error.status === 404 || error.status === 403) ? null : error.message))
  .reset(userOpened)
export const $roles = createStore<Role[]>([]).on(fetchRolesFx.doneData, (_, roles) => roles)
export const $busy = combine(
  [
    toggleEnabledFx.pending,
    toggleTwoFactorFx.pending,
    toggleRemovalFx.pending,
    changeRoleFx.pending,
    changeLevelFx.pending,
    anonymiseFx.pending,
    sendResetLinkFx.pending,
  ],
  (pending) => pending.some(Boolean),
)
export const $isSelf = combine($session, $user, (session, user) => session !== null && user !== null && session.user.id === user.id)

/**
 * A person's identity (login e-mail, password, two-factor) is theirs: only a global admin
 * changes someone else's here; one's own is changed on the profile page, with the password.
 */
export const $mayChangeIdentity = combine($flags, $isSelf, (flags, self) => flags.canManageAccounts && !self)
/** Two-factor is only turned off here (by a global admin): turning it on needs the person's own enrolment. */
export const $mayTurnOffTwoFactor = combine($mayChangeIdentity, $user, (may, user) => may && user?.hasTwoFactor === true)
/** An anonymised user can no longer be edited (the API answers 409), so the form is read-only. */
export const $editable = $user.map((user) => user !== null && !user.anonymous)
/** Anonymising is for user managers (not company managers), of someone else, once. */
export const $mayAnonymise = combine($flags, $isSelf, $user, (flags, self, user) => flags.canManageUsers && !self && user !== null && !user.anonymous)
/** Account admins send the member a reset link instead; the API refuses it for a higher rank (a global admin). */
export const $maySendResetLink = combine($flags, $user, (flags, user) => flags.canManageUsers && user !== null && !user.anonymous && (flags.canManageAccounts || user.accessLevel !== 'GLOBAL_ADMIN'))

/**
 * The levels the caller may choose (spec part1 §6): settings or accounts managers set
 * ACCESS, SALES_ADMIN and ACCOUNT_ADMIN; only accounts managers give or take GLOBAL_ADMIN.
 */
export const levelsFor = (flags: MenuFlags, current: UserAccessLevel): UserAccessLevel[] => {
  if (!flags.canManageSettings && !flags.canManageAccounts) return []
  if (current === 'GLOBAL_ADMIN' && !flags.canManageAccounts) return []
  return USER_ACCESS_LEVELS.filter((level) => level !== 'GLOBAL_ADMIN' || flags.canManageAccounts)
}
export const $levels = combine($flags, $user, (flags, user) => (user ? levelsFor(flags, user.accessLevel) : []))

type EditValues = { username: string; firstName: string; lastName: string; acronym: string }

/** The form's values with the shown user's id, in the caller's account. */
const saveEditFx = attach({
  source: { user: $user, accountId: $accountId },
  mapParams: (values: EditValues, { user, accountId }) => ({ accountId: accountId ?? 0, user: { id: user?.id ?? 0, ...values } }),
  effect: saveUserFx,
})

export const editForm = createForm<EditValues>({
  fields: {
    username: { initial: '', rules: { required: true, email: true, maxLength: 254 } },
    firstName: { initial: '', rules: { required: true, minLength: 3, maxLength: 100 } },
    lastName: { initial: '', rules: { required: true, minLength: 3, maxLength: 100 } },
    acronym: { initial: '', rules: { required: true, maxLength: 20 } },
  },
  submit: async (values) => {
    await saveEditFx(values)
  },
})
// The loaded user fills the form, unless the person has begun typing (the same user reloaded under their
// edits, as the other tab's page opens it again: another user resets the form first).
sample({
  clock: fetchUserFx.doneData,
  source: editForm.$touched,
  filter: (touched) => Object.keys(touched).length === 0,
  fn: (_, user): EditValues => ({ username: user.username, firstName: user.firstName, lastName: user.lastName, acronym: user.acronym }),
  target: editForm.filled,
})

sample({ clock: userOpened, target: [fetchUserFx, fetchRolesFx] })
sample({ clock: userOpened, source: $user, filter: (user, id) => user?.id !== id, target: editForm.reset })

const target = combine({ accountId: $accountId, user: $user, busy: $busy })
type Ready = { accountId: number; user: AccountUser; busy: boolean }
const ready = (source: { accountId: number | null; user: AccountUser | null; busy: boolean }): source is Ready =>
  source.accountId !== null && source.user !== null && !source.busy

sample({ clock: enabledToggled, source: target, filter: ready, fn: ({ accountId, user }) => ({ accountId, userId: user.id }), target: toggleEnabledFx })
sample({ clock: twoFactorToggled, source: target, filter: ready, fn: ({ accountId, user }) => ({ accountId, userId: user.id }), target: toggleTwoFactorFx })
sample({ clock: resetLinkClicked, source: target, filter: ready, fn: ({ accountId, user }) => ({ accountId, userId: user.id }), target: sendResetLinkFx })
/** Clearing someone else's removal request asks first: they asked for it themselves. */
const confirmClearRemovalFx = createEffect((user: AccountUser) =>
  confirmFx({ title: 'details.removal.clearTitle', text: 'details.removal.clearText', values: { name: `${user.firstName} ${user.lastName}` } }),
)
const removalTarget = combine(target, $isSelf, (source, self) => ({ ...source, asks: !self && source.user?.removalRequested === true }))
sample({ clock: removalToggled, source: removalTarget, filter: (source) => ready(source) && source.asks, fn: ({ user }) => user!, target: confirmClearRemovalFx })
sample({ clock: removalToggled, source: removalTarget, filter: (source) => ready(source) && !source.asks, fn: ({ user }) => user!.id, target: toggleRemovalFx })
sample({ clock: confirmClearRemovalFx.done, filter: ({ result }) => result, fn: ({ params }) => params.id, target: toggleRemovalFx })
sample({
  clock: roleChosen,
  source: target,
  filter: (source, roleId) => ready(source) && source.user.roleId !== roleId,
  fn: (source, roleId) => ({ accountId: source.accountId!, userId: source.user!.id, roleId }),
  target: changeRoleFx,
})
sample({
  clock: levelChosen,
  source: target,
  filter: (source, level) => ready(source) && source.user.accessLevel !== level,
  fn: (source, level) => ({ accountId: source.accountId!, userId: source.user!.id, level }),
  target: changeLevelFx,
})

const confirmAnonymiseFx = createEffect((user: AccountUser) =>
  confirmFx({ title: 'details.anonymise.title', text: 'details.anonymise.text', values: { name: `${user.firstName} ${user.lastName}` } }),
)
sample({ clock: anonymiseClicked, source: target, filter: ready, fn: ({ user }) => user, target: confirmAnonymiseFx })
sample({ clock: confirmAnonymiseFx.done, filter: ({ result }) => result, fn: ({ params }) => params.id, target: anonymiseFx })

const success = (key: string) => ({ kind: 'success' as const, key })
const failure = (key: string) => (error: Error) => ({ kind: 'error' as const, key, values: { message: error.message } })
sample({ clock: saveUserFx.done, fn: () => success('details.saved'), target: notifyFx })
sample({ clock: saveUserFx.failData, fn: failure('details.saveFailed'), target: notifyFx })
sample({ clock: toggleEnabledFx.doneData, fn: ({ enabled }) => success(enabled ? 'details.enabledOn' : 'details.enabledOff'), target: notifyFx })
sample({ clock: toggleTwoFactorFx.doneData, fn: ({ hasTwoFactor }) => success(hasTwoFactor ? 'details.twoFactorOn' : 'details.twoFactorOff'), target: notifyFx })
sample({ clock: toggleRemovalFx.doneData, fn: ({ removalRequested }) => success(removalRequested ? 'details.removalOn' : 'details.removalOff'), target: notifyFx })
sample({ clock: changeRoleFx.done, fn: () => success('details.roleSaved'), target: notifyFx })
sample({ clock: changeLevelFx.done, fn: () => success('details.levelSaved'), target: notifyFx })
sample({ clock: anonymiseFx.done, fn: () => success('details.anonymised'), target: notifyFx })
sample({ clock: sendResetLinkFx.done, fn: () => success('details.resetLink.sent'), target: notifyFx })
sample({ clock: sendResetLinkFx.failData, fn: failure('details.resetLink.failed'), target: notifyFx })
sample({ clock: [toggleEnabledFx.failData, toggleTwoFactorFx.failData, toggleRemovalFx.failData], fn: failure('details.toggleFailed'), target: notifyFx })
sample({ clock: changeRoleFx.failData, fn: failure('details.roleFailed'), target: notifyFx })
sample({ clock: changeLevelFx.failData, fn: failure('details.levelFailed'), target: notifyFx })
sample({ clock: anonymiseFx.failData, fn: failure('details.anonymiseFailed'), target: notifyFx })

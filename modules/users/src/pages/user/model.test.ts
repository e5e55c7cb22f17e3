import { $session, ApiError, type Session } from '@app/module-kit'
import type { MenuFlags } from '@app/plugin-kit/shared'
import { allSettled, fork } from 'effector'
import { expect, test, vi } from 'vitest'
import { type EditUser, anonymiseFx, fetchRolesFx, fetchUserFx, saveUserFx, sendResetLinkFx, toggleEnabledFx, toggleRemovalFx } from '../../api'
import { confirmFx, notifyFx } from '../../notify'
import { user } from '../../test-fixtures'
import {
  $editable,
  $forbidden,
  $isSelf,
  $loadFailed,
  $mayAnonymise,
  $mayChangeIdentity,
  $maySendResetLink,
  $mayTurnOffTwoFactor,
  $notFound,
  $user,
  anonymiseClicked,
  editForm,
  enabledToggled,
  levelsFor,
  removalToggled,
  resetLinkClicked,
  userOpened,
} from './model'

const flags = (granted: Partial<MenuFlags>): MenuFlags => ({
  canSeeCompany: false,
  canSeeProjects: false,
  canManageUsers: false,
  canManageCompanyUsers: false,
  canManageCompany: false,
  canManageProjects: false,
  canManageSettings: false,
  canManageAccounts: false,
  ...granted,
})

const ACCOUNT_ADMIN = flags({ canManageUsers: true, canManageSettings: true })

const setup = ({ confirmed = true, missing = false, refused = false, removalRequested = false, caller = ACCOUNT_ADMIN, target = {} as Record<string, unknown> } = {}) => {
  const saved: { accountId: number; user: EditUser }[] = []
  const resetLinks: { accountId: number; userId: number }[] = []
  const anonymised: number[] = []
  const toggledRemoval: number[] = []
  const asked: string[] = []
  const notices: string[] = []
  const scope = fork({
    values: [[$session, { user: { id: 1 }, accountId: 5, flags: caller } as unknown as Session]],
    handlers: [
      [
        fetchUserFx,
        async (id: number) => {
          if (missing) throw new ApiError('User not found', 404)
          if (refused) throw new ApiError('Forbidden', 403)
          return user(id, { removalRequested, ...target })
        },
      ],
      [fetchRolesFx, async () => [{ id: 1, name: 'Basic', securityGroup: 'USER' }]],
      [
        saveUserFx,
        async (call: { accountId: number; user: EditUser }) => {
          saved.push(call)
          return user(call.user.id, { firstName: call.user.firstName })
        },
      ],
      [toggleEnabledFx, async ({ userId }: { userId: number }) => ({ userId, enabled: false })],
      [
        anonymiseFx,
        async (id: number) => {
          anonymised.push(id)
          return user(id, { anonymous: true, enabled: false })
        },
      ],
      [
        toggleRemovalFx,
        async (userId: number) => {
          toggledRemoval.push(userId)
          return { userId, removalRequested: !removalRequested }
        },
      ],
      [
        confirmFx,
        async ({ title }: { title: string }) => {
          asked.push(title)
          return confirmed
        },
      ],
      [
        sendResetLinkFx,
        async (call: { accountId: number; userId: number }) => {
          resetLinks.push(call)
          return { userId: call.userId, message: 'A password reset link was sent to the user' }
        },
      ],
      [notifyFx, ({ key }: { key: string }) => void notices.push(key)],
      [editForm.scrollToFieldFx, vi.fn()],
    ],
  })
  return { scope, saved, anonymised, toggledRemoval, asked, notices, resetLinks }
}

test('access levels follow the spec: settings managers up to account admin, only accounts managers global admin', () => {
  expect(levelsFor(flags({}), 'ACCESS')).toEqual([])
  expect(levelsFor(flags({ canManageSettings: true }), 'ACCESS')).toEqual(['ACCESS', 'SALES_ADMIN', 'ACCOUNT_ADMIN'])
  expect(levelsFor(flags({ canManageSettings: true }), 'GLOBAL_ADMIN')).toEqual([])
  expect(levelsFor(flags({ canManageAccounts: true }), 'GLOBAL_ADMIN')).toEqual(['ACCESS', 'SALES_ADMIN', 'ACCOUNT_ADMIN', 'GLOBAL_ADMIN'])
})

test('an unknown user shows the User not found page', async () => {
  const { scope } = setup({ missing: true })
  await allSettled(userOpened, { scope, params: 99 })
  expect(scope.getState($notFound)).toBe(true)
  expect(scope.getState($user)).toBeNull()
})

test("the same user opened again (the other tab's page) stays shown while it reloads; another user is not shown meanwhile", async () => {
  const { scope } = setup()
  await allSettled(userOpened, { scope, params: 7 })
  const again = allSettled(userOpened, { scope, params: 7 })
  expect(scope.getState($user)?.id).toBe(7)
  expect(scope.getState(editForm.$values).acronym).toBe('U7')
  await again
  // What the person typed meanwhile stays: the reload does not write over it.
  await allSettled(editForm.fieldChanged, { scope, params: { name: 'firstName', value: 'Frida' } })
  await allSettled(userOpened, { scope, params: 7 })
  expect(scope.getState(editForm.$values).firstName).toBe('Frida')
  const other = allSettled(userOpened, { scope, params: 8 })
  expect(scope.getState($user)).toBeNull()
  expect(scope.getState(editForm.$values).acronym).toBe('')
  await other
  expect(scope.getState($user)?.id).toBe(8)
  expect(scope.getState(editForm.$values).acronym).toBe('U8')
})

test('the loaded user fills the form untouched and unchecked, so no field shows as valid before it is changed', async () => {
  const { scope } = setup()
  await allSettled(userOpened, { scope, params: 7 })
  await allSettled(editForm.submitted, { scope })
  expect(scope.getState(editForm.$status)).toMatchObject({ firstName: 'Ok' })
  await allSettled(userOpened, { scope, params: 7 })
  expect(scope.getState(editForm.$values).acronym).toBe('U7')
  expect(scope.getState(editForm.$touched)).toEqual({})
  expect(scope.getState(editForm.$status)).toEqual({})
})

test('a user the API refuses the caller shows the 403 state, not an error', async () => {
  const { scope } = setup({ refused: true, caller: flags({ canManageCompanyUsers: true }) })
  await allSettled(userOpened, { scope, params: 8 })
  expect(scope.getState($forbidden)).toBe(true)
  expect(scope.getState($loadFailed)).toBeNull()
  await allSettled(userOpened, { scope, params: 9 })
  expect(scope.getState($forbidden)).toBe(true)
})

test('the form holds the loaded user and saves it with its id', async () => {
  const { scope, saved, notices } = setup()
  await allSettled(userOpened, { scope, params: 7 })
  expect(scope.getState(editForm.$values)).toEqual({ username: 'u7@demo.test', firstName: 'First', lastName: 'Last7', acronym: 'U7' })
  expect(scope.getState($isSelf)).toBe(false)
  await allSettled(editForm.fieldChanged, { scope, params: { name: 'firstName', value: 'Frida' } })
  await allSettled(editForm.submitted, { scope })
  expect(saved).toEqual([{ accountId: 5, user: { id: 7, username: 'u7@demo.test', firstName: 'Frida', lastName: 'Last7', acronym: 'U7' } }])
  expect(scope.getState($user)?.firstName).toBe('Frida')
  expect(notices).toEqual(['details.saved'])
})

test('the enable toggle updates the user and says so', async () => {
  const { scope, notices } = setup()
  await allSettled(userOpened, { scope, params: 7 })
  await allSettled(enabledToggled, { scope })
  expect(scope.getState($user)?.enabled).toBe(false)
  expect(notices).toEqual(['details.enabledOff'])
})

test('anonymising asks first; No leaves the user alone', async () => {
  const declined = setup({ confirmed: false })
  await allSettled(userOpened, { scope: declined.scope, params: 7 })
  await allSettled(anonymiseClicked, { scope: declined.scope })
  expect(declined.anonymised).toEqual([])

  const accepted = setup()
  await allSettled(userOpened, { scope: accepted.scope, params: 7 })
  await allSettled(anonymiseClicked, { scope: accepted.scope })
  expect(accepted.anonymised).toEqual([7])
  expect(accepted.scope.getState($user)?.anonymous).toBe(true)
  expect(accepted.notices).toEqual(['details.anonymised'])
})

test("a manager sets someone's removal request at once; clearing it asks first, and No keeps it", async () => {
  const setting = setup()
  await allSettled(userOpened, { scope: setting.scope, params: 7 })
  await allSettled(removalToggled, { scope: setting.scope })
  expect(setting.asked).toEqual([])
  expect(setting.toggledRemoval).toEqual([7])
  expect(setting.scope.getState($user)?.removalRequested).toBe(true)
  expect(setting.notices).toEqual(['details.removalOn'])

  const declined = setup({ removalRequested: true, confirmed: false })
  await allSettled(userOpened, { scope: declined.scope, params: 7 })
  await allSettled(removalToggled, { scope: declined.scope })
  expect(declined.asked).toEqual(['details.removal.clearTitle'])
  expect(declined.toggledRemoval).toEqual([])
  expect(declined.scope.getState($user)?.removalRequested).toBe(true)

  const cleared = setup({ removalRequested: true })
  await allSettled(userOpened, { scope: cleared.scope, params: 7 })
  await allSettled(removalToggled, { scope: cleared.scope })
  expect(cleared.toggledRemoval).toEqual([7])
  expect(cleared.scope.getState($user)?.removalRequested).toBe(false)
  expect(cleared.notices).toEqual(['details.removalOff'])
})

test('one\'s own removal request is cleared without asking', async () => {
  const own = setup({ removalRequested: true })
  await allSettled(userOpened, { scope: own.scope, params: 1 })
  expect(own.scope.getState($isSelf)).toBe(true)
  await allSettled(removalToggled, { scope: own.scope })
  expect(own.asked).toEqual([])
  expect(own.toggledRemoval).toEqual([1])
})

test('an account admin sees no identity controls but sends the member a password reset link', async () => {
  const { scope, resetLinks, notices } = setup()
  await allSettled(userOpened, { scope, params: 7 })
  expect(scope.getState($mayChangeIdentity)).toBe(false)
  expect(scope.getState($maySendResetLink)).toBe(true)
  await allSettled(resetLinkClicked, { scope })
  expect(resetLinks).toEqual([{ accountId: 5, userId: 7 }])
  expect(notices).toEqual(['details.resetLink.sent'])
})

test('no reset link to a global admin from an account admin, nor to an anonymised user', async () => {
  for (const target of [{ accessLevel: 'GLOBAL_ADMIN' }, { anonymous: true }]) {
    const { scope } = setup({ target })
    await allSettled(userOpened, { scope, params: 7 })
    expect(scope.getState($maySendResetLink), JSON.stringify(target)).toBe(false)
  }
})

test("a global admin changes someone else's e-mail and two-factor here, never their own", async () => {
  const caller = flags({ canManageUsers: true, canManageSettings: true, canManageAccounts: true })
  const other = setup({ caller, target: { accessLevel: 'GLOBAL_ADMIN' } })
  await allSettled(userOpened, { scope: other.scope, params: 7 })
  expect(other.scope.getState($mayChangeIdentity)).toBe(true)
  expect(other.scope.getState($maySendResetLink)).toBe(true)
  const self = setup({ caller })
  await allSettled(userOpened, { scope: self.scope, params: 1 })
  expect(self.scope.getState($mayChangeIdentity)).toBe(false)
})

const GLOBAL_ADMIN = flags({ canManageUsers: true, canManageSettings: true, canManageAccounts: true, canManageCompanyUsers: true })
const COMPANY_MANAGER = flags({ canManageCompanyUsers: true, canSeeCompany: true })

const opened = async (options: Parameters<typeof setup>[0]) => {
  const { scope } = setup(options)
  await allSettled(userOpened, { scope, params: 7 })
  return scope
}

test('Anonymise is offered to user managers for someone else, never to a company manager nor twice', async () => {
  expect((await opened({})).getState($mayAnonymise)).toBe(true)
  expect((await opened({ caller: COMPANY_MANAGER })).getState($mayAnonymise)).toBe(false)
  expect((await opened({ target: { anonymous: true } })).getState($mayAnonymise)).toBe(false)
  const { scope } = setup()
  await allSettled(userOpened, { scope, params: 1 })
  expect(scope.getState($mayAnonymise)).toBe(false)
})

test('an anonymised user is read-only; anyone else can be edited', async () => {
  expect((await opened({ target: { anonymous: true } })).getState($editable)).toBe(false)
  expect((await opened({})).getState($editable)).toBe(true)
})

test('the two-factor switch is offered only to turn off an enrolled sign-in, by a global admin', async () => {
  expect((await opened({ caller: GLOBAL_ADMIN, target: { hasTwoFactor: true } })).getState($mayTurnOffTwoFactor)).toBe(true)
  expect((await opened({ caller: GLOBAL_ADMIN, target: { hasTwoFactor: false } })).getState($mayTurnOffTwoFactor)).toBe(false)
  expect((await opened({ target: { hasTwoFactor: true } })).getState($mayTurnOffTwoFactor)).toBe(false)
})

import { allSettled, fork } from 'effector'
import { expect, test, vi } from 'vitest'
import { ApiError } from './client'
import { $locale } from './i18n'
import {
  $contexts,
  $enabledModules,
  $flags,
  $session,
  type AuthResult,
  clearTokenFx,
  contextSwitched,
  loadContextsFx,
  loadModulesFx,
  navigateFx,
  reloadHomeFx,
  sessionChecked,
  sessionEnded,
  sessionResumed,
  sessionStarted,
  signOutClicked,
  signOutFx,
  storeTokenFx,
  targetRemembered,
  tokenRemoved,
  validateTokenFx,
} from './session'

const result: AuthResult = {
  accessToken: 'token-1',
  principal: { id: 7, firstName: 'Aino', lastName: 'Virtanen', acronym: 'AV', language: 'FINNISH' },
  hasTwoFactor: false,
  currentAccountId: 3,
  currentAccountName: 'Acme',
  canSeeCompany: true,
  canSeeProjects: true,
  canManageUsers: false,
  canManageCompanyUsers: false,
  canManageCompany: false,
  canManageProjects: false,
  canManageSettings: true,
  canManageAccounts: false,
}

const modules = [{ id: 'core', remote: 'core', entry: '/remotes/core/remoteEntry.js', version: '1', menu: [], routes: ['/help'], tiles: [], search: false }]

const setup = () => {
  const calls = { token: vi.fn(), navigate: vi.fn(), clear: vi.fn(), reload: vi.fn(), signOut: vi.fn() }
  const scope = fork({
    handlers: [
      [storeTokenFx, calls.token],
      [clearTokenFx, calls.clear],
      [navigateFx, calls.navigate],
      [reloadHomeFx, calls.reload],
      [signOutFx, calls.signOut],
      [loadModulesFx, async () => modules],
      [loadContextsFx, async () => [{ contextId: 3, name: 'Acme' }]],
    ],
  })
  return { scope, calls }
}

test('a started session stores the token, loads modules and contexts, takes the language and follows the target', async () => {
  const { scope, calls } = setup()
  await allSettled(targetRemembered, { scope, params: '/users/12/details' })
  await allSettled(sessionStarted, { scope, params: result })
  expect(calls.token).toHaveBeenCalledWith('token-1')
  expect(scope.getState($session)).toMatchObject({ user: { id: 7, acronym: 'AV' }, accountId: 3 })
  expect(scope.getState($flags)).toMatchObject({ canSeeCompany: true, canManageSettings: true, canManageUsers: false })
  expect(scope.getState($enabledModules)).toEqual(modules)
  expect(scope.getState($contexts)).toEqual([{ contextId: 3, name: 'Acme' }])
  expect(scope.getState($locale)).toBe('fi-FI')
  expect(calls.navigate).toHaveBeenCalledWith('/users/12/details')
})

test('without a remembered target sign-in lands on /; a resumed session stays where it is', async () => {
  const { scope, calls } = setup()
  await allSettled(sessionStarted, { scope, params: result })
  expect(calls.navigate).toHaveBeenCalledWith('/')
  calls.navigate.mockClear()
  await allSettled(sessionResumed, { scope, params: result })
  expect(calls.navigate).not.toHaveBeenCalled()
})

test('sign-out tells the server, clears state and token and goes to /', async () => {
  const { scope, calls } = setup()
  await allSettled(sessionStarted, { scope, params: result })
  calls.navigate.mockClear()
  await allSettled(signOutClicked, { scope })
  expect(calls.signOut).toHaveBeenCalled()
  expect(calls.clear).toHaveBeenCalled()
  expect(calls.navigate).toHaveBeenCalledWith('/')
  expect(scope.getState($session)).toBeNull()
  expect(scope.getState($enabledModules)).toEqual([])
  expect(scope.getState($flags).canManageSettings).toBe(false)
})

test('a failed sign-out call still signs out locally', async () => {
  const { scope, calls } = setup()
  await allSettled(sessionStarted, { scope, params: result })
  const failing = fork({ values: [[$session, scope.getState($session)]], handlers: [[signOutFx, async () => { throw new ApiError('Network error', 0) }], [clearTokenFx, calls.clear], [navigateFx, calls.navigate]] })
  await allSettled(signOutClicked, { scope: failing })
  expect(failing.getState($session)).toBeNull()
})

test('the token check signs out on 401 and keeps the session on a network error', async () => {
  for (const [status, signedOut] of [[401, true], [0, false]] as const) {
    const { scope } = setup()
    await allSettled(sessionStarted, { scope, params: result })
    const checked = fork({
      values: [[$session, scope.getState($session)]],
      handlers: [[validateTokenFx, async () => { throw new ApiError('x', status) }], [clearTokenFx, () => undefined], [navigateFx, () => undefined]],
    })
    await allSettled(sessionChecked, { scope: checked })
    expect(checked.getState($session) === null).toBe(signedOut)
  }
})

test('a token removed in another tab ends the session', async () => {
  const { scope, calls } = setup()
  await allSettled(sessionStarted, { scope, params: result })
  await allSettled(tokenRemoved, { scope })
  expect(scope.getState($session)).toBeNull()
  expect(calls.clear).toHaveBeenCalled()
})

test('switching account stores the new token and reloads at /', async () => {
  const { scope, calls } = setup()
  await allSettled(contextSwitched, { scope, params: { accessToken: 'token-2' } })
  expect(calls.token).toHaveBeenCalledWith('token-2')
  expect(calls.reload).toHaveBeenCalled()
})

test('nothing to end when nobody is signed in', async () => {
  const { scope, calls } = setup()
  await allSettled(sessionEnded, { scope })
  await allSettled(tokenRemoved, { scope })
  expect(calls.clear).toHaveBeenCalledTimes(1)
})

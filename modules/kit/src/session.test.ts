import { type Effect, allSettled, fork } from 'effector'
import { describe, expect, test, vi } from 'vitest'
import { ApiError } from './client'
import { $locale } from './i18n'
import {
  $contexts,
  $enabledModules,
  $flags,
  $session,
  $tokenLife,
  type AuthResult,
  clearTokenFx,
  contextSwitched,
  loadContextsFx,
  loadModulesFx,
  navigateFx,
  reloadHomeFx,
  renewTokenFx,
  renewalDue,
  sessionChecked,
  sessionEnded,
  sessionResumed,
  sessionStarted,
  signOutClicked,
  signOutFx,
  storeTokenFx,
  targetRemembered,
  tokenLife,
  tokenRemoved,
  tokenReplaced,
  userActed,
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

/** `more` replaces further calls, such as the renewal. */
const setup = (more: [Effect<any, any, any>, (...args: any[]) => unknown][] = []) => {
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
      ...more,
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

describe('sliding expiry', () => {
  const HOUR = 3600_000
  const signedAt = Date.UTC(2026, 10, 23, 8)
  /** A JWT-shaped token issued at `issuedAt` (ms) for `lifetime` ms; the signature is no concern of the client. */
  const token = (issuedAt: number, lifetime = 24 * HOUR) => {
    const part = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
    return `${part({ alg: 'HS256' })}.${part({ sub: '7', iat: issuedAt / 1000, exp: (issuedAt + lifetime) / 1000 })}.signature`
  }

  const renewing = (renew: () => Promise<{ accessToken: string; expiresAt: number }>) => {
    const renewCall = vi.fn(renew)
    return { ...setup([[renewTokenFx, renewCall]]), renewCall }
  }

  test('reads the life of a token from its claims', () => {
    expect(tokenLife(token(signedAt))).toEqual({ issuedAt: signedAt, expiresAt: signedAt + 24 * HOUR })
    expect(tokenLife('not-a-token')).toBeNull()
    expect(renewalDue({ issuedAt: 0, expiresAt: 10 }, 4)).toBe(false)
    expect(renewalDue({ issuedAt: 0, expiresAt: 10 }, 5)).toBe(true)
  })

  test('activity past half the token life renews it once and stores the new token', async () => {
    const fresh = token(signedAt + 13 * HOUR)
    const { scope, calls, renewCall } = renewing(async () => ({ accessToken: fresh, expiresAt: signedAt + 37 * HOUR }))
    await allSettled(sessionStarted, { scope, params: { ...result, accessToken: token(signedAt) } })
    calls.token.mockClear()

    // Young token: the user acts, nothing is renewed.
    await allSettled(userActed, { scope, params: signedAt + 11 * HOUR })
    expect(renewCall).not.toHaveBeenCalled()

    await allSettled(userActed, { scope, params: signedAt + 13 * HOUR })
    expect(renewCall).toHaveBeenCalledTimes(1)
    expect(calls.token).toHaveBeenCalledWith(fresh)
    expect(scope.getState($tokenLife)).toEqual({ issuedAt: signedAt + 13 * HOUR, expiresAt: signedAt + 37 * HOUR })

    // The renewed token is young again.
    await allSettled(userActed, { scope, params: signedAt + 14 * HOUR })
    expect(renewCall).toHaveBeenCalledTimes(1)
  })

  test('an idle tab is never renewed: the periodic check alone does not renew', async () => {
    const { scope, renewCall } = renewing(async () => ({ accessToken: token(signedAt + 20 * HOUR), expiresAt: 0 }))
    await allSettled(sessionStarted, { scope, params: { ...result, accessToken: token(signedAt) } })
    const checked = fork({
      values: [[$session, scope.getState($session)], [$tokenLife, scope.getState($tokenLife)]],
      handlers: [[validateTokenFx, async () => undefined], [renewTokenFx, renewCall]],
    })
    for (let i = 0; i < 5; i++) await allSettled(sessionChecked, { scope: checked })
    expect(renewCall).not.toHaveBeenCalled()
  })

  test('once the server refuses (the longest session life), activity no longer asks', async () => {
    const { scope, renewCall } = renewing(async () => {
      throw new ApiError('This session has reached its longest allowed life; sign in again when it ends', 403)
    })
    await allSettled(sessionStarted, { scope, params: { ...result, accessToken: token(signedAt) } })
    await allSettled(userActed, { scope, params: signedAt + 13 * HOUR })
    await allSettled(userActed, { scope, params: signedAt + 14 * HOUR })
    expect(renewCall).toHaveBeenCalledTimes(1)
    expect(scope.getState($session)).not.toBeNull()
  })

  test('a network failure is tried again on the next activity; a 401 ends the session', async () => {
    let status = 0
    const { scope, calls, renewCall } = renewing(async () => {
      throw new ApiError('x', status)
    })
    await allSettled(sessionStarted, { scope, params: { ...result, accessToken: token(signedAt) } })
    await allSettled(userActed, { scope, params: signedAt + 13 * HOUR })
    expect(scope.getState($session)).not.toBeNull()
    status = 401
    await allSettled(userActed, { scope, params: signedAt + 14 * HOUR })
    expect(renewCall).toHaveBeenCalledTimes(2)
    expect(scope.getState($session)).toBeNull()
    expect(calls.clear).toHaveBeenCalled()
  })

  test('a token renewed in another tab is taken over, so this tab does not renew it again', async () => {
    const { scope, renewCall } = renewing(async () => ({ accessToken: token(signedAt + 13 * HOUR), expiresAt: 0 }))
    await allSettled(sessionStarted, { scope, params: { ...result, accessToken: token(signedAt) } })
    await allSettled(tokenReplaced, { scope, params: token(signedAt + 12 * HOUR) })
    await allSettled(userActed, { scope, params: signedAt + 13 * HOUR })
    expect(renewCall).not.toHaveBeenCalled()
  })
})

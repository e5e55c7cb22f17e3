import { type Effect, allSettled, fork } from 'effector'
import { describe, expect, test, vi } from 'vitest'
import { ApiError, type RefusedCallsOutcome, refusedCallsSettled, storedTokenRefused } from './client'
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
  $sessionExpired,
  adoptTokenFx,
  safeTarget,
  sessionEnded,
  sessionResumed,
  signedIn,
  targetStorage,
  tokenContinues,
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

const modules = [{ id: 'core', remote: 'core', entry: '/remotes/core/remoteEntry.js', version: '1', menu: [], routes: ['/help'], tiles: [] }]

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

test('the token check expires the session on 401, keeping its state and the page; a network error changes nothing', async () => {
  for (const [status, expired] of [[401, true], [0, false]] as const) {
    const { scope, calls } = setup([[validateTokenFx, async () => { throw new ApiError('x', status) }]])
    await allSettled(sessionStarted, { scope, params: result })
    calls.navigate.mockClear()
    await allSettled(sessionChecked, { scope })
    expect(scope.getState($sessionExpired)).toBe(expired)
    expect(scope.getState($session)?.user.id).toBe(7)
    expect(scope.getState($enabledModules)).toEqual(modules)
    expect(calls.navigate).not.toHaveBeenCalled()
    expect(calls.clear).not.toHaveBeenCalled()
  }
})

test('a call refused with the stored token expires the session; once expired, checks and activity ask nothing more', async () => {
  const validate = vi.fn(async () => undefined)
  const renew = vi.fn(async () => ({ accessToken: 'x', expiresAt: 0 }))
  const { scope } = setup([[validateTokenFx, validate], [renewTokenFx, renew]])
  await allSettled(storedTokenRefused, { scope })
  expect(scope.getState($sessionExpired)).toBe(false)

  await allSettled(sessionStarted, { scope, params: result })
  await allSettled(storedTokenRefused, { scope })
  expect(scope.getState($sessionExpired)).toBe(true)
  await allSettled(sessionChecked, { scope })
  await allSettled(userActed, { scope, params: Date.now() + 365 * 86400_000 })
  expect(validate).not.toHaveBeenCalled()
  expect(renew).not.toHaveBeenCalled()
})

describe('signing in over an expired session', () => {
  const expiredSession = async (more: Parameters<typeof setup>[0] = []) => {
    const setupResult = setup(more)
    const { scope, calls } = setupResult
    await allSettled(sessionStarted, { scope, params: result })
    await allSettled(storedTokenRefused, { scope })
    for (const call of Object.values(calls)) call.mockClear()
    return setupResult
  }
  test('the same person carries on where they were: the new token is kept, nothing navigates or reloads', async () => {
    const modulesCall = vi.fn(async () => modules)
    const { scope, calls } = await expiredSession([[loadModulesFx, modulesCall]])
    modulesCall.mockClear()
    await allSettled(signedIn, { scope, params: { ...result, accessToken: 'token-2', canManageUsers: true } })
    expect(scope.getState($sessionExpired)).toBe(false)
    expect(calls.token).toHaveBeenCalledWith('token-2')
    expect(scope.getState($flags).canManageUsers).toBe(true)
    expect(scope.getState($enabledModules)).toEqual(modules)
    expect(calls.navigate).not.toHaveBeenCalled()
    expect(calls.reload).not.toHaveBeenCalled()
    expect(modulesCall).not.toHaveBeenCalled()
  })

  test('another person, or the same one in another account, starts over at their home: nothing of this page is shown to them', async () => {
    for (const other of [{ principal: { ...result.principal, id: 8 } }, { currentAccountId: 4 }]) {
      const { scope, calls } = await expiredSession()
      await allSettled(signedIn, { scope, params: { ...result, ...other, accessToken: 'token-3' } })
      expect(calls.token).toHaveBeenCalledWith('token-3')
      expect(calls.reload).toHaveBeenCalledTimes(1)
      // Until the reload the dialog stays over the page, and the session is still the first person's.
      expect(scope.getState($sessionExpired)).toBe(true)
      expect(scope.getState($session)?.user.id).toBe(7)
    }
  })

  test('a sign-in with no session waiting is a new session that follows the target', async () => {
    const { scope, calls } = setup()
    await allSettled(targetRemembered, { scope, params: '/help' })
    await allSettled(signedIn, { scope, params: result })
    expect(scope.getState($session)?.user.id).toBe(7)
    expect(calls.navigate).toHaveBeenCalledWith('/help')
  })

  describe('the calls the ended session refused (waiting in the client)', () => {
    /** The outcomes told to the waiting calls, in order with the token being stored. */
    const watchOutcomes = (calls: { token: ReturnType<typeof vi.fn> }) => {
      const seen: string[] = []
      calls.token.mockImplementation((token: string) => seen.push(`stored ${token}`))
      const unwatch = refusedCallsSettled.watch((outcome: RefusedCallsOutcome) => seen.push(outcome))
      return { seen, unwatch }
    }

    test('go again once the same person signed in, after their new token is stored', async () => {
      const { scope, calls } = await expiredSession()
      const { seen, unwatch } = watchOutcomes(calls)
      await allSettled(signedIn, { scope, params: { ...result, accessToken: 'token-2' } })
      unwatch()
      expect(seen).toEqual(['stored token-2', 'resend'])
    })

    test('are forgotten when another person signs in, or the user signs out: their page is gone', async () => {
      for (const step of [
        (scope: ReturnType<typeof fork>) => allSettled(signedIn, { scope, params: { ...result, principal: { ...result.principal, id: 8 }, accessToken: 'token-3' } }),
        (scope: ReturnType<typeof fork>) => allSettled(signOutClicked, { scope }),
      ]) {
        const { scope, calls } = await expiredSession()
        const { seen, unwatch } = watchOutcomes(calls)
        await step(scope)
        unwatch()
        expect(seen.filter((entry) => !entry.startsWith('stored'))).toEqual(['forget'])
      }
    })

    test('fail as they came when there is no session to sign in to', async () => {
      const { scope, calls } = setup()
      const { seen, unwatch } = watchOutcomes(calls)
      await allSettled(storedTokenRefused, { scope })
      unwatch()
      expect(seen).toEqual(['fail'])
    })
  })

  test('signing out from the dialog ends the session as usual', async () => {
    const { scope, calls } = await expiredSession()
    await allSettled(signOutClicked, { scope })
    expect(scope.getState($session)).toBeNull()
    expect(scope.getState($sessionExpired)).toBe(false)
    expect(calls.clear).toHaveBeenCalled()
    expect(calls.navigate).toHaveBeenCalledWith('/')
  })
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
    return `${part({ alg: 'HS256' })}.${part({ sub: '7', acc: 3, iat: issuedAt / 1000, exp: (issuedAt + lifetime) / 1000 })}.signature`
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

  test('a network failure is tried again on the next activity; a 401 expires the session', async () => {
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
    expect(scope.getState($sessionExpired)).toBe(true)
    expect(scope.getState($session)).not.toBeNull()
    expect(calls.clear).not.toHaveBeenCalled()
  })

  test('a live tab given a token of another account or person by another tab starts over at home; its own renewed token changes nothing', async () => {
    const { scope, calls } = setup()
    await allSettled(sessionStarted, { scope, params: { ...result, accessToken: token(signedAt) } })
    await allSettled(tokenReplaced, { scope, params: token(signedAt + HOUR) })
    expect(calls.reload).not.toHaveBeenCalled()
    const session = scope.getState($session)!
    expect(tokenContinues(session, token(signedAt))).toBe(true)
    expect(tokenContinues({ ...session, accountId: 4 }, token(signedAt))).toBe(false)
    expect(tokenContinues({ ...session, user: { ...session.user, id: 8 } }, token(signedAt))).toBe(false)
    expect(tokenContinues(session, 'not-a-token')).toBe(false)
    await allSettled(tokenReplaced, { scope, params: 'not-a-token' })
    expect(calls.reload).toHaveBeenCalledTimes(1)
  })

  test('a tab waiting for sign-in takes a token another tab signed in with: its owner decides, as a sign-in here would', async () => {
    const adopt = vi.fn(async (accessToken: string) => ({ ...result, accessToken }))
    const { scope, calls } = setup([[adoptTokenFx, adopt]])
    await allSettled(sessionStarted, { scope, params: { ...result, accessToken: token(signedAt) } })
    await allSettled(storedTokenRefused, { scope })
    calls.navigate.mockClear()
    const fresh = token(signedAt + HOUR)
    await allSettled(tokenReplaced, { scope, params: fresh })
    expect(adopt).toHaveBeenCalledWith(fresh)
    expect(scope.getState($sessionExpired)).toBe(false)
    expect(calls.token).toHaveBeenLastCalledWith(fresh)
    expect(calls.navigate).not.toHaveBeenCalled()
    expect(calls.reload).not.toHaveBeenCalled()
  })

  test('a token renewed in another tab is taken over, so this tab does not renew it again', async () => {
    const { scope, renewCall } = renewing(async () => ({ accessToken: token(signedAt + 13 * HOUR), expiresAt: 0 }))
    await allSettled(sessionStarted, { scope, params: { ...result, accessToken: token(signedAt) } })
    await allSettled(tokenReplaced, { scope, params: token(signedAt + 12 * HOUR) })
    await allSettled(userActed, { scope, params: signedAt + 13 * HOUR })
    expect(renewCall).not.toHaveBeenCalled()
  })
})

describe('the target followed after sign-in', () => {
  test('is a relative path of this app, never another site', () => {
    expect(safeTarget('/users/12/details?tab=access#top')).toBe('/users/12/details?tab=access#top')
    expect(safeTarget('/a/../help')).toBe('/help')
    for (const outside of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', 'help', '/\t/evil.example', '', null, 42]) {
      expect(safeTarget(outside)).toBeNull()
    }
  })

  test('is kept in the sessionStorage of this tab, so it survives a reload, and spent by the sign-in that follows it', async () => {
    const stored = new Map<string, string>()
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
      removeItem: (key: string) => stored.delete(key),
    })
    try {
      const scope = fork({ handlers: [[storeTokenFx, () => undefined], [navigateFx, () => undefined], [loadModulesFx, async () => []], [loadContextsFx, async () => []]] })
      await allSettled(targetRemembered, { scope, params: '//evil.example' })
      expect(targetStorage.get()).toBeNull()
      await allSettled(targetRemembered, { scope, params: '/companies/4' })
      expect(targetStorage.get()).toBe('/companies/4')
      stored.set('signInTarget', 'https://evil.example/')
      expect(targetStorage.get()).toBeNull()
      stored.set('signInTarget', '/companies/4')
      await allSettled(sessionStarted, { scope, params: result })
      expect(targetStorage.get()).toBeNull()
    } finally {
      vi.unstubAllGlobals()
    }
  })
})

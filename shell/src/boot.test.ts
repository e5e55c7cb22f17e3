import { $location, $session, $target, type AuthResult, sessionStarted, storeTargetFx, loadContextsFx, loadModulesFx, storeTokenFx, tokenRemoved, tokenReplaced, tokenStorage, userActed } from '@app/module-kit'
import { type Effect, allSettled, fork } from 'effector'
import { expect, test, vi } from 'vitest'
import { $booting, $signedInApp, $signedInFailed, ACTIVITY_REPORT_MS, appStarted, restartFx, resumeFx, signedInLoadFx, watchSession } from './boot'

const result = {
  accessToken: 'stored',
  principal: { id: 1, firstName: 'Ola', lastName: 'Nordmann', acronym: 'ON', language: 'NORWEGIAN' },
  hasTwoFactor: false,
  currentAccountId: 2,
  currentAccountName: 'Acme',
} as AuthResult

type Handler = [Effect<any, any, any>, (...args: any[]) => unknown]

/** Replaces the session's own calls, which are not under test here. */
const quiet: Handler[] = [
  [storeTokenFx, () => undefined],
  [loadModulesFx, async () => []],
  [loadContextsFx, async () => []],
]

test('a stored token that still holds a session signs in silently', async () => {
  const restart = vi.fn()
  const scope = fork({ handlers: [...quiet, [resumeFx, async () => result], [restartFx, restart]] })
  expect(scope.getState($booting)).toBe(true)
  await allSettled(appStarted, { scope })
  expect(scope.getState($booting)).toBe(false)
  expect(scope.getState($session)?.user.acronym).toBe('ON')
  expect(restart).not.toHaveBeenCalled()
})

const SignedInApp = () => null

test('a stored token fetches the signed-in app with the session check, not after it', async () => {
  vi.spyOn(tokenStorage, 'get').mockReturnValue('stored')
  const order: string[] = []
  let answer: (value: AuthResult) => void = () => undefined
  const scope = fork({
    handlers: [
      ...quiet,
      [resumeFx, () => new Promise<AuthResult>((resolve) => { order.push('check'); answer = resolve })],
      [signedInLoadFx, async () => { order.push('app'); return SignedInApp }],
    ],
  })
  const started = allSettled(appStarted, { scope })
  // Both asked before the check answers.
  await vi.waitFor(() => expect(order.sort()).toEqual(['app', 'check']))
  answer(result)
  await started
  expect(scope.getState($signedInApp)).toBe(SignedInApp)
  expect(scope.getState($session)?.user.acronym).toBe('ON')
  vi.restoreAllMocks()
})

test('without a token the signed-in app is fetched once someone signs in, and once only', async () => {
  vi.spyOn(tokenStorage, 'get').mockReturnValue(null)
  const load = vi.fn(async () => SignedInApp)
  const scope = fork({ handlers: [...quiet, [resumeFx, async () => null], [signedInLoadFx, load]] })
  await allSettled(appStarted, { scope })
  expect(load).not.toHaveBeenCalled()
  await allSettled(sessionStarted, { scope, params: result })
  expect(load).toHaveBeenCalledTimes(1)
  expect(scope.getState($signedInApp)).toBe(SignedInApp)
  await allSettled(sessionStarted, { scope, params: result })
  expect(load).toHaveBeenCalledTimes(1)
  vi.restoreAllMocks()
})

test('the signed-in app that does not arrive is a failure to retry, not a spinner for ever', async () => {
  let tries = 0
  const scope = fork({
    handlers: [
      [
        signedInLoadFx,
        async () => {
          tries += 1
          if (tries === 1) throw new Error('Loading chunk failed')
          return SignedInApp
        },
      ],
    ],
  })
  await allSettled(signedInLoadFx, { scope })
  expect(scope.getState($signedInFailed)).toBe(true)
  await allSettled(signedInLoadFx, { scope })
  expect(scope.getState($signedInFailed)).toBe(false)
  expect(scope.getState($signedInApp)).toBe(SignedInApp)
})

test('without a token the app starts signed out', async () => {
  const scope = fork({ handlers: [...quiet, [resumeFx, async () => null]] })
  await allSettled(appStarted, { scope })
  expect(scope.getState($booting)).toBe(false)
  expect(scope.getState($session)).toBeNull()
})

test('a token the server refuses is dropped and the app restarts at /, remembering where it was opened', async () => {
  const restart = vi.fn()
  const remember = vi.fn()
  const scope = fork({
    values: [[$location, { pathname: '/users/12/details', search: '?tab=access' }]],
    handlers: [
      ...quiet,
      [storeTargetFx, remember],
      [
        resumeFx,
        async () => {
          throw new Error('Your session has ended, please sign in again')
        },
      ],
      [restartFx, restart],
    ],
  })
  await allSettled(appStarted, { scope })
  expect(restart).toHaveBeenCalledTimes(1)
  expect(scope.getState($session)).toBeNull()
  expect(remember).toHaveBeenCalledWith('/users/12/details?tab=access')
  expect(scope.getState($target)).toBe('/users/12/details?tab=access')
})

test('the watch reports what the user does at most every 10 s, and a token another tab stored', () => {
  // The browser's window, as far as the watch uses it: events and a timer.
  const window = Object.assign(new EventTarget(), { setInterval: () => 0, clearInterval: () => undefined })
  vi.stubGlobal('window', window)
  vi.useFakeTimers({ now: 1_000_000 })
  const acted = vi.fn()
  const replaced = vi.fn()
  const removed = vi.fn()
  const unwatch = [userActed.watch(acted), tokenReplaced.watch(replaced), tokenRemoved.watch(removed)]
  const stop = watchSession()
  try {
    window.dispatchEvent(new Event('keydown'))
    vi.advanceTimersByTime(ACTIVITY_REPORT_MS - 1)
    window.dispatchEvent(new Event('pointerdown'))
    expect(acted.mock.calls).toEqual([[1_000_000]])
    vi.advanceTimersByTime(1)
    window.dispatchEvent(new Event('wheel'))
    expect(acted.mock.calls).toEqual([[1_000_000], [1_000_000 + ACTIVITY_REPORT_MS]])
    // Moving the mouse over a resting page is no activity.
    vi.advanceTimersByTime(ACTIVITY_REPORT_MS)
    window.dispatchEvent(new Event('mousemove'))
    expect(acted).toHaveBeenCalledTimes(2)

    window.dispatchEvent(Object.assign(new Event('storage'), { key: 'accessToken', newValue: 'renewed-elsewhere' }))
    expect(replaced).toHaveBeenCalledWith('renewed-elsewhere')
    window.dispatchEvent(Object.assign(new Event('storage'), { key: 'accessToken', newValue: null }))
    expect(removed).toHaveBeenCalledTimes(1)

    stop()
    vi.advanceTimersByTime(ACTIVITY_REPORT_MS)
    window.dispatchEvent(new Event('keydown'))
    expect(acted).toHaveBeenCalledTimes(2)
  } finally {
    for (const undo of unwatch) undo()
    vi.useRealTimers()
    vi.unstubAllGlobals()
  }
})

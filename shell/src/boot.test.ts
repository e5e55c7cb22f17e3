import { $session, type AuthResult, loadContextsFx, loadModulesFx, storeTokenFx } from '@app/module-kit'
import { type Effect, allSettled, fork } from 'effector'
import { expect, test, vi } from 'vitest'
import { $booting, appStarted, restartFx, resumeFx } from './boot'

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

test('without a token the app starts signed out', async () => {
  const scope = fork({ handlers: [...quiet, [resumeFx, async () => null]] })
  await allSettled(appStarted, { scope })
  expect(scope.getState($booting)).toBe(false)
  expect(scope.getState($session)).toBeNull()
})

test('a token the server refuses is dropped and the app restarts at /', async () => {
  const restart = vi.fn()
  const scope = fork({
    handlers: [
      ...quiet,
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
})

import { $session } from '@app/module-kit'
import { allSettled, fork } from 'effector'
import { describe, expect, it, vi } from 'vitest'
import { signInFx, silentSignInFx, twoFactorFx } from '../api'
import { apiError, authResult, fieldText, fill, kitHandlers, textOf } from '../test-helpers'
import { $challengeToken, $notice, $step, signInForm, twoFactorCancelled, twoFactorForm } from './model'

const noScroll = [
  [signInForm.scrollToFieldFx, async () => undefined],
  [twoFactorForm.scrollToFieldFx, async () => undefined],
] as const

const setup = (handlers: [unknown, unknown][]) => fork({ handlers: [...kitHandlers, ...noScroll, ...handlers] as never })

const signIn = async (scope: ReturnType<typeof fork>, email = 'anna@example.com', password = 'secret') => {
  await fill(scope, signInForm, { email, password })
  await allSettled(signInForm.submitted, { scope })
}

describe('sign-in', () => {
  it('starts the session with the answer of the API', async () => {
    const signInCall = vi.fn(async () => authResult())
    const scope = setup([[signInFx, signInCall]])
    await signIn(scope, ' anna@example.com ', 'secret')
    expect(signInCall).toHaveBeenCalledWith({ username: 'anna@example.com', password: 'secret' })
    expect(scope.getState($session)?.user.firstName).toBe('Anna')
    expect(scope.getState($notice)).toBeNull()
  })

  it('shows the spec message for a wrong password and starts no session', async () => {
    const scope = setup([[signInFx, async () => Promise.reject(apiError(401, 'User does not exist or wrong password'))]])
    await signIn(scope)
    expect(textOf(scope.getState($notice))).toBe('User does not exist or wrong password')
    expect(scope.getState($session)).toBeNull()
  })

  it('tells a trial user with the right password that the account waits for activation', async () => {
    const scope = setup([[signInFx, async () => Promise.reject(apiError(403, 'Your account is waiting for activation'))]])
    await signIn(scope)
    expect(textOf(scope.getState($notice))).toBe('Your account is waiting for activation')
    expect(scope.getState($session)).toBeNull()
  })

  it('tells how long to wait after too many attempts', async () => {
    const scope = setup([
      [signInFx, async () => Promise.reject(apiError(429, 'Too many attempts, try again in 15 minutes', undefined, { retryAfter: 850 }))],
    ])
    await signIn(scope)
    expect(textOf(scope.getState($notice))).toBe('Too many attempts. Please wait 15 min before trying again.')
  })

  it('says so when the network fails', async () => {
    const scope = setup([[signInFx, async () => Promise.reject(apiError(0, 'Network error'))]])
    await signIn(scope)
    expect(textOf(scope.getState($notice))).toBe('Network error')
  })

  it('requires a valid e-mail and at most 100 password characters before calling the API', async () => {
    const signInCall = vi.fn(async () => authResult())
    const scope = setup([[signInFx, signInCall]])
    await signIn(scope, 'not-an-email', 'x'.repeat(101))
    expect(signInCall).not.toHaveBeenCalled()
    const errors = scope.getState(signInForm.$errors)
    expect(fieldText(errors.email)).toBe('This field value must be a valid e-mail address')
    expect(fieldText(errors.password)).toBe('The maximum number of characters is 100')

    await fill(scope, signInForm, { email: '', password: '' })
    await allSettled(signInForm.submitted, { scope })
    expect(fieldText(scope.getState(signInForm.$errors).email)).toBe('This field is required')
    expect(fieldText(scope.getState(signInForm.$errors).password)).toBe('This field is required')
  })
})

describe('two-factor step', () => {
  const challenge = { hasTwoFactor: true as const, challengeToken: 'challenge-1' }

  it('asks for the code, then signs in silently with the new token', async () => {
    const codeCall = vi.fn(async () => ({ valid: true as const, accessToken: 'access-2' }))
    const silentCall = vi.fn(async () => authResult({ accessToken: 'access-2', hasTwoFactor: true }))
    const scope = setup([
      [signInFx, async () => challenge],
      [twoFactorFx, codeCall],
      [silentSignInFx, silentCall],
    ])
    await signIn(scope)
    expect(scope.getState($step)).toBe('twoFactor')
    expect(scope.getState($session)).toBeNull()

    await fill(scope, twoFactorForm, { code: '123456' })
    await allSettled(twoFactorForm.submitted, { scope })
    expect(codeCall).toHaveBeenCalledWith({ challengeToken: 'challenge-1', code: '123456' })
    expect(silentCall).toHaveBeenCalledWith('access-2')
    expect(scope.getState($session)?.hasTwoFactor).toBe(true)
  })

  it('shows an error for a wrong code and stays on the step', async () => {
    const scope = setup([
      [signInFx, async () => challenge],
      [twoFactorFx, async () => ({ valid: false })],
    ])
    await signIn(scope)
    await fill(scope, twoFactorForm, { code: '000000' })
    await allSettled(twoFactorForm.submitted, { scope })
    expect(textOf(scope.getState($notice))).toBe('The code is not valid. Enter the one the app shows now.')
    expect(scope.getState($step)).toBe('twoFactor')
    expect(scope.getState($session)).toBeNull()
  })

  it('accepts only six digits', async () => {
    const codeCall = vi.fn(async () => ({ valid: true as const, accessToken: 'a' }))
    const scope = setup([
      [signInFx, async () => challenge],
      [twoFactorFx, codeCall],
    ])
    await signIn(scope)
    await fill(scope, twoFactorForm, { code: '12ab' })
    await allSettled(twoFactorForm.submitted, { scope })
    expect(codeCall).not.toHaveBeenCalled()
    expect(fieldText(scope.getState(twoFactorForm.$errors).code)).toBe('Only digits allowed')
  })

  it('goes back to the credentials when the challenge has ended or the user cancels', async () => {
    const scope = setup([
      [signInFx, async () => challenge],
      [twoFactorFx, async () => Promise.reject(apiError(401, 'Your session has ended, please sign in again'))],
    ])
    await signIn(scope)
    await fill(scope, twoFactorForm, { code: '123456' })
    await allSettled(twoFactorForm.submitted, { scope })
    expect(scope.getState($step)).toBe('credentials')
    expect(scope.getState($challengeToken)).toBeNull()
    expect(textOf(scope.getState($notice))).toBe('Your session has ended. Please sign in again.')

    await signIn(scope)
    expect(scope.getState($step)).toBe('twoFactor')
    await allSettled(twoFactorCancelled, { scope })
    expect(scope.getState($step)).toBe('credentials')
    expect(scope.getState($notice)).toBeNull()
  })
})

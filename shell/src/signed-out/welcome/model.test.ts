import { allSettled, fork } from 'effector'
import { describe, expect, it, vi } from 'vitest'
import { welcomeFx } from '../api'
import { apiError, fieldText, fill, textOf } from '../test-helpers'
import { $canSubmit, $done, $notice, welcomeForm, welcomeOpened } from './model'

const setup = (send: (data: unknown) => Promise<{ message: string }>) =>
  fork({ handlers: [[welcomeFx, send], [welcomeForm.scrollToFieldFx, async () => undefined]] })

describe('welcome of a new user', () => {
  it('saves the password alone: the name given in the wizard is not asked again; then offers the sign-in', async () => {
    const send = vi.fn(async () => ({ message: 'Password was successfully reset' }))
    const scope = setup(send)
    await allSettled(welcomeOpened, { scope, params: 'welcome-1' })
    expect(Object.keys(scope.getState(welcomeForm.$values)).sort()).toEqual(['password', 'repeatPassword'])
    await fill(scope, welcomeForm, { password: 'first-pass', repeatPassword: 'first-pass' })
    expect(scope.getState($canSubmit)).toBe(true)
    await allSettled(welcomeForm.submitted, { scope })
    expect(send).toHaveBeenCalledWith({ token: 'welcome-1', password: 'first-pass' })
    expect(scope.getState($done)).toBe(true)
    expect(textOf(scope.getState($notice))).toBe(
      'Your user account is ready. You can now sign in with your e-mail address and new password.',
    )
  })

  it('needs a matching password of at least 8 characters; a password the API refuses keeps the page open', async () => {
    const send = vi.fn(async () => Promise.reject(apiError(400, 'Validation failed', { password: 'This password is too common or too easy to guess' })))
    const scope = setup(send)
    await allSettled(welcomeOpened, { scope, params: 'welcome-1' })
    await fill(scope, welcomeForm, { password: 'abcde', repeatPassword: 'abcde' })
    expect(scope.getState($canSubmit)).toBe(false)
    await allSettled(welcomeForm.submitted, { scope })
    expect(send).not.toHaveBeenCalled()
    expect(fieldText(scope.getState(welcomeForm.$errors).password)).toBe('You must enter at least 8 characters')
    await fill(scope, welcomeForm, { password: 'Nordqvist1', repeatPassword: 'Nordqvist2' })
    expect(scope.getState($canSubmit)).toBe(false)
    await fill(scope, welcomeForm, { repeatPassword: 'Nordqvist1' })
    expect(scope.getState($canSubmit)).toBe(true)
    await allSettled(welcomeForm.submitted, { scope })
    expect(send).toHaveBeenCalledTimes(1)
    expect(scope.getState($done)).toBe(false)
  })

  it('shows the spec message for a spent link', async () => {
    const scope = setup(async () =>
      Promise.reject(
        apiError(400, 'Unable to reset your password, please try to get a new password-reset email by using the forgotten password page'),
      ),
    )
    await allSettled(welcomeOpened, { scope, params: 'spent' })
    await fill(scope, welcomeForm, { password: 'first-pass', repeatPassword: 'first-pass' })
    await allSettled(welcomeForm.submitted, { scope })
    expect(scope.getState($done)).toBe(false)
    expect(textOf(scope.getState($notice))).toBe('Your password could not be reset. Ask for a new link on the forgotten password page.')
  })
})

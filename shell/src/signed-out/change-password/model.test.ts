import { allSettled, fork } from 'effector'
import { describe, expect, it, vi } from 'vitest'
import { changePasswordFx } from '../api'
import { apiError, fieldText, fill, textOf } from '../test-helpers'
import { $canSubmit, $done, $notice, changePasswordForm, changePasswordOpened } from './model'

const FAILED =
  'Unable to reset your password, please try to get a new password-reset email by using the forgotten password page'

const setup = (change: (data: { token: string; password: string }) => Promise<{ message: string }>) =>
  fork({ handlers: [[changePasswordFx, change], [changePasswordForm.scrollToFieldFx, async () => undefined]] })

describe('reset password', () => {
  it('keeps the submit disabled until both entries are equal and at least 8 characters; a common password is refused', async () => {
    const change = vi.fn(async () => ({ message: 'Password was successfully reset' }))
    const scope = setup(change)
    await allSettled(changePasswordOpened, { scope, params: 'token-1' })
    expect(scope.getState($canSubmit)).toBe(false)
    await fill(scope, changePasswordForm, { password: 'abcdefg', repeatPassword: 'abcdefg' })
    expect(scope.getState($canSubmit)).toBe(false)
    expect(fieldText(scope.getState(changePasswordForm.$errors).password)).toBe('You must enter at least 8 characters')
    await fill(scope, changePasswordForm, { password: 'password1', repeatPassword: 'password1' })
    expect(fieldText(scope.getState(changePasswordForm.$errors).password)).toBe('This password is too common or too easy to guess')
    await allSettled(changePasswordForm.submitted, { scope })
    expect(change).not.toHaveBeenCalled()
    await fill(scope, changePasswordForm, { password: 'spruce-and-granite', repeatPassword: 'spruce-and-granit' })
    expect(scope.getState($canSubmit)).toBe(false)
    expect(fieldText(scope.getState(changePasswordForm.$errors).repeatPassword)).toBe('Passwords do not match')
    await fill(scope, changePasswordForm, { repeatPassword: 'spruce-and-granite' })
    expect(scope.getState($canSubmit)).toBe(true)
  })

  it('sends the token from the link with the new password and says it worked', async () => {
    const change = vi.fn(async () => ({ message: 'Password was successfully reset' }))
    const scope = setup(change)
    await allSettled(changePasswordOpened, { scope, params: 'token-1' })
    await fill(scope, changePasswordForm, { password: 'new-secret', repeatPassword: 'new-secret' })
    await allSettled(changePasswordForm.submitted, { scope })
    expect(change).toHaveBeenCalledWith({ token: 'token-1', password: 'new-secret' })
    expect(scope.getState($done)).toBe(true)
    expect(textOf(scope.getState($notice))).toBe('Your password was changed')
  })

  it('says so in its own words when the link is spent or expired (the API answers the spec message)', async () => {
    const scope = setup(async () => Promise.reject(apiError(400, FAILED)))
    await allSettled(changePasswordOpened, { scope, params: 'old-token' })
    await fill(scope, changePasswordForm, { password: 'new-secret', repeatPassword: 'new-secret' })
    await allSettled(changePasswordForm.submitted, { scope })
    expect(scope.getState($done)).toBe(false)
    expect(textOf(scope.getState($notice))).toBe('Your password could not be reset. Ask for a new link on the forgotten password page.')
  })
})

import { allSettled, fork } from 'effector'
import { describe, expect, it, vi } from 'vitest'
import { requestResetFx } from '../api'
import { apiError, fieldText, fill, textOf } from '../test-helpers'
import { $notice, $sent, forgotPasswordForm, forgotPasswordOpened, looksLikeEmail } from './model'

const SENT = 'An email was sent to the provided email (if it exists), please check your mail account for further instructions'

const setup = (request: (email: string) => Promise<{ message: string }>) =>
  fork({ handlers: [[requestResetFx, request], [forgotPasswordForm.scrollToFieldFx, async () => undefined]] })

describe('forgotten password', () => {
  it('accepts more than 4 characters with an at-sign after the first one', () => {
    expect(looksLikeEmail('a@b.c')).toBe(true)
    expect(looksLikeEmail('a@bc')).toBe(false)
    expect(looksLikeEmail('@abcd')).toBe(false)
    expect(looksLikeEmail('abcde')).toBe(false)
  })

  it('requests the reset link and shows the same message for any address', async () => {
    const request = vi.fn(async () => ({ message: SENT }))
    const scope = setup(request)
    await fill(scope, forgotPasswordForm, { email: ' someone@example.com ' })
    await allSettled(forgotPasswordForm.submitted, { scope })
    expect(request).toHaveBeenCalledWith('someone@example.com')
    expect(scope.getState($sent)).toBe(true)
    expect(textOf(scope.getState($notice))).toBe(
      'If an account uses this e-mail address, a link for choosing a new password has been sent to it. Please check your e-mail.',
    )

    await allSettled(forgotPasswordOpened, { scope })
    expect(scope.getState($sent)).toBe(false)
    expect(scope.getState($notice)).toBeNull()
  })

  it('shows the e-mail message and sends nothing for a short input', async () => {
    const request = vi.fn(async () => ({ message: SENT }))
    const scope = setup(request)
    await fill(scope, forgotPasswordForm, { email: 'a@bc' })
    await allSettled(forgotPasswordForm.submitted, { scope })
    expect(request).not.toHaveBeenCalled()
    expect(fieldText(scope.getState(forgotPasswordForm.$errors).email)).toBe('This field value must be a valid e-mail address')
  })

  it('says so when the request cannot be sent', async () => {
    const scope = setup(async () => Promise.reject(apiError(0, 'Network error')))
    await fill(scope, forgotPasswordForm, { email: 'someone@example.com' })
    await allSettled(forgotPasswordForm.submitted, { scope })
    expect(scope.getState($sent)).toBe(false)
    expect(textOf(scope.getState($notice))).toBe('Network error')
  })
})

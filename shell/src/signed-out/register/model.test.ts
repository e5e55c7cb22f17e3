import { allSettled, fork } from 'effector'
import { describe, expect, it, vi } from 'vitest'
import { type SignUpData, registerFx } from '../api'
import { apiError, fieldText, fill, textOf } from '../test-helpers'
import { $done, $notice, registerForm, registerOpened } from './model'

const valid: SignUpData = {
  firstName: 'Tess',
  lastName: 'Trial',
  email: 'tess@example.com',
  repeatEmail: 'Tess@Example.com',
  password: 'trial-pass',
  repeatPassword: 'trial-pass',
  company: 'Trial Oy',
  website: '',
  country: 'XK',
  phone: '+358 40 123 4567',
}

const setup = (send: (data: SignUpData) => Promise<{ message: string }>) =>
  fork({ handlers: [[registerFx, send], [registerForm.scrollToFieldFx, async () => undefined]] })

describe('sign-up', () => {
  it('registers the account and says that two e-mails follow', async () => {
    const send = vi.fn(async () => ({ message: '' }))
    const scope = setup(send)
    await fill(scope, registerForm, valid)
    await allSettled(registerForm.submitted, { scope })
    expect(send).toHaveBeenCalledWith(valid)
    expect(scope.getState($done)).toBe(true)
    expect(textOf(scope.getState($notice))).toBe(
      'An e-mail has been sent to you. You will get another e-mail when your account is opened.',
    )
    await allSettled(registerOpened, { scope })
    expect(scope.getState($done)).toBe(false)
  })

  it('requires the asterisk fields and checks the repeats, phone and website', async () => {
    const send = vi.fn(async () => ({ message: '' }))
    const scope = setup(send)
    await fill(scope, registerForm, {
      email: 'tess@example.com',
      repeatEmail: 'other@example.com',
      password: 'trial-pass',
      repeatPassword: 'trial-pazz',
      website: 'not a site',
      phone: 'call me',
    })
    await allSettled(registerForm.submitted, { scope })
    expect(send).not.toHaveBeenCalled()
    const errors = scope.getState(registerForm.$errors)
    for (const name of ['firstName', 'lastName', 'company', 'country'] as const)
      expect(fieldText(errors[name]), name).toBe('This field is required')
    expect(fieldText(errors.repeatEmail)).toBe('The e-mail addresses do not match')
    expect(fieldText(errors.repeatPassword)).toBe('Passwords do not match')
    expect(fieldText(errors.website)).toBe('Please enter a valid website URL')
    expect(fieldText(errors.phone)).toBe('Not a phone number (+XX XXX XXX XXX)')
  })

  it('refuses a short or common password, or one made of the own name, before sending', async () => {
    const send = vi.fn(async () => ({ id: 9, message: '' }))
    const scope = setup(send)
    for (const [password, text] of [
      ['trial12', 'You must enter at least 8 characters'],
      ['iloveyou1', 'This password is too common or too easy to guess'],
      ['Trial2026', 'This password is too common or too easy to guess'],
    ]) {
      await fill(scope, registerForm, { ...valid, password, repeatPassword: password })
      await allSettled(registerForm.submitted, { scope })
      expect(fieldText(scope.getState(registerForm.$errors).password), password).toBe(text)
    }
    expect(send).not.toHaveBeenCalled()
  })

  it('shows status and message of a refusal, with the field messages on their fields', async () => {
    const scope = setup(async () =>
      Promise.reject(apiError(400, 'Validation failed', { phone: 'Not a phone number (+XX XXX XXX XXX)' })),
    )
    await fill(scope, registerForm, valid)
    await allSettled(registerForm.submitted, { scope })
    const shown = scope.getState($notice)
    expect(shown?.status).toBe(400)
    expect(textOf(shown)).toBe('Some fields are not valid. Please check them.')
    expect(fieldText(scope.getState(registerForm.$errors).phone)).toBe('Not a phone number (+XX XXX XXX XXX)')
  })
})

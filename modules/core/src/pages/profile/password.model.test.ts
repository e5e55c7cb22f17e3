import { $session, ApiError, type Session } from '@app/module-kit'
import { allSettled, fork } from 'effector'
import { describe, expect, test, vi } from 'vitest'
import { changePasswordFx } from '../../api'
import { notifyFx } from '../../notify'
import { passwordForm } from './password.model'

const session = { user: { id: 7 }, accountId: 1 } as unknown as Session

const setup = (change: (params: unknown) => Promise<{ userId: number }>) => {
  const notify = vi.fn()
  const scroll = vi.fn()
  const scope = fork({
    values: [[$session, session]],
    handlers: [
      [changePasswordFx, vi.fn(change)],
      [notifyFx, notify],
      [passwordForm.scrollToFieldFx, scroll],
    ],
  })
  const fill = async (password: string, repeatPassword: string) => {
    await allSettled(passwordForm.fieldChanged, { scope, params: { name: 'password', value: password } })
    await allSettled(passwordForm.fieldChanged, { scope, params: { name: 'repeatPassword', value: repeatPassword } })
  }
  return { scope, notify, scroll, fill }
}

describe('change password', () => {
  test('both entries equal: sent for the signed-in user, the form empties and a success toast shows', async () => {
    const change = vi.fn(async () => ({ userId: 7 }))
    const { scope, notify, fill } = setup(change)
    await fill('new-secret', 'new-secret')
    await allSettled(passwordForm.submitted, { scope })
    expect(change).toHaveBeenCalledWith({ userId: 7, password: 'new-secret', repeatPassword: 'new-secret' })
    expect(notify).toHaveBeenCalledWith({ kind: 'success', key: 'password.changed' })
    expect(scope.getState(passwordForm.$values)).toEqual({ password: '', repeatPassword: '' })
  })

  test('different entries are refused before any call, with the mismatch message', async () => {
    const change = vi.fn(async () => ({ userId: 7 }))
    const { scope, scroll, fill } = setup(change)
    await fill('new-secret', 'new-secreT')
    await allSettled(passwordForm.submitted, { scope })
    expect(change).not.toHaveBeenCalled()
    expect(scope.getState(passwordForm.$errors).repeatPassword?.key).toBe('validation.passwordsMismatch')
    expect(scroll).toHaveBeenCalledWith('repeatPassword')
  })

  test('both are required, and the password needs more than 4 characters', async () => {
    const change = vi.fn(async () => ({ userId: 7 }))
    const { scope, fill } = setup(change)
    await allSettled(passwordForm.submitted, { scope })
    expect(scope.getState(passwordForm.$errors).password?.key).toBe('validation.required')
    expect(scope.getState(passwordForm.$errors).repeatPassword?.key).toBe('validation.required')
    await fill('abcd', 'abcd')
    await allSettled(passwordForm.submitted, { scope })
    expect(scope.getState(passwordForm.$errors).password).toMatchObject({ key: 'validation.minLength', values: { min: 5 } })
    expect(change).not.toHaveBeenCalled()
  })

  test('a refused change shows the failure toast and keeps the entries', async () => {
    const { scope, notify, fill } = setup(async () => Promise.reject(new ApiError('Forbidden', 403)))
    await fill('new-secret', 'new-secret')
    await allSettled(passwordForm.submitted, { scope })
    expect(notify).toHaveBeenCalledWith({ kind: 'error', key: 'password.failed' })
    expect(scope.getState(passwordForm.$values).password).toBe('new-secret')
  })
})

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
  const fill = async (password: string, repeatPassword: string, currentPassword = 'old-secret-1') => {
    await allSettled(passwordForm.fieldChanged, { scope, params: { name: 'currentPassword', value: currentPassword } })
    await allSettled(passwordForm.fieldChanged, { scope, params: { name: 'password', value: password } })
    await allSettled(passwordForm.fieldChanged, { scope, params: { name: 'repeatPassword', value: repeatPassword } })
  }
  return { scope, notify, scroll, fill }
}

describe('change password', () => {
  test('both entries equal: sent with the current password for the signed-in user, the form empties and a success toast shows', async () => {
    const change = vi.fn(async () => ({ userId: 7 }))
    const { scope, notify, fill } = setup(change)
    await fill('new-secret', 'new-secret')
    await allSettled(passwordForm.submitted, { scope })
    expect(change).toHaveBeenCalledWith({ userId: 7, currentPassword: 'old-secret-1', password: 'new-secret', repeatPassword: 'new-secret' })
    expect(notify).toHaveBeenCalledWith({ kind: 'success', key: 'password.changed' })
    expect(scope.getState(passwordForm.$values)).toEqual({ currentPassword: '', password: '', repeatPassword: '' })
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

  test('all three are required; the new password needs 8 characters and must not be a common one', async () => {
    const change = vi.fn(async () => ({ userId: 7 }))
    const { scope, fill } = setup(change)
    await allSettled(passwordForm.submitted, { scope })
    for (const field of ['currentPassword', 'password', 'repeatPassword'] as const)
      expect(scope.getState(passwordForm.$errors)[field]?.key).toBe('validation.required')
    await fill('abcdefg', 'abcdefg')
    await allSettled(passwordForm.submitted, { scope })
    expect(scope.getState(passwordForm.$errors).password).toMatchObject({ key: 'validation.minLength', values: { min: 8 } })
    await fill('password1', 'password1')
    await allSettled(passwordForm.submitted, { scope })
    expect(scope.getState(passwordForm.$errors).password?.key).toBe('validation.commonPassword')
    expect(change).not.toHaveBeenCalled()
  })

  test("a wrong current password is shown on its field, in the user's language", async () => {
    const { scope, fill } = setup(async () =>
      Promise.reject(new ApiError('Validation failed', 400, { currentPassword: 'The current password is not correct' })),
    )
    await fill('new-secret', 'new-secret', 'not-it')
    await allSettled(passwordForm.submitted, { scope })
    expect(scope.getState(passwordForm.$errors).currentPassword?.key).toBe('validation.currentPasswordWrong')
  })

  test('a refused change shows the failure toast and keeps the entries', async () => {
    const { scope, notify, fill } = setup(async () => Promise.reject(new ApiError('Forbidden', 403)))
    await fill('new-secret', 'new-secret')
    await allSettled(passwordForm.submitted, { scope })
    expect(notify).toHaveBeenCalledWith({ kind: 'error', key: 'password.failed' })
    expect(scope.getState(passwordForm.$values).password).toBe('new-secret')
  })
})

import { $session, ApiError, type Session } from '@app/module-kit'
import { allSettled, fork } from 'effector'
import { describe, expect, test, vi } from 'vitest'
import { changeUsernameFx } from '../../api'
import { notifyFx } from '../../notify'
import { usernameForm } from './username.model'

const session = { user: { id: 7 }, accountId: 1 } as unknown as Session

const submit = async (username: string, change: (params: { userId: number; username: string; currentPassword: string }) => Promise<unknown>, currentPassword = 'my-secret-1') => {
  const notify = vi.fn()
  const changeFn = vi.fn(change)
  const scope = fork({
    values: [[$session, session]],
    handlers: [
      [changeUsernameFx, changeFn],
      [notifyFx, notify],
      [usernameForm.scrollToFieldFx, () => undefined],
    ],
  })
  await allSettled(usernameForm.fieldChanged, { scope, params: { name: 'username', value: username } })
  await allSettled(usernameForm.fieldChanged, { scope, params: { name: 'currentPassword', value: currentPassword } })
  await allSettled(usernameForm.submitted, { scope })
  return { scope, notify, change: changeFn }
}

describe('change e-mail', () => {
  test('a valid address is sent with the current password for the signed-in user; the toast says a link was mailed', async () => {
    const { notify, change } = await submit('new@example.test', async ({ userId }) => ({ userId, username: 'old@example.test', pendingUsername: 'new@example.test' }))
    expect(change).toHaveBeenCalledWith({ userId: 7, username: 'new@example.test', currentPassword: 'my-secret-1' })
    expect(notify).toHaveBeenCalledWith({ kind: 'success', key: 'username.requested' })
  })

  test('without the current password nothing is sent', async () => {
    const { scope, change } = await submit('new@example.test', async () => ({}), '')
    expect(change).not.toHaveBeenCalled()
    expect(scope.getState(usernameForm.$errors).currentPassword?.key).toBe('validation.required')
  })

  test('an invalid address is refused before any call', async () => {
    const { scope, change } = await submit('not-an-email', async () => ({}))
    expect(change).not.toHaveBeenCalled()
    expect(scope.getState(usernameForm.$errors).username?.key).toBe('validation.email')
  })

  test('an address already registered (409) gets its own message', async () => {
    const { notify } = await submit('admin@example.test', async () => Promise.reject(new ApiError('Email is already registered', 409)))
    expect(notify).toHaveBeenCalledWith({ kind: 'error', key: 'username.taken' })
  })

  test('any other failure gets the general one', async () => {
    const { notify } = await submit('other@example.test', async () => Promise.reject(new ApiError('Network error', 0)))
    expect(notify).toHaveBeenCalledWith({ kind: 'error', key: 'username.failed' })
  })
})

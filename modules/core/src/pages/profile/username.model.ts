/**
 * Change username, shown as "E-mail": the address one signs in with. With the current
 * password; the API mails a link to the new address, and the change is made when it is opened.
 */
import { ApiError, createForm } from '@app/module-kit'
import { attach, sample } from 'effector'
import { changeUsernameFx } from '../../api'
import { notifyFx } from '../../notify'
import { $userId } from '../../user'
import { signedInUser } from './signed-in'

interface UsernameValues extends Record<string, unknown> {
  username: string
  currentPassword: string
}

const submitUsernameFx = attach({
  source: $userId,
  effect: changeUsernameFx,
  mapParams: (values: UsernameValues, userId) => ({ userId: signedInUser(userId), ...values }),
})

export const usernameForm = createForm<UsernameValues>({
  fields: {
    username: { initial: '', rules: { required: true, email: true, maxLength: 254 } },
    currentPassword: { initial: '', rules: { required: true, maxLength: 100 } },
  },
  submit: async (values) => {
    await submitUsernameFx(values)
  },
})

sample({ clock: usernameForm.submitFx.done, target: usernameForm.reset })
sample({ clock: usernameForm.submitFx.done, fn: () => ({ kind: 'success' as const, key: 'username.requested' }), target: notifyFx })
sample({
  clock: usernameForm.submitFx.failData,
  fn: (error) => ({
    kind: 'error' as const,
    key: error instanceof ApiError && error.status === 409 ? 'username.taken' : 'username.failed',
  }),
  target: notifyFx,
})

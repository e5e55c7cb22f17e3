/**
 * Change password: the current one (identity.ts: a change of one's own identity proves
 * it), then the new one by the API's password rule, and its repeat equal.
 */
import { createForm, passwordRules } from '@app/module-kit'
import { attach, sample } from 'effector'
import { changePasswordFx } from '../../api'
import { notifyFx } from '../../notify'
import { $userId } from '../../user'
import { signedInUser } from './signed-in'

interface PasswordValues extends Record<string, unknown> {
  currentPassword: string
  password: string
  repeatPassword: string
}

const submitPasswordFx = attach({
  source: $userId,
  effect: changePasswordFx,
  mapParams: (values: PasswordValues, userId) => ({ userId: signedInUser(userId), ...values }),
})

export const passwordForm = createForm<PasswordValues>({
  fields: {
    currentPassword: { initial: '', rules: { required: true, maxLength: 100 } },
    password: { initial: '', rules: passwordRules<PasswordValues>() },
    repeatPassword: {
      initial: '',
      rules: {
        required: true,
        maxLength: 100,
        validate: (value, values) => (value === values.password ? null : 'validation.passwordsMismatch'),
      },
    },
  },
  submit: async (values) => {
    await submitPasswordFx(values)
  },
})

sample({ clock: passwordForm.submitFx.done, target: passwordForm.reset })
sample({ clock: passwordForm.submitFx.done, fn: () => ({ kind: 'success' as const, key: 'password.changed' }), target: notifyFx })
sample({ clock: passwordForm.submitFx.fail, fn: () => ({ kind: 'error' as const, key: 'password.failed' }), target: notifyFx })

/** Change password: both entries required and equal (spec part1 §5), more than 4 characters. */
import { createForm } from '@app/module-kit'
import { attach, sample } from 'effector'
import { changePasswordFx } from '../../api'
import { notifyFx } from '../../notify'
import { $userId } from '../../user'
import { signedInUser } from './signed-in'

interface PasswordValues extends Record<string, unknown> {
  password: string
  repeatPassword: string
}

const submitPasswordFx = attach({
  source: $userId,
  effect: changePasswordFx,
  mapParams: (values: PasswordValues, userId) => ({ userId: signedInUser(userId), password: values.password, repeatPassword: values.repeatPassword }),
})

export const passwordForm = createForm<PasswordValues>({
  fields: {
    password: { initial: '', rules: { required: true, minLength: 5, maxLength: 100 } },
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

/**
 * The new-password pair shared by the reset and welcome screens (spec part1 §5):
 * both entries equal and longer than 4 characters; the submit stays disabled until then.
 */
import type { FieldRules } from '@app/module-kit'

export const PASSWORD_MIN = 5
export const PASSWORD_MAX = 100

interface PasswordPair {
  password: string
  repeatPassword: string
}

export const newPasswordFields = <V extends PasswordPair & Record<string, unknown>>() => ({
  password: { initial: '', rules: { required: true, minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX } satisfies FieldRules<V> },
  repeatPassword: {
    initial: '',
    rules: {
      required: true,
      validate: (value: unknown, values: V) => (value === values.password ? null : 'validation.passwordsMismatch'),
    } satisfies FieldRules<V>,
  },
})

export const passwordsReady = (values: PasswordPair) =>
  values.password.length >= PASSWORD_MIN && values.password === values.repeatPassword

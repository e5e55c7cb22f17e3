/**
 * The new-password pair shared by the reset, welcome and sign-up screens: the API's
 * password rule (at least 8 characters, not a common one; README "Security" says why
 * this replaces the spec's 5) and both entries equal; the submit stays disabled until
 * the length and the repeat are right.
 */
import { type FieldRules, passwordRules } from '@app/module-kit'
import { PASSWORD_MIN_LENGTH } from '@app/plugin-kit/shared'

interface PasswordPair {
  password: string
  repeatPassword: string
}

/** `words`: the person's own e-mail and names in the form, which a password must not be made of. */
export const newPasswordFields = <V extends PasswordPair & Record<string, unknown>>(words?: (values: V) => (string | undefined)[]) => ({
  password: { initial: '', rules: passwordRules<V>(words) },
  repeatPassword: {
    initial: '',
    rules: {
      required: true,
      validate: (value: unknown, values: V) => (value === values.password ? null : 'validation.passwordsMismatch'),
    } satisfies FieldRules<V>,
  },
})

export const passwordsReady = (values: PasswordPair) =>
  values.password.length >= PASSWORD_MIN_LENGTH && values.password === values.repeatPassword

/** Spending a reset or welcome link (spec part1 §4, §7, §8), browser-safe. */
import { Field } from '@app/plugin-kit/shared'
import { Type } from '@sinclair/typebox'

export const RESET_FAILED =
  'Unable to reset your password, please try to get a new password-reset email by using the forgotten password page'
export const RESET_DONE = 'Password was successfully reset'

// Required here; the password rule (length, common passwords) is checked in the service against the person's own words.
const newPassword = () => Type.String({ minLength: 1, maxLength: 100 })
const tokenField = () => Type.String({ minLength: 1, maxLength: 200 })

export const resetPasswordSchema = Type.Object({ token: tokenField(), password: newPassword() }, { additionalProperties: false })
export const resetPasswordAndDetailsSchema = Type.Object(
  {
    token: tokenField(),
    password: newPassword(),
    // Left out, the names stay as given (the new-user wizard asks for them, so the welcome page does not).
    firstName: Type.Optional(Field.text({ maxLength: 100 })),
    lastName: Type.Optional(Field.text({ maxLength: 100 })),
  },
  { additionalProperties: false },
)

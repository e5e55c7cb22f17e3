/** One's own password, or a global admin setting someone's (spec part1 §2), browser-safe. */
import { Type } from '@sinclair/typebox'

/** Needed for changes of one's own identity; a global admin acting on someone else leaves it out. */
export const currentPasswordField = () => Type.Optional(Type.String({ maxLength: 100 }))

export const changePasswordSchema = Type.Object(
  {
    currentPassword: currentPasswordField(),
    // minLength 1 answers "required" for an empty entry; the password rule follows in the service.
    password: Type.String({ minLength: 1, maxLength: 100 }),
    repeatPassword: Type.String({ minLength: 1, maxLength: 100 }),
  },
  { additionalProperties: false },
)

/** The body of a change that only proves the current password (two-factor off, set-up again). */
export const currentPasswordSchema = Type.Object({ currentPassword: currentPasswordField() }, { additionalProperties: false })

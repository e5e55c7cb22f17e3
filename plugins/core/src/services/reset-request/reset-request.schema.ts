/** The forgotten-password request (spec part1 §4, §8), browser-safe. */
import { MESSAGES } from '@app/plugin-kit/shared'
import { Type } from '@sinclair/typebox'

export const RESET_REQUESTED =
  'An email was sent to the provided email (if it exists), please check your mail account for further instructions'

/** The forgot-password form's rule: longer than 4 characters with an at-sign after the first one. */
export const requestResetQuerySchema = Type.Object(
  {
    email: Type.String({ maxLength: 254, pattern: '^(?=[\\s\\S]{5})[\\s\\S]+@', errorMessage: MESSAGES.email }),
  },
  { additionalProperties: false },
)

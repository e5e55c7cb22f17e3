/** The second sign-in step (spec part1 §4), browser-safe. */
import { MESSAGES } from '@app/plugin-kit/shared'
import { Type } from '@sinclair/typebox'

/** A six-digit code from the authenticator app. */
export const totpCode = () => Type.String({ pattern: '^[0-9]{6}$', errorMessage: MESSAGES.digits })

export const twoFactorSchema = Type.Object(
  { challengeToken: Type.String({ minLength: 1, maxLength: 2000 }), code: totpCode() },
  { additionalProperties: false },
)

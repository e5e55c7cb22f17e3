/** The link that confirms a new login e-mail, browser-safe. */
import { Type } from '@sinclair/typebox'

export const EMAIL_CHANGE_FAILED = 'This link is no longer valid: ask for the change again on your profile page'
export const EMAIL_CHANGED = 'Your e-mail was changed: sign in with the new address'

export const confirmEmailSchema = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false })

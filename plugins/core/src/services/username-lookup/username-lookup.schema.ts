/** Browser-safe: the wizard's e-mail look-ups. */
import { Type } from '@sinclair/typebox'

/** GET /accountusers?username=: the account's users whose e-mail contains it. */
export const usernameQuerySchema = Type.Object(
  {
    username: Type.Optional(Type.String({ maxLength: 254 })),
    includeExternal: Type.Boolean({ default: false }),
    $limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 500 })),
  },
  { additionalProperties: false },
)

/** GET /accountusers/exists?username=: $limit as the users lists take it (the answer is one flag, so it changes nothing). */
export const usernameExistsQuerySchema = Type.Pick(usernameQuerySchema, ['username', '$limit'], { additionalProperties: false })

/** What /accountusers/exists answers. */
export interface UsernameStatus {
  /** Someone has registered the e-mail. */
  exists: boolean
  /** That person is a member of the caller's account already. */
  member: boolean
}

/**
 * POST /accountusers/pwd/{userId}: one's own password, with the current one; a global
 * admin sets anyone's. Every other session of the person ends; the person is told.
 */
import { BadRequest } from '@feathersjs/errors'
import { MESSAGES, defineAction } from '@app/plugin-kit'
import { hashPassword } from '../../auth/passwords'
import { type Person, assertCurrentPassword, identityTarget, newPasswordError, personalWords, tellPerson } from '../../identity'
import { changePasswordSchema } from './password.schema'
import { passwordPath } from './password.shared'

/** The spec's order after "required": the password rule, then the repeat equal; with the current password when it is one's own. */
const passwordErrors = async (data: { currentPassword?: string; password: string; repeatPassword: string }, person: Person, own: boolean) => {
  const errors: Record<string, string> = {}
  if (own && !data.currentPassword) errors.currentPassword = MESSAGES.required
  const weak = await newPasswordError(data.password, personalWords(person))
  if (weak) errors.password = weak
  if (data.repeatPassword !== data.password) errors.repeatPassword = MESSAGES.passwordsMismatch
  return errors
}

export const passwordService = defineAction({
  path: passwordPath,
  scope: {
    kind: 'own-user',
    why: "The caller's own password (with the current one); a global admin may set anyone's, everyone else gets 403 for another id.",
  },
  data: changePasswordSchema,
  run: async ({ app, caller, ids: { userId }, data }) => {
    const { own, person } = await identityTarget(app, caller, userId)
    const errors = await passwordErrors(data, person, own)
    if (Object.keys(errors).length) throw new BadRequest('Validation failed', { errors })
    if (own) await assertCurrentPassword(app, person, data.currentPassword)

    const passwordHash = await hashPassword(data.password)
    await app.get('knex').transaction(async (trx) => {
      await trx('users').where({ id: userId }).update({ password_hash: passwordHash })
      // Every other token of the user ends; the caller's own stays, so the page they are on keeps working.
      const others = trx('sessions').where({ user_id: userId, revoked: false })
      await (own ? others.whereNot({ id: caller.sessionId }) : others).update({ revoked: true })
    })
    await tellPerson(app, person, 'password')
    return { userId }
  },
})

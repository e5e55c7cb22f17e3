/** POST /emailchange/confirm: the link from the new address applies the change once, if the address is still free, and ends every session. */
import { BadRequest } from '@feathersjs/errors'
import { defineAction, nowIso } from '@app/plugin-kit'
import type { Knex } from 'knex'
import { revokeUserSessions } from '../../auth/sessions'
import { hashToken } from '../../user-tokens'
import { applyUsername, assertAddressFree } from '../username/login-email'
import { EMAIL_CHANGED, EMAIL_CHANGE_FAILED, confirmEmailSchema } from './email-confirm.schema'
import { emailConfirmPath } from './email-confirm.shared'

export const emailConfirmService = defineAction({
  path: emailConfirmPath,
  public: true,
  scope: { kind: 'none', why: 'Signed out or in; the single-use token from the confirmation mail names the user and the new address.' },
  data: confirmEmailSchema,
  run: async ({ app, data }) => {
    const knex = app.get('knex')
    const usable = (q: Knex.QueryBuilder) =>
      q.where({ token_hash: hashToken(data.token), kind: 'email' }).whereNull('used_at').andWhere('expires_at', '>', Date.now())
    const found = await usable(knex('user_tokens')).first('id', 'user_id', 'new_username')
    if (!found?.new_username) throw new BadRequest(EMAIL_CHANGE_FAILED)
    const userId = Number(found.user_id)
    const username = String(found.new_username)
    await knex.transaction(async (trx) => {
      // Spent first, conditionally: a link opened twice at once applies once.
      const spent = await usable(trx('user_tokens')).andWhere({ id: found.id }).update({ used_at: nowIso() })
      if (Number(spent) !== 1) throw new BadRequest(EMAIL_CHANGE_FAILED)
      if (!(await trx('users').where({ id: userId, anonymous: false }).first('id'))) throw new BadRequest(EMAIL_CHANGE_FAILED)
      // Taken meanwhile: 409, and the rollback leaves the link as it was.
      await assertAddressFree(trx, username, userId)
      await applyUsername(trx, userId, username)
      await revokeUserSessions(trx, userId)
    })
    return { message: EMAIL_CHANGED, username }
  },
})

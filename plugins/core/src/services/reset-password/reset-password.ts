/**
 * A mailed link spent (spec part1 §4, §7, §8): POST /passwordreset/changePassword sets
 * the password from a reset link, /changePasswordAndUserDetails the password and names
 * from a reset or welcome link. A spent link ends every session of its user.
 */
import { BadRequest } from '@feathersjs/errors'
import type { Application } from '@app/plugin-kit'
import { defineAction, nowIso } from '@app/plugin-kit'
import { hashPassword } from '../../auth/passwords'
import { revokeUserSessions } from '../../auth/sessions'
import { newPasswordError, personalWords } from '../../identity'
import { refreshMemberKeys } from '../../member-keys'
import { type UserTokenKind, hashToken } from '../../user-tokens'
import { RESET_DONE, RESET_FAILED, resetPasswordAndDetailsSchema, resetPasswordSchema } from './reset-password.schema'
import { resetPasswordAndDetailsPath, resetPasswordPath } from './reset-password.shared'

interface ChangeData {
  token: string
  password: string
  firstName?: string
  lastName?: string
}

/** Spends a token of one of `kinds`: sets the password (and the names given), ends every session of the user. */
const spendLink = async (app: Application, kinds: UserTokenKind[], withDetails: boolean, data: ChangeData) => {
  const knex = app.get('knex')
  const tokenHash = hashToken(data.token)
  const usable = (q: any, now: number) => q.where({ token_hash: tokenHash }).whereIn('kind', kinds).whereNull('used_at').andWhere('expires_at', '>', now)
  // Checked before hashing, so a bad link costs no argon2 work.
  const found = await usable(knex('user_tokens'), Date.now()).first('id', 'user_id')
  if (!found) throw new BadRequest(RESET_FAILED)
  const person = await knex('users').where({ id: found.user_id }).first('username', 'first_name', 'last_name')
  const words = [...personalWords(person ?? { username: '' }), data.firstName, data.lastName]
  const weak = await newPasswordError(data.password, words)
  if (weak) throw new BadRequest('Validation failed', { errors: { password: weak } })
  const passwordHash = await hashPassword(data.password)

  await knex.transaction(async (trx) => {
    const now = nowIso()
    // Marking it used first, conditionally, is what makes the token single-use under concurrent calls.
    const spent = await usable(trx('user_tokens'), Date.now()).andWhere({ id: found.id }).update({ used_at: now })
    if (Number(spent) !== 1) throw new BadRequest(RESET_FAILED)
    const userId = Number(found.user_id)
    const user = await trx('users').where({ id: userId }).first('id', 'anonymous')
    if (!user || user.anonymous) throw new BadRequest(RESET_FAILED)
    const names = withDetails ? { first_name: data.firstName?.trim(), last_name: data.lastName?.trim() } : {}
    const given = Object.fromEntries(Object.entries(names).filter(([, value]) => value !== undefined))
    await trx('users')
      .where({ id: userId })
      .update({ password_hash: passwordHash, ...given })
    if (Object.keys(given).length) await refreshMemberKeys(trx, userId)
    // Other links sent before this one are spent too: the password they were for is gone.
    await trx('user_tokens').where({ user_id: userId }).whereNull('used_at').update({ used_at: now })
    await revokeUserSessions(trx, userId)
  })
  return { message: RESET_DONE }
}

export const resetPasswordServices = [
  defineAction({
    path: resetPasswordPath,
    public: true,
    scope: { kind: 'none', why: 'Signed out; the single-use token from the reset mail names the user.' },
    data: resetPasswordSchema,
    run: ({ app, data }) => spendLink(app, ['reset'], false, data),
  }),
  defineAction({
    path: resetPasswordAndDetailsPath,
    public: true,
    scope: { kind: 'none', why: 'Signed out; the single-use token from the reset or welcome mail names the user.' },
    data: resetPasswordAndDetailsSchema,
    run: ({ app, data }) => spendLink(app, ['reset', 'welcome'], true, data),
  }),
]

/** Writing a person's login e-mail: the address must be no one else's, and the users list's keys follow. */
import { isUniqueViolation } from '@app/plugin-kit'
import { Conflict } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { refreshMemberKeys } from '../../member-keys'
import { EMAIL_TAKEN } from '../../signup'

/** The address is someone else's login: 409, as sign-up and the users form answer. */
export const assertAddressFree = async (knex: Knex, username: string, userId: number) => {
  if (await knex('users').where({ username }).whereNot({ id: userId }).first('id'))
    throw new Conflict(EMAIL_TAKEN, { errors: { username: EMAIL_TAKEN } })
}

/** Sets the login e-mail; two changes to one address at once: the unique index decides, with the same answer. */
export const applyUsername = async (trx: Knex, userId: number, username: string) => {
  await trx('users')
    .where({ id: userId })
    .update({ username })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new Conflict(EMAIL_TAKEN, { errors: { username: EMAIL_TAKEN } })
      throw error
    })
  await refreshMemberKeys(trx, userId)
}

/**
 * An account's first rows, the same whether it comes from sign-up or from a global
 * admin: the account, its built-in roles, its first admin (account admin level, in the
 * Administrators role; a new person, or one registered already) and the default modules.
 * Call it inside the caller's transaction.
 */
import type { Application } from '@app/plugin-kit'
import type { Knex } from 'knex'
import { type ListedPerson, memberKeys } from '../../member-keys'
import { enableDefaultModules } from '../account-modules/installed-modules'
import { ensureBuiltInRoles } from '../roles/roles.class'

export interface FirstAdmin {
  username: string
  firstName: string
  lastName: string
  /** Null until the admin chooses one from the welcome mail. */
  passwordHash: string | null
}

/** A person registered already, made the first admin: their identity (names, password) stays theirs. */
export interface RegisteredAdmin {
  registered: ListedPerson & { id: number }
}

/** Initials from the names, made unique in nothing yet: a new account has one user. */
export const acronymOf = (firstName: string, lastName: string) =>
  `${firstName.trim()[0] ?? ''}${lastName.trim().slice(0, 2)}`.toUpperCase() || 'USR'

export const insertAccountWithAdmin = async (
  app: Application,
  trx: Knex.Transaction,
  account: Record<string, unknown>,
  admin: FirstAdmin | RegisteredAdmin,
  now: string,
) => {
  const [id] = await trx('accounts').insert({ ...account, created_at: now })
  const accountId = Number(id)
  await ensureBuiltInRoles(trx, accountId)
  const administrators = await trx('roles').where({ account_id: accountId, security_group: 'ADMIN' }).orderBy('id').first('id')
  const { person, userId } = 'registered' in admin ? { person: admin.registered, userId: Number(admin.registered.id) } : await insertPerson(trx, admin, now)
  await trx('account_users').insert({
    account_id: accountId,
    user_id: userId,
    role_id: administrators?.id ?? null,
    access_level: 'ACCOUNT_ADMIN',
    enabled: true,
    created_at: now,
    ...memberKeys(person),
  })
  await enableDefaultModules(app, accountId, trx)
  return { accountId, userId }
}

const insertPerson = async (trx: Knex.Transaction, admin: FirstAdmin, now: string) => {
  const person = {
    username: admin.username,
    first_name: admin.firstName.trim(),
    last_name: admin.lastName.trim(),
    acronym: acronymOf(admin.firstName, admin.lastName),
  }
  const [userId] = await trx('users').insert({ ...person, password_hash: admin.passwordHash, language: 'ENGLISH', enabled: true, created_at: now })
  return { person, userId: Number(userId) }
}

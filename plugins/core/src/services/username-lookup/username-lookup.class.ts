/**
 * The wizard's e-mail look-ups. Table services over the memberships, so the tenancy test
 * reaches them.
 */
import { NotFound } from '@feathersjs/errors'
import type { Application } from '@app/plugin-kit'
import { TableService, currentUser, whereContains } from '@app/plugin-kit'
import type { Knex } from 'knex'
import { USER_MESSAGES, accountUsersQuery, boolOf, isMemberOf, personByEmail, toAccountUser, withCompanyNames } from '../../account-user'
import type { UsernameStatus } from './username-lookup.schema'

const registered = async (knex: Knex, username: string) =>
  Boolean(await knex('users').whereRaw('lower(username) = ?', [username.trim().toLowerCase()]).first('id'))

/**
 * GET and HEAD /accountusers?username=: 404 when nobody has registered the e-mail (the
 * wizard's HEAD check), else the account's users whose e-mail contains it. External
 * users — members who belong to a company (suppliers, customers) — only with includeExternal.
 */
export class UsersByNameService extends TableService {
  constructor(private readonly app: Application) {
    super({ Model: app.get('knex'), name: 'account_users', id: 'user_id' })
  }
  override async find(params?: any): Promise<any> {
    const caller = currentUser(params)
    const username = String(params.query?.username ?? '')
    if (!username.trim()) return []
    if (!(await registered(this.app.get('knex'), username))) throw new NotFound(USER_MESSAGES.notFound)
    const q = accountUsersQuery(this.app, caller.accountId)
      .modify((q) => whereContains(q, ['au.username_key'], username.trim(), { lowerCased: true }))
      .andWhere('au.user_anonymous', false)
      .orderBy('au.username_key')
      .limit(20)
    if (!boolOf(params.query?.includeExternal, false)) q.whereNull('au.company_id')
    return (await withCompanyNames(this.app, caller.accountId, await q)).map((row: any) => ({ ...toAccountUser(row), userId: Number(row.id) }))
  }
}

/**
 * GET /accountusers/exists?username=: whether the e-mail is registered at all, and whether
 * its person is a member of the caller's account already (the wizard refuses only that:
 * a person registered elsewhere is added to the account).
 */
export class UsernameExistsService extends TableService {
  constructor(private readonly app: Application) {
    super({ Model: app.get('knex'), name: 'account_users', id: 'user_id' })
  }
  override async find(params?: any): Promise<any> {
    const username = String(params.query?.username ?? '').trim().toLowerCase().slice(0, 254)
    const knex = this.app.get('knex')
    const person = username ? await personByEmail(knex, username) : undefined
    const status: UsernameStatus = { exists: Boolean(person), member: Boolean(person) && (await isMemberOf(knex, currentUser(params).accountId, Number(person.id))) }
    return status
  }
}

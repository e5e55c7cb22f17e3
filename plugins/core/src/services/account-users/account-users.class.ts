/**
 * The account's users (spec part1 §7 "Account users"): the paged list, one user, and the
 * edit form. The wizard's create is new-user's; company managers (canManageCompanyUsers
 * without canManageUsers) reach only users of the companies they manage.
 */
import { BadRequest, Conflict, Forbidden, NotFound } from '@feathersjs/errors'
import type { AppParams, Application } from '@app/plugin-kit'
import { TableService, anyFlag, callerFlags, currentUser, whereContains } from '@app/plugin-kit'
import { assertMayActOn } from '../../acting'
import {
  USERS_READ,
  USER_MESSAGES,
  accountUser,
  accountUsersQuery,
  acronymConflict,
  acronymTaken,
  assertCallerMayGive,
  assertResourcesOfAccount,
  boolOf,
  checkedBody,
  managedCompanies,
  toAccountUser,
  withCompanyNames,
  withoutSystemUsers,
} from '../../account-user'
import { refreshMemberKeys } from '../../member-keys'
import { createUser } from '../new-user/new-user.class'
import { emptyUserSchema } from '../new-user/new-user.schema'
import { type AccountUser, editUserSchema } from './account-users.schema'

/** Each sortable field's column on the membership row; every one leads an index after account_id (migration 006). */
const SORTABLE = {
  username: 'au.username_key',
  firstName: 'au.first_name_key',
  lastName: 'au.last_name_key',
  acronym: 'au.acronym_key',
  createdAt: 'au.created_at',
  enabled: 'au.enabled',
} as const

/**
 * The list's order: the asked fields, then the user id in the direction of the last one,
 * so that a page is one stretch of a list index read forwards or backwards.
 */
const listOrder = (sort: Record<string, number>) => {
  const order = Object.entries(sort).map(([field, direction]) => {
    const column = SORTABLE[field as keyof typeof SORTABLE]
    if (!column) throw new BadRequest('Validation failed', { errors: { $sort: `Cannot sort by ${field}` } })
    return { column, order: Number(direction) < 0 ? ('desc' as const) : ('asc' as const) }
  })
  return [...order, { column: 'au.user_id', order: order.at(-1)?.order ?? ('asc' as const) }]
}

/** GET, POST and PUT /accountusers/{accountId}. */
export class AccountUsersService {
  private readonly createUser: ReturnType<typeof createUser>

  constructor(private readonly app: Application) {
    this.createUser = createUser(app, emptyUserSchema)
  }

  /**
   * The list, paged, filtered and sorted in SQL. The page's ids come from the membership
   * rows alone (their list indexes hold the order and every filter, so even a deep page
   * reads one index), then only those rows are joined with their person, role and company.
   * A page shorter than asked tells the total without counting.
   */
  async find(params: AppParams) {
    const caller = currentUser(params)
    const knex = this.app.get('knex')
    const query = params.query ?? {}
    const limit = Math.min(Number(query.$limit ?? 50), 500)
    const skip = Number(query.$skip ?? 0)
    const listed = knex('account_users as au').where('au.account_id', caller.accountId)
    if (!boolOf(query.includeSystem, false)) withoutSystemUsers(listed)
    // Anonymised users can no longer be edited.
    if (boolOf(query.onlyEditable, true)) listed.andWhere('au.user_anonymous', false)
    if (!(await callerFlags(this.app, params)).canManageUsers) listed.whereIn('au.company_id', await managedCompanies(knex, params))
    const filter = String(query.filter ?? '').trim()
    if (filter) whereContains(listed, ['au.user_search_key'], filter, { lowerCased: true })
    if (query.removalRequested !== undefined) listed.andWhere('au.removal_requested', boolOf(query.removalRequested, false))
    const order = listOrder((query.$sort ?? { lastName: 1 }) as Record<string, number>)

    const ids = limit === 0 ? [] : (await listed.clone().orderBy(order).limit(limit).offset(skip).pluck('au.user_id')).map(Number)
    const byId = new Map<number, AccountUser>()
    if (ids.length) {
      const rows = await accountUsersQuery(this.app, caller.accountId).whereIn('au.user_id', ids)
      for (const row of await withCompanyNames(this.app, caller.accountId, rows)) byId.set(Number(row.id), toAccountUser(row))
    }
    const pageTellsTotal = limit > 0 && ids.length < limit && (ids.length > 0 || skip === 0)
    const total = pageTellsTotal ? skip + ids.length : Number((await listed.clone().count({ total: '*' }).first())?.total ?? 0)
    return { total, limit, skip, data: ids.map((id) => byId.get(id)!) }
  }

  /** The wizard's plain variant. */
  create(body: unknown, params: AppParams) {
    return this.createUser.create(body, params)
  }

  /**
   * The edit form. Who may act on the member is the declared target (membership); changing
   * their login e-mail is an identity act, and their names, acronym or language (shared by
   * all their accounts) a details act.
   */
  async update(_id: null, body: unknown, params: AppParams) {
    const data = checkedBody(editUserSchema, body)
    const caller = currentUser(params)
    const knex = this.app.get('knex')
    const target = await accountUser(this.app, caller.accountId, data.id)
    if (target.anonymous) throw new Conflict(USER_MESSAGES.alreadyAnonymous)
    const username = data.username.trim().toLowerCase()
    const acronym = data.acronym.trim().toUpperCase()
    const details = { first_name: data.firstName.trim(), last_name: data.lastName.trim(), acronym, ...(data.language ? { language: data.language } : {}) }
    if (params.provider) {
      if (username !== target.username.toLowerCase()) {
        // The profile page asks for the current password; this form does not.
        if (data.id === caller.id) throw new Forbidden(USER_MESSAGES.noEditAccess)
        await assertMayActOn(knex, caller, data.id, 'identity')
      }
      const current = { first_name: target.firstName, last_name: target.lastName, acronym: target.acronym, language: target.language }
      if (Object.entries(details).some(([key, value]) => current[key as keyof typeof current] !== value)) await assertMayActOn(knex, caller, data.id, 'details')
      if (data.companyId !== undefined && data.companyId !== target.companyId) await assertCallerMayGive(this.app, params, { companyId: data.companyId })
    }
    if (await knex('users').whereRaw('lower(username) = ?', [username]).andWhereNot('id', data.id).first('id'))
      throw new Conflict(USER_MESSAGES.emailTaken, { errors: { username: USER_MESSAGES.emailTaken } })
    if (await acronymTaken(knex, caller.accountId, acronym, data.id)) throw acronymConflict()
    if (data.companyId !== undefined && data.companyId !== null) await assertResourcesOfAccount(this.app, caller.accountId, 'COMPANY', [data.companyId])
    await knex.transaction(async (trx) => {
      await trx('users')
        .where({ id: data.id })
        .update({ username, ...details })
      await refreshMemberKeys(trx, data.id)
      if (data.companyId !== undefined) await trx('account_users').where({ account_id: caller.accountId, user_id: data.id }).update({ company_id: data.companyId })
    })
    return accountUser(this.app, caller.accountId, data.id)
  }
}

/** GET /accountusers/user/{userId}: one user of the caller's account, or the caller themself (a table service, so the tenancy test reaches it). */
export class UserByIdService extends TableService {
  constructor(private readonly app: Application) {
    super({ Model: app.get('knex'), name: 'account_users', id: 'user_id' })
  }

  override async get(id: any, params?: any): Promise<any> {
    const userId = Number(id)
    if (!Number.isInteger(userId) || userId < 1) throw new NotFound(USER_MESSAGES.notFound)
    const caller = currentUser(params)
    // One's own membership is everyone's to read (the profile shows its removal request); others need a user manager's flag.
    if (userId === caller.id) return accountUser(this.app, caller.accountId, userId)
    const flags = await callerFlags(this.app, params)
    if (!anyFlag(flags, USERS_READ)) throw new Forbidden('You do not have permission to do this')
    const user = await accountUser(this.app, caller.accountId, userId)
    if (!flags.canManageUsers) {
      const managed = await managedCompanies(this.app.get('knex'), params)
      if (user.companyId === null || !managed.includes(user.companyId)) throw new NotFound(USER_MESSAGES.notFound)
    }
    return user
  }
}

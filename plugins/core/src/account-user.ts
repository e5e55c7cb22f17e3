/**
 * One user of an account as the account-user calls read it (membership, person, role and
 * company name), and the checks those calls share: who the caller manages, what they may
 * give, the body as the path's account sees it, acronyms, e-mails and resource ids.
 */
import { BadRequest, Conflict, NotFound } from '@feathersjs/errors'
import type { AppParams, Application } from '@app/plugin-kit'
import { assertValid, cached, currentUser } from '@app/plugin-kit'
import type { Static, TObject } from '@sinclair/typebox'
import type { Knex } from 'knex'
import { loadGrants } from './access'
import { ACTING_MESSAGES, type Gift, assertMayGive } from './acting'
import { missingResource, namesOfResources } from './resources'
import type { AccountUser } from './services/account-users/account-users.schema'

export const USER_MESSAGES = {
  emailTaken: 'Email is already registered',
  acronymTaken: 'Acronym is already in use',
  notFound: 'User not found',
  noEditAccess: ACTING_MESSAGES.noEditAccess,
  groupFailed: 'changing user group failed',
  selfAnonymise: 'You cannot anonymise yourself',
  alreadyAnonymous: 'The user is already anonymous',
  otherAccounts: 'The user belongs to other accounts: remove them from this account instead',
  selfRemove: 'You cannot remove yourself from the account',
  selfLevel: 'You cannot change your own access level',
  globalAdminOnly: ACTING_MESSAGES.globalAdminLevel,
} as const

/** Who reads the account's users: user managers, and company managers for their companies' users. */
export const USERS_READ = ['canManageUsers', 'canManageCompanyUsers'] as const

/** A query flag as a query string or a checked query gives it. */
export const boolOf = (value: unknown, fallback: boolean) => (value === undefined ? fallback : value === true || value === 'true')

export const fieldError = (field: string, message: string) => new BadRequest('Validation failed', { errors: { [field]: message } })

/** The companies the caller manages (COMPANY ADMINISTER, own or through the role). */
export const managedCompanies = async (knex: Knex, params: AppParams): Promise<number[]> => {
  const caller = currentUser(params)
  const grants = await loadGrants(knex, caller.accountId, caller.id, caller.roleId)
  return grants.filter((g) => g.resource === 'COMPANY' && g.action === 'ADMINISTER' && g.resourceId !== null).map((g) => g.resourceId!)
}

/**
 * The users query of one account: membership joined with the person and their role.
 * The company's name is its plugin's to tell (`withCompanyNames`), asked for the rows read.
 */
export const accountUsersQuery = (app: Application, accountId: number): Knex.QueryBuilder =>
  app
    .get('knex')('account_users as au')
    .join('users as u', 'u.id', 'au.user_id')
    .where('au.account_id', accountId)
    .leftJoin('roles as r', 'r.id', 'au.role_id')
    .select(
      'u.id as id',
      'au.account_id as accountId',
      'u.username as username',
      'u.first_name as firstName',
      'u.last_name as lastName',
      'u.acronym as acronym',
      'u.language as language',
      'u.two_factor_enabled as hasTwoFactor',
      'u.anonymous as anonymous',
      'au.role_id as roleId',
      'r.name as roleName',
      'r.security_group as securityGroup',
      'au.company_id as companyId',
      'au.access_level as accessLevel',
      'au.enabled as enabled',
      'au.removal_requested as removalRequested',
      'au.created_at as createdAt',
      'au.created_by as createdBy',
    )

/**
 * Hides the system users, the platform's staff (global admins) present in every account they
 * look after: the users list by default (spec: includeSystem false), its home count and the export.
 */
export const withoutSystemUsers = (query: Knex.QueryBuilder) => query.andWhereNot('au.access_level', 'GLOBAL_ADMIN')

/** The rows with the name of each one's company: one batched question to the companies plugin (null without it). */
export const withCompanyNames = async (app: Application, accountId: number, rows: Record<string, any>[]): Promise<Record<string, any>[]> => {
  const names = await namesOfResources(app, accountId, 'COMPANY', rows.filter((r) => r.companyId !== null).map((r) => Number(r.companyId)))
  return rows.map((row) => ({ ...row, companyName: row.companyId === null ? null : (names.get(Number(row.companyId)) ?? null) }))
}

export const toAccountUser = (row: any): AccountUser => ({
  ...row,
  id: Number(row.id),
  accountId: Number(row.accountId),
  roleId: row.roleId === null ? null : Number(row.roleId),
  companyId: row.companyId === null ? null : Number(row.companyId),
  createdBy: row.createdBy === null ? null : Number(row.createdBy),
  hasTwoFactor: Boolean(row.hasTwoFactor),
  anonymous: Boolean(row.anonymous),
  enabled: Boolean(row.enabled),
  removalRequested: Boolean(row.removalRequested),
})

/** One user of the caller's account, or 404 'User not found'. */
export const accountUser = async (app: Application, accountId: number, userId: number) => {
  const row = await accountUsersQuery(app, accountId).andWhere('u.id', userId).first()
  if (!row) throw new NotFound(USER_MESSAGES.notFound)
  return toAccountUser((await withCompanyNames(app, accountId, [row]))[0])
}

/** What a caller's call gives (a role, a company, privileges): core's one rule (acting.ts); server code is trusted. */
export const assertCallerMayGive = async (app: Application, params: AppParams, gift: Gift) => {
  if (params.provider) await assertMayGive(app.get('knex'), currentUser(params), gift, app.get('projects'))
}

/**
 * Bodies of calls addressed by account are checked inside the method, after the tenancy
 * hook: another account's id answers 404 whatever the body.
 */
export const checkedBody = <T extends TObject>(schema: T, data: unknown): Static<T> => {
  // The tenancy hook stamps the caller's account on create and update bodies; the route already names it.
  const { accountId: _stamped, ...body } = (data ?? {}) as Record<string, unknown>
  assertValid(cached(schema, 'data'), body)
  return body as Static<T>
}

/** Acronyms are unique within an account whatever their case: one seek in the list's acronym index. */
export const acronymTaken = async (knex: Knex, accountId: number, acronym: string, exceptUserId?: number) => {
  const q = knex('account_users').where({ account_id: accountId, acronym_key: acronym.toLowerCase() })
  if (exceptUserId) q.andWhereNot('user_id', exceptUserId)
  return Boolean(await q.first('user_id'))
}

export const acronymConflict = () => new Conflict(USER_MESSAGES.acronymTaken, { errors: { acronym: USER_MESSAGES.acronymTaken } })

/** The rows a resource id must be in: projects and companies of the account, asked of their plugins (none without them). */
export const assertResourcesOfAccount = async (app: Application, accountId: number, resource: string, ids: number[]) => {
  const missing = await missingResource(app, accountId, resource, ids)
  if (missing !== undefined) throw fieldError('privileges', `No ${resource.toLowerCase()} ${missing} in this account`)
}

/** The person registered with the e-mail (lower-cased), if anyone is. */
export const personByEmail = (knex: Knex, email: string) =>
  knex('users').whereRaw('lower(username) = ?', [email]).first('id', 'username', 'first_name', 'last_name', 'acronym', 'anonymous')

export const isMemberOf = async (knex: Knex, accountId: number, userId: number) =>
  Boolean(await knex('account_users').where({ account_id: accountId, user_id: userId }).first('id'))

/**
 * The users of a company (account_users.company_id), and the account users the
 * add-company-user box suggests. The users with access to it are in ../users-with-access.
 */
import { BadRequest, Conflict, NotFound } from '@feathersjs/errors'
import type { AppParams, Application, HookContext, ServiceDefinition } from '@app/plugin-kit'
import { currentUser, whereContains } from '@app/plugin-kit'
import type { Knex } from 'knex'
import { companyToManageUsersOf } from '../../company-access'
import { type CompanyUser, companyUserDataSchema, companyUsersQuerySchema } from '../companies/companies.schema'

export const USER_NOT_FOUND = 'User not found'
export const ALREADY_USER = 'The user is already a user of this company'

export const USER_COLUMNS = [
  'u.id as userId',
  'u.username',
  'u.first_name as firstName',
  'u.last_name as lastName',
  'u.acronym',
  'au.enabled',
  'u.anonymous',
] as const

export const toUser = (row: Record<string, any>): CompanyUser => ({
  userId: Number(row.userId),
  username: row.username,
  firstName: row.firstName,
  lastName: row.lastName,
  acronym: row.acronym,
  enabled: Boolean(row.enabled),
  anonymous: Boolean(row.anonymous),
})

/** Members of the account joined with their users, filtered by name or e-mail. */
export const members = (knex: Knex, accountId: number, filter?: string) => {
  const query = knex('account_users as au').join('users as u', 'u.id', 'au.user_id').where('au.account_id', accountId)
  if (filter) whereContains(query, ['u.username', 'u.first_name', 'u.last_name'], filter)
  return query
}

export const paging = (query: Record<string, any>) => ({ limit: Math.min(Number(query.$limit ?? 50), 500), skip: Number(query.$skip ?? 0) })

/** One page with its total, counted by the same query. */
const page = async (query: Knex.QueryBuilder, params: AppParams, order: (q: Knex.QueryBuilder) => Knex.QueryBuilder) => {
  const { limit, skip } = paging(params.query ?? {})
  const [count] = await query.clone().clearSelect().countDistinct({ total: 'u.id' })
  const rows = limit ? await order(query.clone()).limit(limit).offset(skip) : []
  return { total: Number(count?.total ?? 0), limit, skip, rows }
}

export const byName = (q: Knex.QueryBuilder) => q.orderBy([{ column: 'u.last_name' }, { column: 'u.first_name' }, { column: 'u.id' }])

class CompanyUsersService {
  constructor(private readonly app: Application) {}

  async find(params: AppParams) {
    const company = await companyToManageUsersOf(this.app, params)
    const query = members(this.app.get('knex'), company.accountId, params.query?.filter).where('au.company_id', company.id)
    const { rows, ...rest } = await page(query.select(...USER_COLUMNS), params, byName)
    return { ...rest, data: rows.map(toUser) }
  }

  /** Assigns an existing account user, named exactly by their e-mail (the add-company-user box). */
  async create(data: { username: string }, params: AppParams) {
    const company = await companyToManageUsersOf(this.app, params)
    const knex = this.app.get('knex')
    const row = await members(knex, company.accountId)
      .whereRaw('lower(u.username) = ?', [data.username.trim().toLowerCase()])
      .andWhere('u.anonymous', false)
      .first(...USER_COLUMNS, 'au.company_id as companyId', 'au.id as memberId')
    if (!row) throw new BadRequest(USER_NOT_FOUND, { errors: { username: USER_NOT_FOUND } })
    if (Number(row.companyId) === company.id) throw new Conflict(ALREADY_USER)
    await knex('account_users').where({ id: row.memberId }).update({ company_id: company.id })
    return toUser(row)
  }

  async remove(id: unknown, params: AppParams) {
    const company = await companyToManageUsersOf(this.app, params)
    const userId = Number(id)
    const knex = this.app.get('knex')
    const row = Number.isInteger(userId)
      ? await members(knex, company.accountId).where({ 'au.user_id': userId, 'au.company_id': company.id }).first(...USER_COLUMNS, 'au.id as memberId')
      : undefined
    if (!row) throw new NotFound(`No record found for id '${String(id)}'`)
    await knex('account_users').where({ id: row.memberId }).update({ company_id: null })
    return toUser(row)
  }
}

/** Account users whose name or e-mail contains the text: the add-company-user box's suggestions. */
class CandidatesService {
  constructor(private readonly app: Application) {}

  async find(params: AppParams) {
    const knex = this.app.get('knex')
    const company = await companyToManageUsersOf(this.app, params)
    const filter = String(params.query?.filter ?? '')
    if (filter.trim().length < 4) return []
    const rows = await byName(members(knex, company.accountId, filter.trim()).andWhere('u.anonymous', false).select(...USER_COLUMNS)).limit(10)
    return rows.map(toUser)
  }
}

/** The member of the caller's account the add box names by e-mail, for core's rule of who may act on whom. */
const memberNamed = async (context: HookContext) => {
  const username = (context.data as { username?: unknown } | undefined)?.username
  if (typeof username !== 'string') return undefined
  const row = await members(context.app.get('knex'), currentUser(context.params).accountId)
    .whereRaw('lower(u.username) = ?', [username.trim().toLowerCase()])
    .first('u.id')
  return row?.id
}

export const companyUserServices: ServiceDefinition[] = [
  {
    path: 'companies/:companyId/users',
    methods: ['find', 'create', 'remove'],
    scope: { kind: 'tenant' },
    flags: { find: ['canManageCompanyUsers'], create: ['canManageCompanyUsers'], remove: ['canManageCompanyUsers'] },
    // A company administrator places only ordinary users, of its companies or of none: never an admin, nor another company's user.
    targets: { create: { action: 'addToCompany', userFrom: memberNamed }, remove: { action: 'addToCompany', userFrom: (context) => context.id } },
    schemas: { data: companyUserDataSchema, query: companyUsersQuerySchema },
    service: (app) => new CompanyUsersService(app),
  },
  {
    path: 'companies/:companyId/candidates',
    methods: ['find'],
    scope: { kind: 'tenant' },
    flags: { find: ['canManageCompanyUsers'] },
    schemas: { query: companyUsersQuerySchema },
    service: (app) => new CandidatesService(app),
  },
]

/**
 * The users of a company (members whose company it is: core's memberships, asked through
 * its calls), and the account users the add-company-user box suggests. The users with access to it are in ../users-with-access.
 */
import { BadRequest, Conflict, NotFound } from '@feathersjs/errors'
import type { AppParams, Application, HookContext, Member, ServiceDefinition } from '@app/plugin-kit'
import { currentUser } from '@app/plugin-kit'
import { companyToManageUsersOf } from '../../company-access'
import { type CompanyUser, companyUserDataSchema, companyUsersQuerySchema } from '../companies/companies.schema'

export const USER_NOT_FOUND = 'User not found'
export const ALREADY_USER = 'The user is already a user of this company'

export const toUser = (member: Member): CompanyUser => ({
  userId: member.userId,
  username: member.username,
  firstName: member.firstName,
  lastName: member.lastName,
  acronym: member.acronym,
  enabled: member.enabled,
  anonymous: member.anonymous,
})

export const paging = (query: Record<string, any>) => ({ limit: Math.min(Number(query.$limit ?? 50), 500), skip: Number(query.$skip ?? 0) })

class CompanyUsersService {
  constructor(private readonly app: Application) {}

  async find(params: AppParams) {
    const company = await companyToManageUsersOf(this.app, params)
    const page = paging(params.query ?? {})
    const { total, data } = await this.app.get('core').members(company.accountId, { ...page, filter: params.query?.filter, companyId: company.id, anonymous: true })
    return { total, ...page, data: data.map(toUser) }
  }

  /** Assigns an existing account user, named exactly by their e-mail (the add-company-user box). */
  async create(data: { username: string }, params: AppParams) {
    const company = await companyToManageUsersOf(this.app, params)
    const core = this.app.get('core')
    const member = await core.member(company.accountId, { username: data.username })
    if (!member || member.anonymous) throw new BadRequest(USER_NOT_FOUND, { errors: { username: USER_NOT_FOUND } })
    if (member.companyId === company.id) throw new Conflict(ALREADY_USER)
    await core.setCompanyOf(company.accountId, member.userId, company.id)
    return toUser(member)
  }

  async remove(id: unknown, params: AppParams) {
    const company = await companyToManageUsersOf(this.app, params)
    const userId = Number(id)
    const core = this.app.get('core')
    const member = Number.isInteger(userId) ? await core.member(company.accountId, { userId }) : undefined
    if (member?.companyId !== company.id) throw new NotFound(`No record found for id '${String(id)}'`)
    await core.setCompanyOf(company.accountId, userId, null)
    return toUser(member)
  }
}

/** Account users whose name or e-mail contains the text: the add-company-user box's suggestions. */
class CandidatesService {
  constructor(private readonly app: Application) {}

  async find(params: AppParams) {
    const company = await companyToManageUsersOf(this.app, params)
    const filter = String(params.query?.filter ?? '').trim()
    if (filter.length < 4) return []
    return (await this.app.get('core').members(company.accountId, { filter, limit: 10, skip: 0 })).data.map(toUser)
  }
}

/** The member of the caller's account the add box names by e-mail, for core's rule of who may act on whom. */
const memberNamed = async (context: HookContext) => {
  const username = (context.data as { username?: unknown } | undefined)?.username
  if (typeof username !== 'string') return undefined
  return (await context.app.get('core').member(currentUser(context.params).accountId, { username }))?.userId
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

/**
 * The users of a company (members whose company it is: core's memberships, asked through
 * its calls), and the account users the add-company-user box suggests. The users with access to it are in ../users-with-access.
 */
import { BadRequest, Conflict, NotFound } from '@feathersjs/errors'
import type { AppParams, Application, Member } from '@app/plugin-kit'
import { companyToManageUsersOf } from '../../company-access'
import { COMPANY_USER_MESSAGES, type CompanyUser, type CompanyUserData } from './company-users.schema'

const { userNotFound, alreadyUser } = COMPANY_USER_MESSAGES

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

export class CompanyUsersService {
  constructor(private readonly app: Application) {}

  async find(params: AppParams) {
    const company = await companyToManageUsersOf(this.app, params)
    const page = paging(params.query ?? {})
    const { total, data } = await this.app.get('core').members(company.accountId, { ...page, filter: params.query?.filter, companyId: company.id, anonymous: true })
    return { total, ...page, data: data.map(toUser) }
  }

  /** Assigns an existing account user, named exactly by their e-mail (the add-company-user box). */
  async create(data: CompanyUserData, params: AppParams) {
    const company = await companyToManageUsersOf(this.app, params)
    const core = this.app.get('core')
    const member = await core.member(company.accountId, { username: data.username })
    if (!member || member.anonymous) throw new BadRequest(userNotFound, { errors: { username: userNotFound } })
    if (member.companyId === company.id) throw new Conflict(alreadyUser)
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
export class CandidatesService {
  constructor(private readonly app: Application) {}

  async find(params: AppParams) {
    const company = await companyToManageUsersOf(this.app, params)
    const filter = String(params.query?.filter ?? '').trim()
    if (filter.length < 4) return []
    return (await this.app.get('core').members(company.accountId, { filter, limit: 10, skip: 0 })).data.map(toUser)
  }
}

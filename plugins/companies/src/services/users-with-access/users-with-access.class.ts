/**
 * The users with access to a company (COMPANY privileges on it, their own or their
 * role's), and one user's own access to it, set and taken away on the company's
 * useraccess page. Company managers do this without the account-wide privileges
 * calls, which need canManageUsers.
 */
import { Forbidden, NotFound } from '@feathersjs/errors'
import type { AppParams, Application } from '@app/plugin-kit'
import { callerFlags, currentUser } from '@app/plugin-kit'
import { ACCESS_LEVELS, type AccessLevel, type PrivilegeAction, accessRank } from '@app/plugin-kit/shared'
import { administersCompany, type companyOfCaller, companyToManageUsersOf } from '../../company-access'
import { paging, toUser } from '../company-users/company-users.class'
import { USER_ACCESS_MESSAGES, type UserAccess, type UserAccessData } from './users-with-access.schema'

type Company = Awaited<ReturnType<typeof companyOfCaller>>

const highest = (actions: string[]): AccessLevel =>
  ACCESS_LEVELS[Math.max(0, ...actions.map((action) => accessRank(action as AccessLevel)))] ?? 'NONE'

const userIdOf = (id: unknown) => {
  const userId = Number(id)
  if (!Number.isInteger(userId) || userId < 1) throw new NotFound(USER_ACCESS_MESSAGES.userNotFound)
  return userId
}

export class UsersWithAccessService {
  constructor(private readonly app: Application) {}

  async find(params: AppParams) {
    const company = await companyToManageUsersOf(this.app, params)
    const page = paging(params.query ?? {})
    const { total, data } = await this.app.get('core').members(company.accountId, {
      ...page,
      filter: params.query?.filter,
      anonymous: params.query?.anonymousFilter === false,
      grantOn: { resource: 'COMPANY', resourceId: company.id },
    })
    return { total, ...page, data: data.map((member) => ({ ...toUser(member), action: member.action ?? 'NONE' })) }
  }

  /** Any member of the account: one without access answers NONE, so access can be given. */
  async get(id: unknown, params: AppParams): Promise<UserAccess> {
    return this.accessOf(await companyToManageUsersOf(this.app, params), userIdOf(id))
  }

  /** Gives the user this level on the company, replacing their own grant. */
  async update(id: unknown, data: UserAccessData, params: AppParams): Promise<UserAccess> {
    const company = await companyToManageUsersOf(this.app, params)
    const target = await this.accessOf(company, userIdOf(id))
    // Anonymised users cannot sign in: nothing is given to them.
    if (target.anonymous) throw new NotFound(USER_ACCESS_MESSAGES.userNotFound)
    await this.assertMayChange(params, company, target, data.action)
    await this.changeOwnGrant('add-or-modify-action', params, company, target.userId, data.action)
    return this.accessOf(company, target.userId)
  }

  /** Takes the user's own grant away; what their role gives stays. */
  async remove(id: unknown, params: AppParams): Promise<UserAccess> {
    const company = await companyToManageUsersOf(this.app, params)
    const target = await this.accessOf(company, userIdOf(id))
    if (target.ownAction === 'NONE') throw new NotFound(USER_ACCESS_MESSAGES.noAccess)
    await this.assertMayChange(params, company, target, 'NONE')
    await this.changeOwnGrant('remove', params, company, target.userId, target.ownAction)
    return this.accessOf(company, target.userId)
  }

  /**
   * The core plugin's own privilege calls write the grant, asked by this server once the
   * rules above have let the caller through: privileges keep one writer.
   */
  private changeOwnGrant(change: 'add-or-modify-action' | 'remove', params: AppParams, company: Company, userId: number, action: PrivilegeAction) {
    return this.app.get('core').changeGrant(change, currentUser(params), userId, { resource: 'COMPANY', resourceId: company.id, action })
  }

  /**
   * User managers change anyone's access. Whom a company's other managers may act on
   * (never themselves, only ordinary users) is core's rule, the service's declared target;
   * only the company's administrators give or take administer access.
   */
  private async assertMayChange(params: AppParams, company: Company, target: UserAccess, wanted: AccessLevel) {
    if (!params.provider) return
    const caller = currentUser(params)
    if ((await callerFlags(this.app, params)).canManageUsers) return
    const touchesAdminister = wanted === 'ADMINISTER' || target.ownAction === 'ADMINISTER'
    if (touchesAdminister && !(await administersCompany(this.app, caller, company.id)))
      throw new Forbidden(USER_ACCESS_MESSAGES.administerOnly)
  }

  private async accessOf(company: Company, userId: number): Promise<UserAccess> {
    const core = this.app.get('core')
    const member = await core.member(company.accountId, { userId })
    if (!member) throw new NotFound(USER_ACCESS_MESSAGES.userNotFound)
    const grants = await core.grantsOn(company.accountId, member, 'COMPANY', company.id)
    const ownAction = highest(grants.filter((g) => g.own).map((g) => g.action))
    const otherAction = highest(grants.filter((g) => !g.own).map((g) => g.action))
    return { ...toUser(member), action: highest([ownAction, otherAction]), ownAction, otherAction }
  }
}

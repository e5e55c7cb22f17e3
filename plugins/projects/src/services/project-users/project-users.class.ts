/**
 * A project's users (spec part2 §2, §4, §6): the members holding a grant on it, one user's
 * levels, Set (the user's own grant, saved at once), adding a user by username (VIEW),
 * removing one (their own grant: the privilege that gave them access), who can open it,
 * and the caller's own privileges on it. The project scope has let only the project's
 * administrators in (ACCESS for /privileges); whom they may act on is core's rule (the
 * services' declared targets). Grants are read and written through core's calls only.
 */
import { BadRequest, Conflict, Forbidden, NotFound } from '@feathersjs/errors'
import type { AppParams, Application, Member, MenuFlags } from '@app/plugin-kit'
import { callerFlags, currentUser } from '@app/plugin-kit'
import { ACCESS_LEVELS, type AccessLevel, PRIVILEGE_ACTIONS, type PrivilegeAction, accessRank } from '@app/plugin-kit/shared'
import {
  PROJECT_USER_MESSAGES,
  type ProjectPrivileges,
  type ProjectUser,
  type ProjectUserAdd,
  type ProjectUserLevels,
  type ProjectUserPage,
  type ProjectUserSet,
} from './project-users.schema'

const { userNotFound, alreadyUser, noAccess, administerNotOffered, mayNotChange, clientProjectsOnly } = PROJECT_USER_MESSAGES

const paging = (query: Record<string, any>) => ({ limit: Math.min(Number(query.$limit ?? 50), 500), skip: Number(query.$skip ?? 0) })

const highest = (actions: string[]): AccessLevel => ACCESS_LEVELS[Math.max(0, ...actions.map((a) => accessRank(a as AccessLevel)))] ?? 'NONE'

const toUser = (member: Member & { action?: string }): ProjectUser => ({
  userId: member.userId,
  username: member.username,
  firstName: member.firstName,
  lastName: member.lastName,
  acronym: member.acronym,
  enabled: member.enabled,
  anonymous: member.anonymous,
  accessLevel: (member.action as AccessLevel | undefined) ?? 'NONE',
})

/** The ADMINISTER option is offered only to settings, accounts or projects managers (part2 §6). */
const mayOfferAdminister = (flags: MenuFlags) => flags.canManageSettings || flags.canManageAccounts || flags.canManageProjects

/** The project the scope checked, in the caller's account. */
const projectOf = (params: AppParams) => ({ id: params.project!.id, level: params.project!.level ?? 'NONE', accountId: currentUser(params).accountId })
type Project = ReturnType<typeof projectOf>

const userIdOf = (id: unknown) => {
  const userId = Number(id)
  if (!Number.isInteger(userId) || userId < 1) throw new NotFound(userNotFound)
  return userId
}

export class ProjectUsersService {
  constructor(private readonly app: Application) {}

  /** GET /projects/{projectId}/users: the members holding a grant on the project, with their level, by name. */
  async find(params: AppParams): Promise<ProjectUserPage> {
    const project = projectOf(params)
    const page = paging(params.query ?? {})
    const clientId = await this.clientOf(project)
    const { total, data } = await this.app.get('core').members(project.accountId, {
      ...page,
      filter: params.query?.filter,
      anonymous: true,
      levelOn: { projectId: project.id, clientId, holdersOnly: true },
    })
    return { total, ...page, data: data.map(toUser) }
  }

  /** GET /projects/{projectId}/users/{userId}: any member of the account, with what they hold on the project. */
  async get(id: unknown, params: AppParams): Promise<ProjectUserLevels> {
    return this.levelsOf(projectOf(params), userIdOf(id))
  }

  /** POST /projects/{projectId}/users: adds an account user by username, with VIEW (part2 §7 "grants view"). */
  async create(data: ProjectUserAdd, params: AppParams): Promise<ProjectUserLevels> {
    const project = projectOf(params)
    const member = await this.app.get('core').member(project.accountId, { username: data.username })
    if (!member || member.anonymous) throw new BadRequest(userNotFound, { errors: { username: userNotFound } })
    const levels = await this.levelsOf(project, member.userId)
    if (levels.ownAccessLevel !== 'NONE') throw new Conflict(alreadyUser, { errors: { username: alreadyUser } })
    await this.assertMayChange(params, project, 'VIEW', levels)
    await this.changeOwnGrant('add-or-modify-action', params, project, member.userId, 'VIEW')
    return this.levelsOf(project, member.userId)
  }

  /** PUT /projects/{projectId}/users: a row's Set, saved at once; NONE takes the user's own grant away. */
  async update(id: unknown, data: ProjectUserSet, params: AppParams): Promise<ProjectUserLevels> {
    const project = projectOf(params)
    // The spec's PUT names the user in the body; a path naming another one is a mistake, not a second way.
    if (id !== null && id !== undefined && Number(id) !== data.userId) throw new BadRequest('Validation failed', { errors: { userId: PROJECT_USER_MESSAGES.otherUser } })
    const levels = await this.levelsOf(project, userIdOf(data.userId))
    // Anonymised users cannot sign in: nothing is given to them.
    if (levels.anonymous && data.accessLevel !== 'NONE') throw new NotFound(userNotFound)
    await this.assertMayChange(params, project, data.accessLevel, levels)
    if (data.accessLevel === 'NONE') {
      if (levels.ownAccessLevel !== 'NONE') await this.changeOwnGrant('remove', params, project, levels.userId, levels.ownAccessLevel)
    } else if (data.accessLevel !== levels.ownAccessLevel) await this.changeOwnGrant('add-or-modify-action', params, project, levels.userId, data.accessLevel)
    return this.levelsOf(project, levels.userId)
  }

  /** DELETE /projects/{projectId}/users/{userId}: takes the user's own grant away; what their role or company gives stays. */
  async remove(id: unknown, params: AppParams): Promise<ProjectUserLevels> {
    const project = projectOf(params)
    const levels = await this.levelsOf(project, userIdOf(id))
    if (levels.ownAccessLevel === 'NONE') throw new NotFound(noAccess)
    await this.assertMayChange(params, project, 'NONE', levels)
    await this.changeOwnGrant('remove', params, project, levels.userId, levels.ownAccessLevel)
    return this.levelsOf(project, levels.userId)
  }

  /**
   * The rules of part2 §6 on top of the project scope (ADMINISTER) and core's rule of whom
   * the caller may act on: the ADMINISTER level is given or taken only by settings, accounts
   * or projects managers; changing access needs account or settings admin, project
   * administer or canManageProjects; removing, canManageCompanyUsers or project administer;
   * a company administrator changes access only on projects whose client is one of its companies.
   */
  private async assertMayChange(params: AppParams, project: Project, wanted: AccessLevel, target: ProjectUserLevels) {
    if (!params.provider) return
    const flags = await callerFlags(this.app, params)
    const administers = project.level === 'ADMINISTER'
    const removing = wanted === 'NONE'
    if (removing ? !(flags.canManageCompanyUsers || administers) : !(flags.canManageSettings || flags.canManageAccounts || administers || flags.canManageProjects))
      throw new Forbidden(mayNotChange)
    if ((wanted === 'ADMINISTER' || target.ownAccessLevel === 'ADMINISTER') && !mayOfferAdminister(flags)) throw new Forbidden(administerNotOffered)
    if (!flags.canManageUsers && flags.canManageCompanyUsers) {
      const clientId = await this.clientOf(project)
      const ownCompanies = (await this.app.get('core').grantsOf(currentUser(params)))
        .filter((g) => g.resource === 'COMPANY' && g.name === null && g.action === 'ADMINISTER' && g.resourceId !== null)
        .map((g) => g.resourceId)
      if (clientId === null || !ownCompanies.includes(clientId)) throw new Forbidden(clientProjectsOnly)
    }
  }

  /** Core's own privilege calls write the grant, asked by this server once the rules above let the caller through. */
  private changeOwnGrant(change: 'add-or-modify-action' | 'remove', params: AppParams, project: Project, userId: number, action: PrivilegeAction) {
    return this.app.get('core').changeGrant(change, currentUser(params), userId, { resource: 'PROJECT', resourceId: project.id, action })
  }

  private async clientOf(project: Project) {
    return (await this.app.get('projects')?.clientOf(project.id)) ?? null
  }

  /** A member's levels on the project: in all, by their own grant, and by everything else. 404 for anyone who is no member. */
  async levelsOf(project: Project, userId: number): Promise<ProjectUserLevels> {
    const core = this.app.get('core')
    const member = await core.member(project.accountId, { userId })
    if (!member) throw new NotFound(userNotFound)
    const clientId = await this.clientOf(project)
    const levelOf = async (exceptOwn: boolean) =>
      ((await core.members(project.accountId, { userId, anonymous: true, limit: 1, skip: 0, levelOn: { projectId: project.id, clientId, exceptOwn } })).data[0]
        ?.action ?? 'NONE') as AccessLevel
    const own = (await core.grantsOn(project.accountId, member, 'PROJECT', project.id)).filter((g) => g.own).map((g) => g.action)
    return { ...toUser(member), accessLevel: await levelOf(false), ownAccessLevel: highest(own), otherAccessLevel: await levelOf(true) }
  }
}

/** GET /projects/{projectId}/users-with-access (filterAnonymous, default true): every member who can open the project, with their level. */
export class ProjectUsersWithAccessService {
  constructor(private readonly app: Application) {}

  async find(params: AppParams): Promise<ProjectUserPage> {
    const project = projectOf(params)
    const page = paging(params.query ?? {})
    const clientId = (await this.app.get('projects')?.clientOf(project.id)) ?? null
    const { total, data } = await this.app.get('core').members(project.accountId, {
      ...page,
      filter: params.query?.filter,
      anonymous: params.query?.filterAnonymous === false,
      levelOn: { projectId: project.id, clientId },
    })
    return { total, ...page, data: data.map(toUser) }
  }
}

/** GET /projects/{projectId}/privileges: the caller's level on the project and what its users page lets them do. */
export class ProjectPrivilegesService {
  constructor(private readonly app: Application) {}

  async find(params: AppParams): Promise<ProjectPrivileges> {
    const project = projectOf(params)
    const flags = await callerFlags(this.app, params)
    const administers = project.level === 'ADMINISTER'
    const grantable = administers ? PRIVILEGE_ACTIONS.filter((action) => action !== 'ADMINISTER' || mayOfferAdminister(flags)) : []
    // Removing needs canManageCompanyUsers or project administer, and the users page itself administer.
    return { projectId: project.id, accessLevel: project.level, grantable: [...grantable], mayRemoveUsers: administers }
  }
}

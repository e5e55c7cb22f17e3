/**
 * A user's grants (spec part1 §3, §6, §7), global and resource-specific: read, and added,
 * removed or their action changed. Grants change what the menu flags say from the holder's
 * next sign-in on; the API reads them on every call, so it enforces them at once.
 */
import { BadRequest, Conflict, NotFound } from '@feathersjs/errors'
import type { ActionInput, AppParams, Application } from '@app/plugin-kit'
import { currentUser, routeId } from '@app/plugin-kit'
import { PRIVILEGE_RESOURCES, type PrivilegeResource } from '@app/plugin-kit/shared'
import { ACTING_MESSAGES } from '../../acting'
import { USER_MESSAGES, assertCallerMayGive, isMemberOf, managedCompanies } from '../../account-user'
import { missingResource, namesOfResources } from '../../resources'
import { RESOURCE_SPECIFIC, privilegeCatalog } from '../privilege-catalog/privilege-catalog'
import type { GrantData, UserGrant } from './user-privileges.schema'
import type { GrantChange } from './user-privileges.shared'

export const PRIVILEGE_MESSAGES = {
  duplicate: 'The user already has this privilege',
  missing: 'The user has no such privilege',
  globalAdminOnly: ACTING_MESSAGES.platformGrant,
  resourceRequired: 'A resource id is required for projects and companies',
  unknownName: 'Choose a privilege from the catalogue',
  namedIsGlobal: 'A named privilege applies to the whole account: it names no row',
} as const

export const grantRow = (row: any): UserGrant => ({
  id: Number(row.id),
  userId: row.user_id === null ? null : Number(row.user_id),
  roleId: row.role_id === null ? null : Number(row.role_id),
  name: row.name,
  resource: row.resource,
  resourceId: row.resource_id === null ? null : Number(row.resource_id),
  action: row.action,
})

/**
 * Grants with the name of the project or company each names (null for a global
 * grant, or a row whose plugin is not installed), so a screen needs no list of them.
 */
const withResourceNames = async (app: Application, accountId: number, grants: UserGrant[]) => {
  const names = new Map<string, string>()
  for (const resource of new Set(grants.filter((g) => g.resourceId !== null).map((g) => g.resource))) {
    const ids = grants.filter((g) => g.resource === resource && g.resourceId !== null).map((g) => g.resourceId!)
    for (const [id, name] of await namesOfResources(app, accountId, resource, ids)) names.set(`${resource}:${id}`, name)
  }
  return grants.map((g) => ({ ...g, resourceName: g.resourceId === null ? null : (names.get(`${g.resource}:${g.resourceId}`) ?? null) }))
}

/** A service over the privileges of the user in its path; only the caller's account's rows exist for it. */
abstract class UserGrants {
  constructor(protected readonly app: Application) {}
  protected grants(params: AppParams) {
    const caller = currentUser(params)
    return this.app.get('knex')('privileges').where({ account_id: caller.accountId, user_id: routeId(params, 'userId') })
  }
  protected named(params: AppParams, grants: UserGrant[]) {
    return withResourceNames(this.app, currentUser(params).accountId, grants)
  }
  /**
   * The membership of the user in the path, or 404 'User not found' as for any user
   * of another account. Null when the caller may not read it: company managers read
   * the grants of their companies' users only.
   */
  protected async readableMember(params: AppParams): Promise<{ roleId: number | null } | null> {
    const caller = currentUser(params)
    const knex = this.app.get('knex')
    const member = await knex('account_users').where({ account_id: caller.accountId, user_id: routeId(params, 'userId') }).first('company_id', 'role_id')
    if (!member) throw new NotFound(USER_MESSAGES.notFound)
    const mayRead =
      (await this.app.get('access').flags(caller)).canManageUsers ||
      (Boolean(member.company_id) && (await managedCompanies(knex, params)).includes(Number(member.company_id)))
    return mayRead ? { roleId: member.role_id === null ? null : Number(member.role_id) } : null
  }
}

/** GET /accountusers/{userId}/privileges (query projectId): the user's own grants. */
export class UserPrivilegesService extends UserGrants {
  async find(params?: any): Promise<any> {
    if (!(await this.readableMember(params))) return []
    const q = this.grants(params).orderBy('id')
    const projectId = params.query?.projectId
    if (projectId !== undefined) q.andWhere({ resource: 'PROJECT', resource_id: Number(projectId) })
    return this.named(params, (await q).map(grantRow))
  }
}

/** GET /accountusers/{userId}/privileges/projects: the user's grants on single projects. */
export class UserProjectPrivilegesService extends UserGrants {
  async find(params?: any): Promise<any> {
    if (!(await this.readableMember(params))) return []
    return this.named(params, (await this.grants(params).andWhere({ resource: 'PROJECT' }).whereNotNull('resource_id').orderBy('resource_id')).map(grantRow))
  }
}

/** GET /accountusers/{userId}/authorities/{resource}/{resourceId}: what the user holds on one row, directly or by role. */
export class UserAuthoritiesService extends UserGrants {
  async find(params?: any): Promise<any> {
    const caller = currentUser(params)
    const userId = routeId(params, 'userId')
    const member = await this.readableMember(params)
    const resource = String(params.route?.resource)
    const resourceId = Number(params.route?.resourceId)
    // Nothing can be held on a resource kind that does not exist.
    if (!member || !PRIVILEGE_RESOURCES.includes(resource as PrivilegeResource) || !Number.isInteger(resourceId)) return []
    const rows = await this.app
      .get('knex')('privileges')
      .where({ account_id: caller.accountId, resource, resource_id: resourceId })
      .andWhere((w) => {
        w.where('user_id', userId)
        if (member.roleId) w.orWhere('role_id', member.roleId)
      })
      .orderBy('id')
    return this.named(params, rows.map(grantRow))
  }
}

/** Another account's user is not found before the body is looked at. */
export const assertMember = async ({ app, caller, ids }: Omit<ActionInput<unknown>, 'data'>) => {
  if (!(await isMemberOf(app.get('knex'), caller.accountId, ids.userId!))) throw new NotFound(USER_MESSAGES.notFound)
}

/**
 * POST /accountusers/{userId}/privileges/add, /remove and /add-or-modify-action. Who may act
 * on the user is the declared target; what may be given, the row it names and whether it
 * is held are all checked before the one write.
 */
export const changeGrant = async (change: GrantChange, { app, caller, params, data, ids }: ActionInput<GrantData>) => {
  const knex = app.get('knex')
  await assertCallerMayGive(app, params, { grants: [data] })
  const resourceId = data.resourceId ?? null
  // A removal names what is held, even a privilege no installed plugin declares any more.
  if (change !== 'remove') assertGrantable(app, data, resourceId)
  if (resourceId !== null) await assertResource(app, caller.accountId, data.resource, resourceId)
  const match = { account_id: caller.accountId, user_id: ids.userId, resource: data.resource, resource_id: resourceId, name: data.name ?? null }
  const existing = await knex('privileges').where(match).first()
  if (change === 'remove') {
    if (!existing || existing.action !== data.action) throw new NotFound(PRIVILEGE_MESSAGES.missing)
    await knex('privileges').where({ id: existing.id, account_id: caller.accountId }).delete()
    return grantRow(existing)
  }
  if (existing) {
    if (change === 'add') throw new Conflict(PRIVILEGE_MESSAGES.duplicate)
    await knex('privileges').where({ id: existing.id, account_id: caller.accountId }).update({ action: data.action })
    return grantRow({ ...existing, action: data.action })
  }
  const [id] = await knex('privileges').insert({ ...match, action: data.action })
  return grantRow({ id, ...match, action: data.action })
}

/**
 * What may be granted: a named privilege is a global one of the catalogue, for its
 * resource, on no row; an unnamed one on a project or company names the row.
 */
const assertGrantable = (app: Application, data: GrantData, resourceId: number | null) => {
  const invalid = (field: string, message: string) => new BadRequest('Validation failed', { errors: { [field]: message } })
  if (data.name) {
    if (!privilegeCatalog(app).some((p) => p.global && p.name === data.name && p.resource === data.resource)) throw invalid('name', PRIVILEGE_MESSAGES.unknownName)
    if (resourceId !== null) throw invalid('resourceId', PRIVILEGE_MESSAGES.namedIsGlobal)
  } else if (RESOURCE_SPECIFIC.includes(data.resource) && resourceId === null) throw invalid('resourceId', PRIVILEGE_MESSAGES.resourceRequired)
}

/** A project or company id must name a row of the account; without its plugin nothing can. */
const assertResource = async (app: Application, accountId: number, resource: PrivilegeResource, resourceId: number) => {
  if (!RESOURCE_SPECIFIC.includes(resource)) throw new BadRequest('Validation failed', { errors: { resourceId: `A ${resource} privilege names no row` } })
  if ((await missingResource(app, accountId, resource, [resourceId])) !== undefined)
    throw new BadRequest('Validation failed', { errors: { resourceId: `No ${resource.toLowerCase()} ${resourceId} in this account` } })
}

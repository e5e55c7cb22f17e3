/**
 * Privileges (spec part1 §3, §6, §7): a user's grants, global and resource-specific,
 * with add, remove and add-or-modify-action; the catalogue of privileges the installed
 * plugins declare; an account's grants and a role's catalogue switches.
 *
 * Grants change what the menu flags say from the holder's next sign-in on; the API
 * reads them on every call, so it enforces them at once.
 */
import { BadRequest, Conflict, Forbidden, NotFound } from '@feathersjs/errors'
import type { AppParams, Application, PluginDefinition, ServiceDefinition } from '@app/plugin-kit'
import { assertValid, cached, currentUser , routeId } from '@app/plugin-kit'
import { Field, PRIVILEGE_ACTIONS, PRIVILEGE_RESOURCES, type PrivilegeResource } from '@app/plugin-kit/shared'
import { Type } from '@sinclair/typebox'
import type { Knex } from 'knex'
import { ACTING_MESSAGES } from '../acting'
import { USER_MESSAGES, assertCallerMayGive, managedCompanies } from './accountusers.services'
import { missingResource, namesOfResources } from '../resources'

export const PRIVILEGE_MESSAGES = {
  duplicate: 'The user already has this privilege',
  missing: 'The user has no such privilege',
  globalAdminOnly: ACTING_MESSAGES.platformGrant,
  resourceRequired: 'A resource id is required for projects and companies',
  unknownName: 'Choose a privilege from the catalogue',
  namedIsGlobal: 'A named privilege applies to the whole account: it names no row',
} as const

/** Resources whose grants name one row (a project, a company). */
const RESOURCE_SPECIFIC: PrivilegeResource[] = ['PROJECT', 'COMPANY']
const PLATFORM: PrivilegeResource[] = ['GLOBAL_ADMIN', 'SYSTEM']

export const grantSchema = Type.Object(
  {
    action: Field.enumOf(PRIVILEGE_ACTIONS),
    resource: Field.enumOf(PRIVILEGE_RESOURCES),
    resourceId: Type.Optional(Field.nullable(Field.id())),
    name: Type.Optional(Field.nullable(Type.String({ minLength: 1, maxLength: 40 }))),
  },
  { additionalProperties: false },
)
interface GrantData {
  action: string
  resource: PrivilegeResource
  resourceId?: number | null
  name?: string | null
}

export interface CatalogEntry {
  id: number
  name: string
  resource: PrivilegeResource
  description: string
  /** Granted without a resource id (true) or on one project or company (false). */
  global: boolean
}

/**
 * Every installed plugin's declared privileges, then the per-resource kinds. Ids are
 * positions in that list: stable while the installed plugins stay the same.
 */
export const privilegeCatalog = (app: Application): CatalogEntry[] => {
  const declared = (app.get('plugins') as PluginDefinition[]).flatMap((p) => p.permissions)
  const named = declared.map((p) => ({ name: p.name, resource: p.resource, description: p.description, global: true }))
  const perResource = RESOURCE_SPECIFIC.map((resource) => ({
    name: resource,
    resource,
    description: `Access to one ${resource.toLowerCase()}`,
    global: false,
  }))
  return [...named, ...perResource].map((entry, index) => ({ id: index + 1, ...entry }))
}

/** The body without the account the tenancy hook stamps on every create: the caller's account is used anyway. */
const unstamped = (data: unknown) => {
  const { accountId: _stamped, ...body } = (data ?? {}) as Record<string, unknown>
  return body
}

const isMember = async (knex: Knex, accountId: number, userId: number) =>
  Boolean(await knex('account_users').where({ account_id: accountId, user_id: userId }).first('id'))

const grantRow = (row: any) => ({
  id: Number(row.id),
  userId: row.user_id === null ? null : Number(row.user_id),
  roleId: row.role_id === null ? null : Number(row.role_id),
  name: row.name,
  resource: row.resource,
  resourceId: row.resource_id === null ? null : Number(row.resource_id),
  action: row.action,
})
type GrantRow = ReturnType<typeof grantRow>

/**
 * Grants with the name of the project or company each names (null for a global
 * grant, or a row whose plugin is not installed), so a screen needs no list of them.
 */
const withResourceNames = async (app: Application, accountId: number, grants: GrantRow[]) => {
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
  protected named(params: AppParams, grants: GrantRow[]) {
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
class UserPrivileges extends UserGrants {
  async find(params?: any): Promise<any> {
    if (!(await this.readableMember(params))) return []
    const q = this.grants(params).orderBy('id')
    const projectId = params.query?.projectId
    if (projectId !== undefined) q.andWhere({ resource: 'PROJECT', resource_id: Number(projectId) })
    return this.named(params, (await q).map(grantRow))
  }
}

/** GET /accountusers/{userId}/privileges/projects: the user's grants on single projects. */
class UserProjectPrivileges extends UserGrants {
  async find(params?: any): Promise<any> {
    if (!(await this.readableMember(params))) return []
    return this.named(params, (await this.grants(params).andWhere({ resource: 'PROJECT' }).whereNotNull('resource_id').orderBy('resource_id')).map(grantRow))
  }
}

/** GET /accountusers/{userId}/authorities/{resource}/{resourceId}: what the user holds on one row, directly or by role. */
class UserAuthorities extends UserGrants {
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

type GrantChange = 'add' | 'remove' | 'addOrModify'

/**
 * POST /accountusers/{userId}/privileges/add, /remove and /add-or-modify-action. Who may
 * act on the user is the declared target; what may be given, the row it names and whether
 * it is held are all checked before the one write.
 */
class ChangeUserGrant extends UserGrants {
  constructor(
    app: Application,
    private readonly change: GrantChange,
  ) {
    super(app)
  }
  async create(body: any, params?: any): Promise<any> {
    const caller = currentUser(params)
    const userId = routeId(params, 'userId')
    const knex = this.app.get('knex')
    // Another account's user is not found before the body is looked at.
    if (!(await isMember(knex, caller.accountId, userId))) throw new NotFound(USER_MESSAGES.notFound)
    const data = unstamped(body) as unknown as GrantData
    assertValid(cached(grantSchema, 'data'), data)
    await assertCallerMayGive(this.app, params, { grants: [data] })
    const resourceId = data.resourceId ?? null
    // A removal names what is held, even a privilege no installed plugin declares any more.
    if (this.change !== 'remove') assertGrantable(this.app, data, resourceId)
    if (resourceId !== null) await assertResource(this.app, caller.accountId, data.resource, resourceId)
    const match = { account_id: caller.accountId, user_id: userId, resource: data.resource, resource_id: resourceId, name: data.name ?? null }
    const existing = await knex('privileges').where(match).first()
    if (this.change === 'remove') {
      if (!existing || existing.action !== data.action) throw new NotFound(PRIVILEGE_MESSAGES.missing)
      await knex('privileges').where({ id: existing.id, account_id: caller.accountId }).delete()
      return grantRow(existing)
    }
    if (existing) {
      if (this.change === 'add') throw new Conflict(PRIVILEGE_MESSAGES.duplicate)
      await knex('privileges').where({ id: existing.id, account_id: caller.accountId }).update({ action: data.action })
      return grantRow({ ...existing, action: data.action })
    }
    const [id] = await knex('privileges').insert({ ...match, action: data.action })
    return grantRow({ id, ...match, action: data.action })
  }
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

const accountGrantsQuerySchema = Type.Object(
  {
    resourceSpecific: Type.Boolean({ default: true }),
    roleId: Type.Optional(Field.id()),
    userId: Type.Optional(Field.id()),
    $limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 500 })),
    $skip: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { additionalProperties: false },
)

/** GET /accounts/{accountId}/privileges: the account's grants, resource-specific (default) or global, paged. */
const accountGrants = (app: Application) => ({
  async find(params: AppParams) {
    const caller = currentUser(params)
    const query = params.query ?? {}
    const limit = Math.min(Number(query.$limit ?? 50), 500)
    const skip = Number(query.$skip ?? 0)
    const q = app.get('knex')('privileges').where('account_id', caller.accountId)
    if (query.resourceSpecific === false || query.resourceSpecific === 'false') q.whereNull('resource_id')
    else q.whereNotNull('resource_id')
    if (query.roleId) q.andWhere('role_id', Number(query.roleId))
    if (query.userId) q.andWhere('user_id', Number(query.userId))
    const counted = await q.clone().count({ total: '*' }).first()
    const rows = limit === 0 ? [] : await q.orderBy('id').limit(limit).offset(skip)
    return { total: Number(counted?.total ?? 0), limit, skip, data: rows.map(grantRow) }
  },
})

const toggleSchema = Type.Object({ roleId: Field.id() }, { additionalProperties: false })

/**
 * POST /accounts/{accountId}/privileges/toggle/{privilegeId} with { roleId }: gives the
 * role the catalogue's global privilege, or takes it away when the role holds it.
 */
const toggleRoleGrant = (app: Application) => ({
  async create(body: unknown, params: AppParams) {
    const caller = currentUser(params)
    const entry = privilegeCatalog(app).find((p) => p.id === routeId(params, 'privilegeId') && p.global)
    if (!entry) throw new NotFound(`No record found for id '${String(params.route?.privilegeId)}'`)
    const data = unstamped(body)
    assertValid(cached(toggleSchema, 'data'), data)
    const { roleId } = data as { roleId: number }
    const knex = app.get('knex')
    if (!(await knex('roles').where({ id: roleId, account_id: caller.accountId }).first('id')))
      throw new BadRequest('Validation failed', { errors: { roleId: `No role ${roleId} in this account` } })
    if (PLATFORM.includes(entry.resource) && !(await app.get('access').flags(caller)).canManageAccounts)
      throw new Forbidden(PRIVILEGE_MESSAGES.globalAdminOnly)
    const match = { account_id: caller.accountId, role_id: roleId, name: entry.name, resource: entry.resource, resource_id: null }
    const held = await knex('privileges').where(match).first('id')
    if (held) await knex('privileges').where({ id: held.id, account_id: caller.accountId }).delete()
    else await knex('privileges').insert({ ...match, action: 'ADMINISTER' })
    return { privilegeId: entry.id, roleId, granted: !held }
  },
})

const catalogue = (app: Application, onlyGlobal: boolean) => ({
  async find() {
    return privilegeCatalog(app).filter((p) => !onlyGlobal || p.global)
  },
})

const CATALOG_WHY = "The catalogue of privileges the installed plugins declare: the same for every account, no account's rows."

export const privilegeServices: ServiceDefinition[] = [
  {
    path: 'accountusers/:userId/privileges',
    methods: ['find'],
    scope: { kind: 'tenant' },
    flags: { find: ['canManageUsers', 'canManageCompanyUsers'] },
    schemas: { query: Type.Object({ projectId: Type.Optional(Field.id()), $limit: Type.Optional(Type.Integer()) }, { additionalProperties: false }) },
    service: (app) => new UserPrivileges(app),
  },
  {
    path: 'accountusers/:userId/privileges/projects',
    methods: ['find'],
    scope: { kind: 'tenant' },
    flags: { find: ['canManageUsers', 'canManageCompanyUsers'] },
    service: (app) => new UserProjectPrivileges(app),
  },
  {
    path: 'accountusers/:userId/authorities/:resource/:resourceId',
    methods: ['find'],
    scope: { kind: 'tenant' },
    flags: { find: ['canManageUsers', 'canManageCompanyUsers'] },
    service: (app) => new UserAuthorities(app),
  },
  ...(
    [
      ['add', 'add'],
      ['remove', 'remove'],
      ['add-or-modify-action', 'addOrModify'],
    ] as const
  ).map(
    ([segment, change]): ServiceDefinition => ({
      path: `accountusers/:userId/privileges/${segment}`,
      methods: ['create'],
      scope: { kind: 'tenant' },
      flags: { create: ['canManageUsers'] },
      targets: { create: { action: 'membership', userFrom: 'userId' } },
      service: (app) => new ChangeUserGrant(app, change),
    }),
  ),
  {
    path: 'accounts/privileges',
    methods: ['find'],
    scope: { kind: 'none', why: CATALOG_WHY },
    flags: { find: ['canManageSettings', 'canManageUsers'] },
    service: (app) => catalogue(app, false),
  },
  {
    path: 'accounts/privileges/global',
    methods: ['find'],
    scope: { kind: 'none', why: CATALOG_WHY },
    flags: { find: ['canManageSettings', 'canManageUsers'] },
    service: (app) => catalogue(app, true),
  },
  {
    path: 'accounts/:accountId/privileges',
    methods: ['find'],
    scope: { kind: 'tenant', routeParam: 'accountId' },
    flags: { find: ['canManageSettings'] },
    schemas: { query: accountGrantsQuerySchema },
    service: (app) => accountGrants(app),
  },
  {
    path: 'accounts/:accountId/privileges/toggle/:privilegeId',
    methods: ['create'],
    scope: { kind: 'tenant', routeParam: 'accountId' },
    flags: { create: ['canManageSettings'] },
    service: (app) => toggleRoleGrant(app),
  },
]

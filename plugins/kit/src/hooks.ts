/**
 * The shared hooks. The plugin contract applies them to every service, in this
 * order: authenticate → module switch → the method's flags → tenant strip →
 * (validation) → tenant scope → project scope.
 */
import { authenticate } from '@feathersjs/authentication'
import { BadRequest, Forbidden, GeneralError, NotAuthenticated, NotFound } from '@feathersjs/errors'
import type { NextFunction } from '@feathersjs/feathers'
import { ALWAYS_ON_MODULES, type AccessLevel, type MenuFlag, type MenuFlags, accessRank } from './shared'
import type { Knex } from 'knex'
import { changeOf, recordProjectChange } from './change-log'
import { toColumn, toField } from './table-service'
import type { ActingAction, AppParams, Application, AuthUser, HookContext } from './types'

/**
 * Where the core plugin registers the authentication service. Named, because without a
 * name Feathers finds it by listing every service, on every call.
 */
export const AUTHENTICATION_SERVICE = 'authentication'

const jwt = authenticate({ service: AUTHENTICATION_SERVICE, strategies: ['jwt'] })

/**
 * Signs the caller in from the bearer token. Methods listed as public also run
 * signed out; with a token they still know the caller.
 */
export const requireAuth =
  (publicMethods: readonly string[] = []) =>
  async (context: HookContext, next: NextFunction) => {
    const params = context.params as AppParams
    if (!params.provider) return next() // server code calling a service directly is trusted
    if (publicMethods.includes(context.method)) {
      // Signed out is fine here; a stale token the client still holds must not turn that into a 401.
      if (params.authentication) await jwt(context as any, async () => {}).catch(() => undefined)
      return next()
    }
    await jwt(context as any, async () => {})
    if (!(context.params as AppParams).user) throw new NotAuthenticated('Not authenticated')
    return next()
  }

/** The signed-in caller of a service method, or 401. */
export const currentUser = (params: AppParams): AuthUser => {
  const user = params.user
  if (!user) throw new NotAuthenticated('Not authenticated')
  return user
}

/** Whether the user's current account has the module on (the always-on ones always do). */
export const moduleEnabled = (user: AuthUser, moduleId: string) => ALWAYS_ON_MODULES.includes(moduleId as never) || user.modules.has(moduleId)

/** Whether the flags hold any of `anyOf`. */
export const anyFlag = (flags: MenuFlags, anyOf: readonly MenuFlag[]) => anyOf.some((flag) => flags[flag])

/** 403 "Module <id> is not enabled for this account" for a switched-off module. */
export const moduleSwitch = (moduleId: string) => async (context: HookContext, next: NextFunction) => {
  const user = (context.params as AppParams).user
  if (user && !moduleEnabled(user, moduleId)) {
    throw new Forbidden(`Module ${moduleId} is not enabled for this account`)
  }
  return next()
}

/** The caller's menu flags, computed once per call and kept on its params (hooks and the service share them). */
export const callerFlags = async (app: Application, params: AppParams): Promise<MenuFlags> => {
  const withFlags = params as AppParams & { flags?: MenuFlags }
  if (!withFlags.flags) withFlags.flags = await app.get('access').flags(currentUser(params))
  return withFlags.flags
}

export const flagsOf = (context: HookContext): Promise<MenuFlags> => callerFlags(context.app, context.params as AppParams)

export const requireFlag =
  (...anyOf: MenuFlag[]) =>
  async (context: HookContext, next: NextFunction) => {
    if ((context.params as AppParams).provider) {
      const flags = await flagsOf(context)
      if (!anyFlag(flags, anyOf)) throw new Forbidden('You do not have permission to do this')
    }
    return next()
  }

export interface TenantScope {
  kind: 'tenant'
  /** The column holding the tenant id; `account_id` unless the table is the tenant itself. */
  column?: string
  /** A flag whose holders see every tenant's rows (global admins managing accounts). */
  crossTenantFlag?: MenuFlag
  /**
   * For services addressed by account in the path (`/accounts/:accountId/...`): that
   * parameter's name. Every call is then confined to the account the path names.
   */
  routeParam?: string
}

const notFound = (id: unknown) => new NotFound(`No record found for id '${String(id)}'`)

/** `value` without the tenant's field and column; the same object when it has neither (the usual case). */
const stripTenant = (value: unknown, field: string, column: string) => {
  if (value && typeof value === 'object' && !Array.isArray(value) && (field in value || column in value)) {
    const { [field]: _f, [column]: _c, ...rest } = value as Record<string, unknown>
    return rest
  }
  return value
}

/** Before validation: a client never chooses the account, so whatever it sent is dropped. */
export const tenantStrip = (scope: TenantScope) => {
  const column = scope.column ?? 'account_id'
  const field = toField(column)
  return async (context: HookContext, next: NextFunction) => {
    if ((context.params as AppParams).provider && column !== 'id') {
      const { data, params } = context
      if (data !== undefined)
        context.data = Array.isArray(data) ? data.map((d) => stripTenant(d, field, column)) : stripTenant(data, field, column)
      const query = params.query && stripTenant(params.query, field, column)
      if (query !== params.query) context.params = { ...params, query: query as any }
    }
    return next()
  }
}

/** Whether the caller holds the scope's cross-tenant flag (a global admin managing accounts). */
const crossesTenants = async (context: HookContext, scope: TenantScope) =>
  Boolean(scope.crossTenantFlag && (await flagsOf(context))[scope.crossTenantFlag])

/** Whether the path's account exists (a cross-tenant caller may name any that does). */
const accountNamed = async (app: Application, requested: unknown) => {
  const id = idOf(requested)
  return id !== undefined && (await app.get('core').accountExists(id))
}

/**
 * For services addressed by account in the path (`/foldertypes/:accountId/...`): another
 * account's id answers 404 before anything else looks at the call, so its body is
 * never validated (a 400 would tell the caller more than a missing row does). A holder
 * of the cross-tenant flag may name any account that exists; one that does not is 404 too.
 */
export const tenantRoute = (scope: TenantScope & { routeParam: string }) => async (context: HookContext, next: NextFunction) => {
  const params = context.params as AppParams
  const user = params.user
  if (user) {
    const requested = params.route?.[scope.routeParam]
    const named = String(requested) === String(user.accountId)
    if (!named && !((await crossesTenants(context, scope)) && (await accountNamed(context.app, requested)))) throw notFound(requested)
  }
  return next()
}

/** A copy of `value` with the tenant's field set. */
const stamped = (value: Record<string, unknown> | undefined, field: string, accountId: number) => {
  const copy = { ...value }
  copy[field] = accountId
  return copy
}

/** Stamps the account on the call's query and, for create and update, on its body. */
const stampTenant = (context: HookContext, params: AppParams, field: string, column: string, accountId: number) => {
  context.params = { ...params, query: stamped(params.query, field, accountId), tenant: { accountId, column } }
  if (column !== 'id') {
    const { data, method } = context
    if (method === 'create') context.data = Array.isArray(data) ? data.map((d) => stamped(d, field, accountId)) : stamped(data, field, accountId)
    if (method === 'update') context.data = stamped(data, field, accountId)
  }
}

/**
 * The tenancy rule: every read and write of a caller is confined to the caller's
 * current account; create stamps it. A row of another account is then simply not
 * found, and answers the same 404 as a missing one. Server code calling without a
 * user is confined the same way to the account it names in `params.tenant`
 * (background work names it; a call that names none is trusted server code).
 */
export const tenantScope = (scope: TenantScope) => {
  const column = scope.column ?? 'account_id'
  const field = toField(column)
  return async (context: HookContext, next: NextFunction) => {
    const params = context.params as AppParams
    const user = params.user
    if (!user) {
      if (params.provider && context.method !== 'create') throw new NotAuthenticated('Not authenticated')
      if (!params.provider && params.tenant) stampTenant(context, params, field, column, params.tenant.accountId)
      return next()
    }
    // An account-addressed call is confined to the account its path names (tenantRoute let only the caller's own, or a cross-tenant caller's, through).
    if (scope.routeParam) stampTenant(context, params, field, column, Number(params.route?.[scope.routeParam]))
    else if (!(await crossesTenants(context, scope))) stampTenant(context, params, field, column, user.accountId)
    return next()
  }
}

/** The person a method acts on: a route parameter's name, or read from the call (its id, its body). */
export interface UserTarget {
  action: ActingAction
  userFrom: string | ((context: HookContext) => unknown | Promise<unknown>)
}

const positiveId = (value: unknown) => {
  const id = Number(value)
  return typeof value !== 'boolean' && value !== null && value !== '' && Number.isInteger(id) && id > 0 ? id : undefined
}

/**
 * Asks the core plugin's rule of who may act on whom (the AccessResolver) for the
 * method's declared target. Runs after the account in the path and the input are checked,
 * before the tenant's stamp. A call without a usable id, or naming no member of the
 * account, goes on to the service, which answers 404 (or 400) itself; server code is trusted.
 */
export const actingOn = (targets: Partial<Record<string, UserTarget>>) => async (context: HookContext, next: NextFunction) => {
  const target = targets[context.method]
  const params = context.params as AppParams
  if (target && params.provider) {
    const raw = typeof target.userFrom === 'string' ? params.route?.[target.userFrom] : await target.userFrom(context)
    const userId = positiveId(raw)
    if (userId !== undefined) await context.app.get('access').assertMayActOn(currentUser(params), userId, target.action)
  }
  return next()
}

/**
 * Where a project-scoped call names its project. `routeParam`: a path such as
 * `projects/:projectId/users`. `rowParam`: a path naming a row of `table` whose
 * `project_id` is the project, such as `folders/:folderId/files` (the row within the
 * caller's account, else 404). `dataRow`: the same, named by a field of the body once it
 * is checked, such as `files/conversion-started` {fileId} (create, update and patch only).
 * `field`: the rows' own field (`projectId`), read from a
 * find's query, a create's body, and for get, update, patch and remove from the
 * addressed row in `table` (within the caller's account; required with those methods).
 * `table` also tells the access test which rows to watch.
 */
export type ProjectSource =
  | { routeParam: string; table?: string }
  | { rowParam: string; table: string }
  | { dataRow: string; table: string }
  | {
      field: string
      table?: string
      /** The rows' column holding the project, where it is not the field's own (`parentId` kept in `project_id`). */
      column?: string
      /**
       * A find that names no project lists the rows of every project the caller holds the
       * find's level on (the list filter, applied by TableService), instead of answering 404.
       */
      listsAcross?: boolean
    }

/**
 * Project access (NONE < ACCESS < VIEW < DOWNLOAD < EDIT < ADMINISTER) as a scope: every
 * method names the least level it needs. The rows are also the tenant's (`column`).
 */
export interface ProjectScope {
  kind: 'project'
  level: Partial<Record<'find' | 'get' | 'create' | 'update' | 'patch' | 'remove', AccessLevel>>
  projectIdFrom: ProjectSource
  /** The rows' tenant column, `account_id` unless said. */
  column?: string
}

/** The rows' column a `field` source reads the project from. */
const projectColumnOf = (source: { field: string; column?: string }) => source.column ?? toColumn(source.field)

/** A positive integer id, or undefined for anything else a client may send. */
const idOf = (value: unknown) => {
  const id = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : Number.NaN
  return Number.isSafeInteger(id) && id > 0 ? id : undefined
}

const ID_METHODS = new Set(['get', 'update', 'patch', 'remove'])

/** The project a call names: `undefined` for none or a malformed one (then nothing is found). */
const projectNamed = async (context: HookContext, source: ProjectSource): Promise<{ raw: unknown; id: number | undefined }> => {
  const params = context.params as AppParams
  if ('routeParam' in source) {
    const raw = params.route?.[source.routeParam]
    return { raw, id: idOf(raw) }
  }
  if ('rowParam' in source || 'dataRow' in source) {
    const raw = 'rowParam' in source ? params.route?.[source.rowParam] : (context.data as Record<string, unknown> | undefined)?.[source.dataRow]
    const accountId = params.user?.accountId ?? params.tenant?.accountId
    const row = idOf(raw) && accountId !== undefined && (await context.app.get('knex')(source.table).where({ id: idOf(raw), account_id: accountId }).first('project_id'))
    if (!row) throw notFound(raw)
    return { raw: row.project_id, id: Number(row.project_id) }
  }
  if (ID_METHODS.has(context.method)) {
    const id = context.id
    const tenant = params.tenant
    const row =
      idOf(id) && tenant && (await context.app.get('knex')(source.table!).where({ id, [tenant.column ?? 'account_id']: tenant.accountId }).first(projectColumnOf(source)))
    if (!row) throw notFound(id)
    const projectId = Number(row[projectColumnOf(source)])
    const moving = (context.data as Record<string, unknown> | undefined)?.[source.field]
    if (moving !== undefined && idOf(moving) !== projectId) throw new BadRequest('Validation failed', { errors: { [source.field]: 'A row cannot move to another project' } })
    return { raw: projectId, id: projectId }
  }
  const from = context.method === 'create' ? context.data : params.query
  if (Array.isArray(from)) throw new BadRequest('Create one row at a time')
  const raw = (from as Record<string, unknown> | undefined)?.[source.field]
  return { raw, id: idOf(raw) }
}

/** Whether the project exists in the account (the projects plugin knows; without it no project does). */
const projectInAccount = async (app: Application, projectId: number, accountId: number | undefined) =>
  accountId !== undefined && (await app.get('projects')?.accountOf(projectId)) === accountId

/** Server code naming its project lists that project's rows: a find of a field-addressed service is filtered by it. */
const withNamedProject = (context: HookContext, source: ProjectSource, projectId: number) => {
  const params = context.params as AppParams
  if ('field' in source && context.method === 'find') context.params = { ...params, query: { [source.field]: projectId, ...params.query } }
}

/** A find across projects: `params.projectFilter` confines its query to the caller's projects at `level`. */
const listAcross = async (context: HookContext, scope: ProjectScope, user: AuthUser, level: AccessLevel) => {
  const source = scope.projectIdFrom as { field: string; table: string }
  const { granted } = await context.app.get('access').grantedProjects(user, level)
  const knex = context.app.get('knex')
  const column = `${source.table}.${projectColumnOf(source)}`
  const accountColumn = `${source.table}.${scope.column ?? 'account_id'}`
  const projectFilter = (query: Knex.QueryBuilder) => joinProjectAccess(knex, query, granted, user.accountId, column, accountColumn)
  context.params = { ...(context.params as AppParams), projectFilter }
}

/**
 * The project scope: a project the path names is checked with the path, before the input;
 * one the rows name, after the input and the tenant scope. A caller's call names its project
 * (see ProjectSource): a project of another account, or none, answers the same 404 as a
 * missing one; too low a level answers 403 "This needs EDIT access to the project".
 * `params.project` then carries the project and the caller's level.
 *
 * Server code calling without a user (background work) names the account and the
 * project (`params.tenant`, `params.project`): the call is confined to them, and a row
 * of another project is not found. A call that names neither is refused, as a bug.
 */
export const projectScope = (scope: ProjectScope, path: string) => async (context: HookContext, next: NextFunction) => {
  const params = context.params as AppParams
  const user = params.user
  let accountId = user?.accountId
  let named: number | undefined
  if (!user) {
    if (params.provider) throw new NotAuthenticated('Not authenticated')
    named = idOf(params.project?.id)
    if (!params.tenant || !named) throw new GeneralError(`Server code called ${path} (${context.method}) without naming its account and project`)
    accountId = params.tenant.accountId
    withNamedProject(context, scope.projectIdFrom, named)
  }
  const { raw, id } = await projectNamed(context, scope.projectIdFrom)
  const level = scope.level[context.method as keyof ProjectScope['level']] ?? 'ADMINISTER'
  if (user && raw === undefined && context.method === 'find' && 'field' in scope.projectIdFrom && scope.projectIdFrom.listsAcross) {
    await listAcross(context, scope, user, level)
    return next()
  }
  if (id === undefined || (named !== undefined && id !== named) || !(await projectInAccount(context.app, id, accountId))) throw notFound(raw)
  if (user) {
    const held = await context.app.get('access').projectLevel(user, id)
    if (accessRank(held) < accessRank(level)) throw new Forbidden(`This needs ${level} access to the project`)
    context.params = { ...(context.params as AppParams), project: { id, level: held } }
  }
  await next()
  // A write that succeeded goes to the project's event log (the projects plugin keeps it).
  const change = changeOf(context, path, accountId!, id)
  if (change) await recordProjectChange(context.app, change)
}

/**
 * The list filter every list of project things uses: confines `query`, in place, to rows
 * of the caller's current account (`accountColumn`) whose `column` names a project the
 * caller holds at least `level` on. It is SQL, never ids loaded first: an inner join with
 * the caller's granted projects (account admins: with their account), so it binds to the
 * whole query whatever ORs the query holds. The join is named `project_access`; select
 * the table's columns (`table.*`), as the Feathers adapter does.
 *
 * `probe`: a query whose outer loop is a short list of its own (the caller's favourites, say)
 * tests each row's project against the granted ones instead (IN, a list the database builds
 * once per statement): joined, SQLite scanned the granted projects for every row.
 */
export const whereProjectAccess = async (
  app: Application,
  user: AuthUser,
  query: Knex.QueryBuilder,
  { level, column, accountColumn, granted, probe = false }: { level: AccessLevel; column: string; accountColumn: string; granted?: Knex.QueryBuilder | null; probe?: boolean },
): Promise<void> => {
  // A caller that asked grantedProjects itself (to tell an admin's list apart) hands its answer on.
  const known = granted !== undefined ? granted : (await app.get('access').grantedProjects(user, level)).granted
  joinProjectAccess(app.get('knex'), query, known, user.accountId, column, accountColumn, probe)
}

const joinProjectAccess = (knex: Knex, query: Knex.QueryBuilder, granted: Knex.QueryBuilder | null, accountId: number, column: string, accountColumn: string, probe = false) => {
  // Probed: the test rides in a join's ON, so it binds to the whole query as the joins do (a WHERE added now would join the query's last OR).
  if (granted && probe)
    query.innerJoin(knex.raw('(select ? as caller_account_id) as project_access', [accountId]) as never, (on) =>
      on.on('project_access.caller_account_id', '=', accountColumn).andOn(knex.raw('?? in ?', [column, granted.clone()]) as never),
    )
  else if (granted) query.innerJoin(granted.clone().as('project_access'), (on) => on.on('project_access.granted_project_id', '=', column).andOnVal(accountColumn, '=', accountId))
  // A cross join (with its condition: SQLite and MySQL take one) keeps the table the outer loop,
  // so a sorted page reads the table's sort index; an inner join made SQLite sort every row.
  else query.crossJoin(knex.raw('(select ? as caller_account_id) as project_access', [accountId]) as never, 'project_access.caller_account_id', '=', accountColumn)
}

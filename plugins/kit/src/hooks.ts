/**
 * The shared hooks. The plugin contract applies them to every service, in this
 * order: authenticate → module switch → the method's flags → tenant strip →
 * (validation) → tenant scope.
 */
import { authenticate } from '@feathersjs/authentication'
import { Forbidden, NotAuthenticated, NotFound } from '@feathersjs/errors'
import type { NextFunction } from '@feathersjs/feathers'
import { ALWAYS_ON_MODULES, type AccessLevel, type MenuFlag, type MenuFlags, accessRank } from './shared'
import { toField } from './table-service'
import type { AppParams, Application, AuthUser, HookContext } from './types'

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
  /** For services addressed by account in the path (`/accounts/:accountId/...`): that parameter's name. */
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

/**
 * For services addressed by account in the path (`/foldertypes/:accountId/...`): another
 * account's id answers 404 before anything else looks at the call, so its body is
 * never validated (a 400 would tell the caller more than a missing row does).
 */
export const tenantRoute = (scope: TenantScope & { routeParam: string }) => async (context: HookContext, next: NextFunction) => {
  const params = context.params as AppParams
  const user = params.user
  if (user && !(scope.crossTenantFlag && (await flagsOf(context))[scope.crossTenantFlag])) {
    const requested = params.route?.[scope.routeParam]
    if (String(requested) !== String(user.accountId)) throw notFound(requested)
  }
  return next()
}

/** A copy of `value` with the tenant's field set. */
const stamped = (value: Record<string, unknown> | undefined, field: string, accountId: number) => {
  const copy = { ...value }
  copy[field] = accountId
  return copy
}

/**
 * The tenancy rule: every read and write of a caller is confined to the caller's
 * current account; create stamps it. A row of another account is then simply not
 * found, and answers the same 404 as a missing one.
 */
export const tenantScope = (scope: TenantScope) => {
  const column = scope.column ?? 'account_id'
  const field = toField(column)
  return async (context: HookContext, next: NextFunction) => {
    const params = context.params as AppParams
    const user = params.user
    if (!user) {
      if (params.provider && context.method !== 'create') throw new NotAuthenticated('Not authenticated')
      return next()
    }
    if (scope.crossTenantFlag && (await flagsOf(context))[scope.crossTenantFlag]) return next()
    const accountId = user.accountId
    context.params = { ...params, query: stamped(params.query, field, accountId), tenant: { accountId, column } }
    if (column !== 'id') {
      const { data, method } = context
      if (method === 'create') context.data = Array.isArray(data) ? data.map((d) => stamped(d, field, accountId)) : stamped(data, field, accountId)
      if (method === 'update') context.data = stamped(data, field, accountId)
    }
    return next()
  }
}

/**
 * Project access (NONE < ACCESS < VIEW < DOWNLOAD < EDIT < ADMINISTER): the caller
 * needs at least `level` on the project `projectIdOf` names, else 403.
 */
export const requireProjectAccess =
  (level: AccessLevel, projectIdOf: (context: HookContext) => number | undefined | Promise<number | undefined>) =>
  async (context: HookContext, next: NextFunction) => {
    if ((context.params as AppParams).provider) {
      const projectId = await projectIdOf(context)
      const held = projectId ? await context.app.get('access').projectLevel(currentUser(context.params), projectId) : 'NONE'
      if (accessRank(held) < accessRank(level)) throw new Forbidden(`This needs ${level} access to the project`)
      ;(context.params as AppParams & { projectAccess?: AccessLevel }).projectAccess = held
    }
    return next()
  }

/**
 * The module plugin contract. A plugin names its id, the tenant module it belongs
 * to, the federated remotes it pairs with, its migrations, services and permissions.
 * Installing it applies the shared hooks to every service: no service opts out of
 * authentication, the module switch or its declared scope.
 */
import type { TObject } from '@sinclair/typebox'
import type { Knex } from 'knex'
import { type ProjectScope, actingOn, moduleSwitch, projectScope, requireAuth, requireFlag, type TenantScope, type UserTarget, tenantRoute, tenantScope, tenantStrip } from './hooks'
import type { MenuFlag, PrivilegeResource, TenantModule } from './shared'
import type { AnyService, Application } from './types'
import { preparedAnswers } from './answers'
import { routeConflicts } from './routes'
import { idempotentCreate } from './idempotency'
import { type UploadRoute, acceptUploads } from './upload'
import { NO_QUERY, validateBody, validateQueryParams } from './validation'

export type Method = 'find' | 'get' | 'create' | 'update' | 'patch' | 'remove'

/**
 * What a service's rows belong to. Tenant data is the rule; the two other kinds
 * must say why, and the tenancy test keeps a reviewed list of them.
 */
export type ServiceScope =
  | TenantScope
  /** Rows of one project (and so of its account): every method names the project level it needs. */
  | ProjectScope
  /** Only the signed-in user's own data, across the accounts they belong to. */
  | { kind: 'own-user'; why: string }
  /** Holds no tenant rows (sign-in, health, the catalogue of installed modules). */
  | { kind: 'none'; why: string }
  /** Acts across accounts for the platform's operators; every method must name a flag. */
  | { kind: 'platform'; why: string }

export interface ServiceDefinition {
  /** Path under /api; `:name` segments arrive as params.route.name. */
  path: string
  service: (app: Application) => any
  methods: Method[]
  scope: ServiceScope
  /** Methods that also answer signed out. */
  public?: Method[]
  /** A menu flag that any caller of the method must hold (the API enforces what the UI hides). */
  flags?: Partial<Record<Method, MenuFlag[]>>
  /**
   * The person a method acts on, and how: the core plugin's rule of who may act on whom
   * is asked once the input is checked, before anything is written (403 "You do not have
   * access to edit this user").
   */
  targets?: Partial<Record<Method, UserTarget>>
  /**
   * `query` is checked on every method; without one the service takes no query at all
   * (any key answers 400), so a service cannot be left open to filters it never meant.
   * Bodies: `data` for create (and update without `update`), `patch` for patch.
   */
  schemas?: { data?: TObject; patch?: TObject; update?: TObject; query?: TObject; result?: TObject }
  /** The methods that take a multipart upload, and their size limit; any other method answers 415 to one. */
  uploads?: UploadRoute
  hooks?: { around?: Partial<Record<Method | 'all', any[]>>; before?: any; after?: any; error?: any }
}

export interface Migration {
  /** Unique across plugins; migrations run sorted by name. */
  name: string
  up(knex: Knex): Promise<void>
  down(knex: Knex): Promise<void>
}

/** The interface languages (spec part1 §1). */
export type Locale = 'en-GB' | 'fi-FI' | 'no-NO' | 'pl-PL' | 'se-SE'

/** A text in every interface language: the shell draws menus and tiles before any remote is loaded. */
export type LocalizedText = Record<Locale, string>

export interface MenuEntry {
  id: string
  label: LocalizedText
  path: string
  /** Where the shell shows it. */
  area: 'main' | 'configuration' | 'profile'
  /** Shown only to callers holding this flag. */
  flag?: MenuFlag
}

/** A tile on the signed-in home page. */
export interface TileEntry {
  id: string
  label: LocalizedText
  path: string
  flag?: MenuFlag
}

/** What the shell learns of a remote from GET /api/modules, without downloading it. */
export interface RemoteDefinition {
  /** The federation name: modules/<name>, served under /remotes/<name>/. */
  name: string
  /** Path prefixes the remote owns: `/profile` owns `/profile/settings`. */
  routes: string[]
  menu: MenuEntry[]
  tiles?: TileEntry[]
  /**
   * The remote's module draws panels on the home page (its `defineModule` `home`), for
   * callers holding `flag` if one is named: the shell loads the remote there only for them.
   */
  home?: { flag?: MenuFlag }
  /**
   * The remote's module draws side panels beside the pages under these path prefixes (its
   * `defineModule` `panels`, e.g. the file manager beside `/project/:projectId`), whoever owns
   * those pages: the shell loads the remote there, for callers holding `flag` if one is named.
   */
  panels?: { path: string; flag?: MenuFlag }[]
  /** Settings of this installation the remote needs in the browser (the map's tile URL), sent with GET /modules. */
  config?(app: Application): Record<string, string | number | boolean | null>
}

export interface PermissionDefinition {
  name: string
  resource: PrivilegeResource
  description: string
}

export interface SeedContext {
  knex: Knex
  app: Application
  /** Ids of the demo rows earlier plugins made, by name. */
  ids: Record<string, number>
  password: string
  now: string
}

export interface PluginDefinition {
  id: string
  module: TenantModule
  version: string
  /** The federated remotes this plugin pairs with (modules/<remote>): their routes, menu entries and tiles. */
  remotes?: RemoteDefinition[]
  migrations: Migration[]
  services: ServiceDefinition[]
  permissions: PermissionDefinition[]
  /** Runs before any service is registered (the core plugin adds the authentication service here). */
  configure?(app: Application): void | Promise<void>
  /** Runs after every plugin's services are registered. */
  setup?(app: Application): void | Promise<void>
  /** Adds this plugin's demo rows; must be idempotent. */
  seed?(context: SeedContext): Promise<void>
}

export interface RegisteredService extends Omit<ServiceDefinition, 'service' | 'hooks'> {
  pluginId: string
  module: TenantModule
}

export const definePlugin = (plugin: PluginDefinition): PluginDefinition => plugin

/** The service registered at a path only known at run time (the registry's, a dashboard count's). */
export const serviceAt = (app: Application, path: string) => (app.service as (path: string) => AnyService)(path)

const WRITES: readonly string[] = ['create', 'update', 'patch']

/** Uploads, then the query, then the body (of the methods that take one): what a client sends is checked in this order. */
const inputHooks = (definition: Pick<ServiceDefinition, 'uploads' | 'schemas'>, method?: string) => [
  acceptUploads(definition.uploads),
  validateQueryParams(definition.schemas?.query ?? NO_QUERY),
  ...(method === undefined || WRITES.includes(method) ? [validateBody(definition.schemas ?? {})] : []),
]

/** The methods Feathers runs hooks on: the declared ones and any other standard method the service has. */
const hookedMethods = (definition: ServiceDefinition, service: Record<string, unknown>) =>
  new Set<Method>([...definition.methods, ...(['find', 'get', 'create', 'update', 'patch', 'remove'] as const).filter((m) => typeof service[m] === 'function')])

/** A project-scoped service's checked declaration and its scope hook. */
const projectHook = (definition: ServiceDefinition, scope: ProjectScope) => {
  const unnamed = definition.methods.filter((m) => !scope.level[m])
  if (unnamed.length) throw new Error(`Project-scoped service ${definition.path} names no access level for ${unnamed.join(', ')}`)
  if (definition.public?.length) throw new Error(`Project-scoped service ${definition.path} cannot answer signed out`)
  const source = scope.projectIdFrom
  if ('field' in source && !source.table && definition.methods.some((m) => m !== 'find' && m !== 'create'))
    throw new Error(`Project-scoped service ${definition.path} must name the table whose rows carry ${source.field}`)
  if ('field' in source && source.listsAcross && !source.table) throw new Error(`Project-scoped service ${definition.path} lists across projects: name its table`)
  if ('dataRow' in source && definition.methods.some((m) => m !== 'create' && m !== 'update' && m !== 'patch'))
    throw new Error(`Project-scoped service ${definition.path} names its project in the body: only create, update and patch have one`)
  // A project read from the form fields would be known only once the file is stored.
  if (('field' in source || 'dataRow' in source) && definition.uploads)
    throw new Error(`Project-scoped service ${definition.path} takes uploads: name the project in its path, so its level is checked before the file is read`)
  return { source, hook: projectScope(scope, definition.path) }
}

export const installPlugins = async (app: Application, plugins: PluginDefinition[]) => {
  const registry = app.get('registry') ?? []
  for (const plugin of plugins) await plugin.configure?.(app)
  // The app's router answers with the most specific route (routes.ts): two equally specific ones are a mistake.
  const conflicts = routeConflicts(plugins.flatMap((plugin) => plugin.services))
  if (conflicts.length) throw new Error(`Routes that only registration order would tell apart: ${conflicts.join('; ')}`)
  // Services registered before the plugins' own (the kit's health, core's authentication) take input by the same rules.
  for (const entry of registry) serviceAt(app, entry.path).hooks({ around: { all: inputHooks(entry) } })
  for (const plugin of plugins) {
    for (const definition of plugin.services) {
      const { scope } = definition
      // A project's rows are its account's too: the tenant hooks run first.
      const tenant: TenantScope | undefined = scope.kind === 'tenant' ? scope : scope.kind === 'project' ? { kind: 'tenant', column: scope.column } : undefined
      const project = scope.kind === 'project' ? projectHook(definition, scope) : undefined
      if (scope.kind === 'platform' && definition.methods.some((m) => !definition.flags?.[m]?.length))
        throw new Error(`Platform service ${definition.path} must name a flag for every method`)
      // The shared hooks each method needs, made once: a method runs no hook that has nothing to do for it.
      const shared = {
        auth: requireAuth(definition.public),
        module: moduleSwitch(plugin.module),
        strip: tenant && tenantStrip(tenant),
        route: tenant?.routeParam ? tenantRoute({ ...tenant, routeParam: tenant.routeParam }) : undefined,
        acting: definition.targets && actingOn(definition.targets),
        tenant: tenant && tenantScope(tenant),
      }
      const chain = (method: Method): any[] => {
        const flags = definition.flags?.[method]
        return [
          preparedAnswers,
          shared.auth,
          shared.module,
          // The method's flags right after the module switch: a caller without one gets 403 before validation can answer 400.
          flags?.length ? requireFlag(...flags) : undefined,
          shared.strip,
          shared.route,
          // A project the path names is checked with the path, before any input (an upload's body) is read.
          project && ('routeParam' in project.source || 'rowParam' in project.source) ? project.hook : undefined,
          // Uploads are read, and input checked, before the tenant's stamp; a project named by the rows is checked after.
          ...inputHooks(definition, method),
          // Who may act on whom once the input is known to be well-formed: bad input is a 400 whoever it names.
          definition.targets?.[method] ? shared.acting : undefined,
          shared.tenant,
          project && ('field' in project.source || 'dataRow' in project.source) ? project.hook : undefined,
          method === 'create' ? idempotentCreate : undefined,
          ...(definition.hooks?.around?.all ?? []),
          ...(definition.hooks?.around?.[method] ?? []),
        ].filter(Boolean)
      }

      const service = definition.service(app)
      ;(app as Application & { use(path: string, service: any, options: object): void }).use(definition.path, service, { methods: definition.methods })
      serviceAt(app, definition.path).hooks({
        around: Object.fromEntries([...hookedMethods(definition, service)].map((method) => [method, chain(method)])),
        ...(definition.hooks?.before ? { before: definition.hooks.before } : {}),
        ...(definition.hooks?.after ? { after: definition.hooks.after } : {}),
        ...(definition.hooks?.error ? { error: definition.hooks.error } : {}),
      })
      const { service: _s, hooks: _h, ...rest } = definition
      registry.push({ ...rest, pluginId: plugin.id, module: plugin.module })
    }
  }
  app.set('registry', registry)
  app.set('plugins', plugins)
  for (const plugin of plugins) await plugin.setup?.(app)
}

/** Runs every plugin's demo seed in order; each is idempotent. */
export const seedDemo = async (app: Application, password: string) => {
  const context: SeedContext = { knex: app.get('knex'), app, ids: {}, password, now: new Date().toISOString() }
  for (const plugin of app.get('plugins')) await plugin.seed?.(context)
  return context.ids
}

import type { Application as FeathersApplication, HookContext as FeathersHookContext, Params } from '@feathersjs/feathers'
import type { Application as KoaApplication } from '@feathersjs/koa'
import type { Knex } from 'knex'
import type { AccessLevel, Language, MenuFlags, UserAccessLevel } from './shared'

/** The signed-in user as every hook and service sees it (built by the core plugin's JWT strategy). */
export interface AuthUser {
  id: number
  username: string
  firstName: string
  lastName: string
  acronym: string
  language: Language
  hasTwoFactor: boolean
  /** The current account (tenant) of this token. */
  accountId: number
  accessLevel: UserAccessLevel
  roleId: number | null
  /** The role's security group, read with the session so menu flags need no query of their own. */
  securityGroup: 'ADMIN' | 'USER' | null
  companyId: number | null
  /** Enabled modules of the current account, read with the session on every call. */
  modules: ReadonlySet<string>
  /** The token's id (jti); signing out revokes it. */
  sessionId: string
}

/**
 * What a call does to a person (the core plugin's one rule of who may act on whom decides):
 * - membership: enabled, role, level, company, privileges, removal from the account
 * - removalRequest: a member's request to be removed (everyone may make their own)
 * - details: names, acronym and language, kept on the person (shared by their accounts)
 * - identity: password, login e-mail, two-factor: only the person or a global admin
 * - anonymise: the person's data replaced for good
 * - addToCompany: putting a member into a company (or taking them out of it)
 * - companyAccess: a member's access to one company
 * - projectAccess: a member's level on one project (the project's administrators set it)
 */
export type ActingAction = 'membership' | 'removalRequest' | 'details' | 'identity' | 'anonymise' | 'addToCompany' | 'companyAccess' | 'projectAccess'

/** Who may do what: implemented by the core plugin, used by the kit's hooks. */
export interface AccessResolver {
  flags(user: AuthUser): Promise<MenuFlags>
  /**
   * The caller's level on a project of their current account (the caller must have checked
   * that it is): their own and their role's grants on it, and their company grants on its
   * client (part1 §6: a company's administrator administers, its access views). A caller that
   * has just read the project's row passes its client, so that it is not read again.
   */
  projectLevel(user: AuthUser, projectId: number, known?: { clientId: number | null }): Promise<AccessLevel>
  /**
   * The projects of the caller's current account they hold at least `level` on (as
   * projectLevel counts): a subquery of their ids (`granted_project_id`), or null for all
   * of them (account admins). Asked through whereProjectAccess; wrapped, since an awaited
   * builder would run.
   */
  grantedProjects(user: AuthUser, level: AccessLevel): Promise<{ granted: Knex.QueryBuilder | null }>
  /**
   * 403 unless `user` may act on the member `targetUserId` of their current account
   * this way; a target who is no member passes (the service answers its own 404).
   */
  assertMayActOn(user: AuthUser, targetUserId: number, action: ActingAction): Promise<void>
}

/**
 * Which account a project belongs to, and its client: contributed by the projects plugin,
 * which owns the table (`app.set('projects', …)`). Without it no project exists.
 */
export interface ProjectDirectory {
  accountOf(projectId: number): Promise<number | undefined>
  /**
   * The project's client company (`projects.company_id`): null for none, undefined for a
   * missing project. One primary-key read, asked afresh: a project's client can change.
   */
  clientOf(projectId: number): Promise<number | null | undefined>
  /**
   * A subquery of the ids (`granted_project_id`) of the account's projects whose client
   * is one of `companyIds` (a list, or a subquery selecting company ids): one seek in the
   * projects' company index per company. Core unions it into a caller's granted projects.
   */
  projectsOfClients(accountId: number, companyIds: readonly number[] | Knex.QueryBuilder): Knex.QueryBuilder
  /**
   * The number (`symbol`) and name of the account's projects among `ids`, in one query: a
   * list of another plugin's rows (the documents list) shows them beside each row. An id
   * of no project of the account is left out.
   */
  refs(accountId: number, ids: readonly number[]): Promise<Map<number, import('./extensions').ProjectRef>>
}

export interface Mailer {
  send(mail: { to: string; subject: string; text: string; link?: string }): Promise<void>
}

/** Configuration the app is built with; api/ reads it from the environment. */
export interface AppConfig {
  port: number
  dataDir: string
  publicUrl: string
  database: Knex.Config
  jwtSecret: string
  /** The tokens' audience: instances that accept each other's tokens share it and the secret. */
  jwtAudience: string
  /** Lifetime of an access token, seconds; the web app renews it while its user is active. */
  tokenTtl: number
  /** The longest a session lives from its sign-in, renewals included, seconds. */
  sessionMaxAge: number
  /** Proxy hops in front of the server whose X-Forwarded-For entries are trusted (0: none). */
  trustProxy: number
  /** The AES-256-GCM key two-factor secrets are sealed with (32 bytes). */
  totpKey: Buffer
  /**
   * The longest a caller's session and grants are reused between requests, ms (0: read on
   * every request). Exact on this process whatever the value: every write to them ends it.
   */
  authCacheMs: number
  smtpUrl?: string
  mailFrom: string
  defaultModules: string[]
  /** Failed sign-ins per username and per client address (two-factor codes count per address too). */
  rateLimit: { perUser: { max: number; windowSeconds: number }; perAddress: { max: number; windowSeconds: number } }
  /** Sign-ups per client address. */
  signUpLimit: { max: number; windowSeconds: number }
  /** Remote entry URLs are served under this path (the shell's build output beside the API). */
  remotesPath: string
  /** The largest file one upload may carry, bytes. */
  uploadMaxBytes: number
  /** The largest file a chunked upload into a document may carry, bytes. */
  fileMaxBytes: number
  /** The bytes of each part of a chunked upload but the last. */
  uploadPartBytes: number
  /** The most bytes the files of one PDF merge may add up to (they are read into memory to be merged). */
  mergeMaxBytes: number
  /** Files on S3 or an S3-compatible store; unset: local disk under DATA_DIR/files. */
  s3?: import('./storage-s3').S3StorageConfig
  /**
   * MAP_TILE_URL: the base map's tiles, an XYZ template (`https://tile.example/{z}/{x}/{y}.png`);
   * unset, maps draw the country outlines shipped with the app and fetch nothing.
   */
  mapTileUrl?: string
  /** REDIS_URL: more than one instance pass their real-time events through it (live.ts); unset, events stay in this process. */
  redisUrl?: string
}

/**
 * The services one piece of server code calls on another, by path: each plugin declares
 * the ones it calls (`declare module '@app/plugin-kit' { interface ServiceTypes { … } }`
 * beside the service), so such a call is typed and a wrong path does not compile.
 */
export interface ServiceTypes {
  health: { find(params?: { query?: Record<string, unknown> }): Promise<{ status: string }> }
}

/** The service of an action (defineAction), for code that calls it. */
export interface ActionService<D, R = unknown> {
  create(data: D, params?: AppParams): Promise<R>
}

/** A service as the kit registers and hooks it, whatever its path (plugins, the registry). */
export type AnyService = import('@feathersjs/feathers').FeathersService<Application, any>

export interface AppSettings {
  config: AppConfig
  knex: Knex
  access: AccessResolver
  projects?: ProjectDirectory
  /** What later plugins contribute to the extension points declared in extensions.ts. */
  extensions: import('./extensions').Extensions
  /** Core's calls for other plugins over its accounts, memberships and privileges. */
  core: import('./extensions').CoreCalls
  /** The paths of the services whose events are published live (live.ts). */
  livePaths: Set<string>
  mailer: Mailer
  /** Structured logs (pino); repeated problems are summarised, see logger.ts. */
  logger: import('./logger').Logger
  /** Uploaded files (local disk under DATA_DIR/files unless configured otherwise). */
  storage: import('./storage').Storage
  /** Every service registered through a plugin, for the tenancy test and /api/modules. */
  registry: import('./define-plugin').RegisteredService[]
  plugins: import('./define-plugin').PluginDefinition[]
  ready: boolean
}

export type Application = KoaApplication<ServiceTypes, AppSettings> & FeathersApplication<ServiceTypes, AppSettings>
export type HookContext<S = any> = FeathersHookContext<Application, S>

export interface AppParams<Q = Record<string, any>> extends Params<Q> {
  user?: AuthUser
  /**
   * The account every row of this call belongs to: set by the tenant-scope hook for a
   * caller; given by server code that calls without a user (background work).
   */
  tenant?: { accountId: number; column?: string }
  /**
   * The project of a project-scoped call: set by the project-scope hook with the caller's
   * level; given (`{ id }`) by server code that calls without a user, beside `tenant`.
   */
  project?: { id: number; level?: AccessLevel }
  /** Set by the project-scope hook for a find across projects: confines the query to the caller's projects (TableService applies it). */
  projectFilter?: (query: Knex.QueryBuilder) => void
  /** The client's address, for rate limits. */
  ip?: string
  route?: Record<string, string>
  /** Set by a write that found nothing to change (clearing what was not set): the change logs leave it out. */
  unchanged?: boolean
}

/**
 * Accounts (tenants), their module switches, and the enabled modules of the
 * caller's account. Sign-up is POST /api/accounts, signed out.
 */
import { BadRequest, NotFound } from '@feathersjs/errors'
import type { AppParams, Application, DashboardCount, MenuEntry, RegisteredService, ServiceDefinition, TileEntry } from '@app/plugin-kit'
import { ALWAYS_ON_MODULES, TableService, anyFlag, callerFlags, currentUser, dashboardCounts, moduleEnabled, saveOnPut , routeId } from '@app/plugin-kit'
import { revokeAccountSessions } from '../auth/sessions'
import { sendAccountOpenedMail, signUp } from '../signup'
import { accountStorageBytes, listAccounts } from './account-list'
import { type AccountListQuery, type DashboardInfo, accountListQuerySchema, dashboardInfoSchema } from './accounts-admin.schema'
import { type SignUp, accountPatchSchema, accountSaveSchema, accountSchema, moduleSwitchSchema, signUpSchema } from './schemas'

class AccountsService extends TableService {
  constructor(private readonly app: Application) {
    super({ Model: app.get('knex'), name: 'accounts', result: accountSchema })
  }

  /**
   * Every account for global admins, paged and with its counts; other callers get
   * only their own (the tenant scope puts its id in the query).
   */
  override async find(params?: AppParams): Promise<any> {
    return listAccounts(this.app, (params?.query ?? {}) as AccountListQuery)
  }

  /** Sign-up: a disabled trial account with its first admin user. */
  override async create(data: any, params?: AppParams): Promise<any> {
    return signUp(this.app, data as SignUp, params)
  }
}

/** The tenant modules of the installed plugins: what an account can switch on. */
export const installedModules = (app: Application) => {
  const versions = new Map<string, string>()
  for (const plugin of app.get('plugins')) if (!versions.has(plugin.module)) versions.set(plugin.module, plugin.version)
  return [...versions].map(([id, version]) => ({ id, version }))
}

const remoteEntry = (app: Application, remote: string) => `${app.get('config').remotesPath}/${remote}/remoteEntry.js`

/**
 * Every installed remote with what the shell draws for it before downloading it. A
 * module may have several remotes (core has the profile pages, users, the admin
 * screens…), and a plugin may pair with several.
 */
export const installedRemotes = (app: Application) =>
  app.get('plugins').flatMap((plugin) =>
    (plugin.remotes ?? []).map((remote) => ({
      id: remote.name,
      module: plugin.module,
      remote: remote.name,
      entry: remoteEntry(app, remote.name),
      version: plugin.version,
      menu: remote.menu as MenuEntry[],
      routes: remote.routes,
      tiles: (remote.tiles ?? []) as TileEntry[],
      search: Boolean(remote.search),
    })),
  )

export const enabledModuleIds = async (app: Application, accountId: number) => {
  const rows = await app.get('knex')('account_modules').where({ account_id: accountId, enabled: true }).select('module_id')
  return new Set<string>([...ALWAYS_ON_MODULES, ...rows.map((r: any) => r.module_id as string)])
}

/** A new account gets the configured default set. */
export const enableDefaultModules = async (app: Application, accountId: number, knex = app.get('knex')) => {
  const installed = new Set(installedModules(app).map((m) => m.id))
  const ids = [...new Set([...ALWAYS_ON_MODULES, ...app.get('config').defaultModules])].filter((id) => installed.has(id))
  if (ids.length) await knex('account_modules').insert(ids.map((module_id) => ({ account_id: accountId, module_id, enabled: true })))
}

/** Core's own tile that counts a list; later plugins contribute theirs (the kit's `dashboardCounts`). */
const USER_COUNT: DashboardCount = { tile: 'userCount', listPath: 'accountusers/:accountId' }

/**
 * The total the caller sees on opening the list: its own service asked as the caller,
 * for no rows. Undefined when they may not open it (its flags, its module switched
 * off, its plugin not installed): the flags a direct call skips are checked here.
 */
const listTotal = async (app: Application, params: AppParams, path: string) => {
  const caller = currentUser(params)
  const entry = (app.get('registry') as RegisteredService[]).find((s) => s.path === path)
  if (!entry || !moduleEnabled(caller, entry.module)) return undefined
  const flags = await callerFlags(app, params)
  const anyOf = entry.flags?.find ?? []
  if (anyOf.length && !anyFlag(flags, anyOf)) return undefined
  const page = await app.service(path).find({ user: caller, flags, route: { accountId: String(caller.accountId) }, query: { $limit: 0 } } as AppParams)
  return Number((page as { total: number }).total)
}

/** GET /dashboard/info: what the home page's tiles count, each only for those who may see it. */
const dashboardInfo = (app: Application) => ({
  async find(params: AppParams): Promise<DashboardInfo> {
    const caller = currentUser(params)
    const info: DashboardInfo = {}
    for (const { tile, listPath } of [...app.get('extensions').all(dashboardCounts), USER_COUNT]) {
      const total = await listTotal(app, params, listPath)
      if (total !== undefined) (info as Record<string, number>)[tile] = total
    }
    // The account's storage is account information: its administrators see it (as on the account info page).
    if ((await callerFlags(app, params)).canManageSettings) info.storage = await accountStorageBytes(app, caller.accountId)
    return info
  },
})

export const accountServices: ServiceDefinition[] = [
  {
    path: 'accounts',
    // PUT /accounts saves the caller's account details (spec part1 §3), or the account its body's id names.
    methods: ['find', 'get', 'create', 'update', 'patch'],
    public: ['create'],
    scope: { kind: 'tenant', column: 'id', crossTenantFlag: 'canManageAccounts' },
    flags: { patch: ['canManageSettings'], update: ['canManageSettings'] },
    schemas: { data: signUpSchema, patch: accountPatchSchema, update: accountSaveSchema, query: accountListQuerySchema, result: accountSchema },
    service: (app) => saveOnPut(app, 'accounts', new AccountsService(app), { idWhenMissing: (params) => currentUser(params).accountId }),
  },
  {
    path: 'accounts/toggle/:accountId',
    methods: ['create'],
    scope: { kind: 'platform', why: 'Global admins open and close any account.' },
    flags: { create: ['canManageAccounts'] },
    service: (app) => ({
      async create(_data: unknown, params: AppParams) {
        const accountId = routeId(params, 'accountId')
        const knex = app.get('knex')
        const account = await knex('accounts').where({ id: accountId }).first('id', 'enabled')
        if (!account) throw new NotFound(`No record found for id '${accountId}'`)
        if (accountId === currentUser(params).accountId && account.enabled)
          throw new BadRequest('You cannot disable the account you are signed in to')
        const enabled = !account.enabled
        await knex('accounts').where({ id: accountId }).update({ enabled, trial: enabled ? false : undefined })
        if (enabled) await sendAccountOpenedMail(app, accountId)
        else await revokeAccountSessions(knex, accountId)
        return { id: accountId, enabled }
      },
    }),
  },
  {
    path: 'accounts/:accountId/modules',
    methods: ['find', 'update'],
    scope: { kind: 'platform', why: "Global admins switch any account's modules." },
    flags: { find: ['canManageAccounts'], update: ['canManageAccounts'] },
    schemas: { data: moduleSwitchSchema },
    service: (app) => ({
      async find(params: AppParams) {
        const accountId = await existingAccount(app, params)
        const enabled = await enabledModuleIds(app, accountId)
        return installedModules(app).map((m) => ({
          id: m.id,
          enabled: enabled.has(m.id),
          alwaysOn: ALWAYS_ON_MODULES.includes(m.id as never),
        }))
      },
      async update(_id: null, data: { modules: { id: string; enabled: boolean }[] }, params: AppParams) {
        const accountId = await existingAccount(app, params)
        const installed = new Set(installedModules(app).map((m) => m.id))
        const errors: Record<string, string> = {}
        data.modules.forEach((m, i) => {
          if (!installed.has(m.id)) errors[`modules.${i}.id`] = `Module ${m.id} is not installed`
          else if (!m.enabled && ALWAYS_ON_MODULES.includes(m.id as never)) errors[`modules.${i}.enabled`] = `Module ${m.id} cannot be switched off`
        })
        if (Object.keys(errors).length) throw new BadRequest('Validation failed', { errors })
        await app.get('knex').transaction(async (trx) => {
          for (const m of data.modules)
            await trx('account_modules')
              .insert({ account_id: accountId, module_id: m.id, enabled: m.enabled })
              .onConflict(['account_id', 'module_id'])
              .merge({ enabled: m.enabled })
        })
        return this.find(params)
      },
    }),
  },
  {
    path: 'dashboard/info',
    methods: ['find'],
    scope: { kind: 'own-user', why: "Counts of the caller's current account only, each as the caller may see it; takes no id." },
    schemas: { result: dashboardInfoSchema },
    service: dashboardInfo,
  },
  {
    path: 'modules',
    methods: ['find'],
    scope: { kind: 'own-user', why: "Answers for the caller's current account only; takes no id." },
    service: (app) => ({
      async find(params: AppParams) {
        const enabled = new Set<string>([...ALWAYS_ON_MODULES, ...currentUser(params).modules])
        return installedRemotes(app).filter((remote) => enabled.has(remote.module))
      },
    }),
  },
]

const existingAccount = async (app: Application, params: AppParams) => {
  const accountId = routeId(params, 'accountId')
  const row = await app.get('knex')('accounts').where({ id: accountId }).first('id')
  if (!row) throw new NotFound(`No record found for id '${accountId}'`)
  return accountId
}

/**
 * The tenancy test (ARCHITECTURE "Cross-cutting rules"): every service that a plugin
 * registers is enumerated from the registry, so a service added later is covered
 * without anyone remembering to write a test for it.
 *
 * - Services that hold no tenant rows ('none', 'own-user', 'platform') must be on the
 *   reviewed lists below: a new one fails here until someone has looked at it.
 * - 'platform' services answer 403 to every method for account users (and admins).
 * - Tenant services backed by a TableService: a row of account A, asked for by a user
 *   of account B, answers the same 404 as a missing id and stays unchanged; find never
 *   shows it; create stamps B whatever account the client names.
 * - Tenant services addressed by account in the path (scope.routeParam), or by one
 *   tenant row in it (ROW_IN_PATH): A's id there answers 404 to a user of B, and
 *   nothing changes.
 *
 * Every check attacks rows made for it with the fixture builders (ROWS), and each 404
 * has a positive control: the same call by A's own admin gets past it and find lists
 * the caller's own rows. So a service the test cannot really exercise (no rows, or a
 * 404 it answers to every account alike) fails instead of passing on nothing.
 *
 * Runs on SQLite by default, on MariaDB with TEST_DATABASE_URL=mysql://…
 */
import type { AuthUser, Method, MenuFlag, RegisteredService } from '@app/plugin-kit'
import { TableService, serviceAt, toField } from '@app/plugin-kit'
import type { Knex } from 'knex'
import { type AccountFixture, fixtures } from '@app/testing'
import { afterAll, describe, expect, test } from 'vitest'
import { startTestServer } from './testing'

/**
 * Reviewed: services whose rows do not belong to one tenant. Adding a path here
 * means someone has checked that it cannot leak another account's data.
 */
const REVIEWED: Record<'none' | 'own-user' | 'platform', string[]> = {
  none: [
    'health',
    'authentication/two-factor',
    'passwordreset/requestReset',
    'passwordreset/changePassword',
    'passwordreset/changePasswordAndUserDetails',
    'emailchange/confirm',
    'support',
    'support/contact',
    'companies/geocode',
    'support/:id/download',
    'accounts/privileges',
    'accounts/privileges/global',
    // Followed from a download link: the signed token names the session (its account confines the reads), document and files.
    'files',
    // A part's bytes, PUT to the address the API signed for that part of that upload.
    'upload-parts/:uploadId',
  ],
  'own-user': [
    'authentication',
    'authentication/validate',
    'authentication/renew',
    'two-factor/enrolment',
    'two-factor/confirmation',
    'two-factor/off',
    'contexts',
    'contexts/:contextId',
    'modules',
    'dashboard/info',
    'dashboard/projects',
    'search',
    'accountusers/:userId/language/:language',
    'accountusers/pwd/:userId',
    'accountusers/:userId/username',
    'accountusers/:userId/toggleRequestRemoval',
    'accountusers/:userId/file-view',
    'accountusers/:userId/file-view/:type',
    'companies/new',
    'projects/new',
    'projects/info',
    // The caller's documents list: their account's documents of projects they hold VIEW on (whereProjectAccess), with their own marks.
    'documents',
  ],
  platform: ['accounts/toggle/:accountId', 'accounts/:accountId/modules', 'accounts/admin-create'],
}

/**
 * Reviewed: tenant services addressed by one tenant row in the path (a company's
 * users, its logo; a member's privileges, anonymisation or removal by their user id),
 * with the table that row is made in (ROWS) unless the entry makes its own. A user of B
 * naming A's row there gets 404 for every method, and A's admin gets past it. Methods
 * with an id take `id` (made in the row's account); without one they act on the path.
 */
interface RowInPath {
  param: string
  /** The path's other parameters, when they are fixed words (a comment's module). */
  values?: Record<string, string>
  table?: string
  /** The row for the method (a path whose one placeholder names an item for GET and a link for DELETE makes each). */
  row?: (account: AccountFixture, method: Method) => Promise<number>
  id?: (account: AccountFixture, row: number) => Promise<number>
}
const member: RowInPath = { param: 'userId', table: 'account_users' }
const company: RowInPath = { param: 'companyId', table: 'companies' }
const ROW_IN_PATH: Record<string, RowInPath> = {
  'accountusers/:userId/privileges': member,
  'accountusers/:userId/privileges/projects': member,
  'accountusers/:userId/privileges/add': member,
  'accountusers/:userId/privileges/remove': member,
  'accountusers/:userId/privileges/add-or-modify-action': member,
  'accountusers/:userId/authorities/:resource/:resourceId': member,
  'accountusers/:userId/anonymous': member,
  'accountusers/:userId/remove': member,
  'companies/:companyId/logo': { param: 'companyId', row: async (account) => companyWithLogo(account) },
  'companies/:companyId/users': { ...company, id: async (account, row) => (await make.user(account, 'user', { company: { id: row, accountId: account.id, name: '' } })).id },
  'companies/:companyId/users-with-access': {
    ...company,
    id: async (account, row) => {
      const person = await make.user(account)
      await make.grant(person, { resource: 'COMPANY', resourceId: row, action: 'VIEW' })
      return person.id
    },
  },
  'companies/:companyId/candidates': company,
  // Comments on a project (the projects plugin's comment target): the project is the row in the path.
  'comments/:module/:moduleId': { param: 'moduleId', table: 'projects', values: { module: 'project' } },
  // A document's links to projects (GET names the document), and one of them (DELETE names the link).
  'links/:from/:ref/:to': { param: 'ref', values: { from: 'document', to: 'project' }, row: async (account, method) => (method === 'remove' ? ROWS.links!(account) : (await documentIn(account)).id) },
}

/** Reviewed: tenant services that answer a file, with the test that opens it as another account's user. */
const DOWNLOADS: Record<string, string> = {
  'companies/export': "plugins/companies/src/services/export/export.test.ts: another account's admin gets a companies.xlsx with none of this account's companies",
  'accountusers/export': "plugins/core/src/services/users-export/users-export.test.ts: another account's users.xlsx holds none of this account's users",
  'projects/export': "plugins/projects/src/services/export/export.test.ts: another account's admin gets a projects.xlsx with none of this account's projects",
}

const MISSING_ID = 987654321
/** Tables that change on every call (sign-in sessions, rate limits) or belong to knex. */
const VOLATILE_TABLES = /^(sessions|rate_limits|knex_migrations.*)$/

const VERB: Record<Method, string> = { find: 'GET', get: 'GET', create: 'POST', update: 'PUT', patch: 'PATCH', remove: 'DELETE' }
const WITH_ID: Method[] = ['get', 'update', 'patch', 'remove']

const server = await startTestServer()
const { app, call, knex } = server
afterAll(() => server.close())
const make = fixtures(server)

const registry: RegisteredService[] = app.get('registry')
/** Account A owns the rows under attack; B is the attacker's account. Each is called as its first admin, who holds every flag of the account. */
const accountA = await make.account()
const accountB = await make.account()
const A = accountA.id
const B = accountB.id
const tokenA = await make.signIn(accountA.admin)
const tokenB = await make.signIn(accountB.admin)
const tokenOf = (account: AccountFixture) => (account === accountA ? tokenA : tokenB)
const globalAdminOfA = await make.signIn(await make.user(accountA, 'globalAdmin'))
/** A company of B, the client of the projects B's admin creates. */
const clientOfB = (await make.company(accountB)).id
/** Users of A without the platform flags. */
const platformOutsiders = [await make.user(accountA), accountA.admin]
// The user exactly as hooks see it for B's token.
const userOfB: AuthUser = await app.service('authentication').userOf({ authentication: { strategy: 'jwt', accessToken: tokenB } })
const flagsOfB = await app.get('access').flags(userOfB)
/** A member of A, to fill `:userId`-like path segments where nothing is done to them (signed out, platform). */
const memberOfA = (await make.user(accountA)).id

let made = 0
const unique = () => `${Date.now().toString(36)}${++made}`
/** A row made through the service's own create, as the account's admin. */
const created = (path: string) => async (account: AccountFixture) => {
  const answer = await call('POST', `/api/${path.replace(':accountId', String(account.id))}`, CREATE_BODIES[path]!(), tokenOf(account))
  if (answer.status !== 201) throw new Error(`Making a row through POST /api/${path} failed: ${answer.status} ${JSON.stringify(answer.body)}`)
  return Number(answer.body.id)
}
/** A PDF uploaded as a template of the account (templates take a multipart upload). */
const uploadedTemplate = async (account: AccountFixture) => {
  const form = new FormData()
  form.append('file', new Blob(['%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n']), `Template ${unique()}.pdf`)
  const answer = await fetch(`${server.url}/api/templates/${account.id}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${tokenOf(account)}` } })
  if (answer.status !== 201) throw new Error(`Uploading a template failed: ${answer.status} ${await answer.text()}`)
  return Number(((await answer.json()) as { id: number }).id)
}

/** A document of a new project of the account. */
const documentIn = async (account: AccountFixture) => make.document(await make.project(account))
/** What B's admin links through POST /links (made once: the create is checked once). */
const linkOfB = { document: await documentIn(accountB), project: await make.project(accountB) }

/**
 * Bodies for the create of each tenant TableService (a fresh one per call, so unique
 * names do not clash), unless its data schema has an example. A service that creates
 * and has neither fails, so no create goes unchecked.
 */
const CREATE_BODIES: Record<string, () => Record<string, unknown>> = {
  roles: () => ({ name: `Role ${unique()}`, securityGroup: 'USER' }),
  'foldertypes/:accountId': () => ({ name: `Type ${unique()}`, typeId: `T${unique()}` }),
  'setup/:accountId/lifecycles': () => ({ name: `Life cycle ${unique()}` }),
  'setup/:accountId/revisiontypes': () => ({ name: `Revision ${unique()}` }),
  'setup/:accountId/materialtypealiases': () => ({ materialType: 'Steel beam', alias: `Alias ${unique()}` }),
  'setup/:accountId/classifications': () => ({ name: 'Structural', groupId: `G${unique()}` }),
  'setup/:accountId/materiallifecycles': () => ({ name: `Material life cycle ${unique()}` }),
  // A project names its client: a company of B, the account that creates it.
  projects: () => ({ name: `Project ${unique()}`, symbol: `P-${unique()}`.slice(0, 20), companyId: clientOfB }),
  links: () => ({ from: 'document', fromId: linkOfB.document.id, to: 'project', toId: linkOfB.project.id }),
}
/** Reviewed: tenant creates that take no JSON body, with the test that proves their rows belong to the caller's account. */
const CREATE_ELSEWHERE: Record<string, string> = {
  'templates/:accountId': 'a multipart upload: plugins/setup/src/services/templates/templates.test.ts',
}
/**
 * How to make a fresh row of an account in each table that a tenant service reads, so
 * every check below attacks a row made for it (never an empty table) and first proves
 * that the row's own account reaches it. A service whose table has no maker here fails.
 */
const ROWS: Record<string, (account: AccountFixture) => Promise<number>> = {
  accounts: async (account) => account.id,
  account_users: async (account) => (await make.user(account)).id,
  privileges: async (account) => make.grant(await make.user(account), { resource: 'COMPANY', resourceId: (await make.company(account)).id, action: 'VIEW' }),
  roles: async (account) => (await make.role(account)).id,
  companies: async (account) => (await make.company(account)).id,
  projects: async (account) => (await make.project(account)).id,
  setup_folder_types: created('foldertypes/:accountId'),
  setup_life_cycles: created('setup/:accountId/lifecycles'),
  setup_revision_types: created('setup/:accountId/revisiontypes'),
  setup_material_type_aliases: created('setup/:accountId/materialtypealiases'),
  setup_classifications: created('setup/:accountId/classifications'),
  setup_material_life_cycles: created('setup/:accountId/materiallifecycles'),
  setup_templates: uploadedTemplate,
  comments: async (account) => {
    const project = await make.project(account)
    const [id] = await knex('comments').insert({
      account_id: account.id,
      module: 'project',
      module_id: project.id,
      content: `Comment ${unique()}`,
      author_id: account.admin.id,
      created_at: new Date().toISOString(),
    })
    return Number(id)
  },
  // A link of a document to its project, as the links plugin keeps it (the end whose module sorts first is `from`).
  links: async (account) => {
    const document = await documentIn(account)
    const [id] = await knex('links').insert({
      account_id: account.id,
      from_module: 'document',
      from_id: document.id,
      to_module: 'project',
      to_id: document.projectId,
      created_at: new Date().toISOString(),
      created_by: account.admin.id,
    })
    return Number(id)
  },
}

/**
 * Reviewed: tenant services that are no TableService but list rows of one table with a find
 * of their own SQL, with the table and a maker of a row the list shows (the home map's
 * markers list only projects with a position). The find checks of TableServices run on them.
 */
const OWN_FINDS: Record<string, { table: string; row: (account: AccountFixture) => Promise<number> }> = {
  'projects/positions': { table: 'projects', row: async (account) => (await make.project(account, { position: { latitude: 60.17, longitude: 24.94 } })).id },
}

/** Finds that list only what a query asks for: the query that asks for the row made. */
const FIND_QUERY: Record<string, (id: number) => Promise<string>> = {
  accountusers: async (id) => `username=${encodeURIComponent((await knex('users').where({ id }).first('username')).username)}`,
}
/** Reviewed: tenant finds that answer no list of rows, with what they answer and the test that proves it. */
const FINDS_ELSEWHERE: Record<string, string> = {
  'accountusers/exists':
    "{ exists, member } for one e-mail, member true only in the caller's own account: plugins/core/src/services/accountusers.services.test.ts",
}
/** Calls that only a global admin makes even in their own account (identity fields: issue 7 §1), so the positive control calls as one. */
const OWN_CALLER_GLOBAL_ADMIN = ['accountusers/:accountId/toggle/:userId/2fa']

/**
 * Values for the other `:params` of a path addressed by account, made in the account
 * the call names, so its own admin's call reaches something real.
 */
const PATH_VALUES: Record<string, (account: AccountFixture) => Promise<string | number>> = {
  userId: ROWS.account_users!,
  folderTypeId: ROWS.setup_folder_types!,
  privilegeId: async () => (await call('GET', '/api/accounts/privileges/global', undefined, tokenA)).body[0].id,
  groupId: ROWS.roles!,
  level: async () => 'ACCESS',
}

/** A one-pixel PNG: the smallest logo the companies plugin takes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64')
/** A company of the account with a logo, uploaded as the account's admin. */
const companyWithLogo = async (account: AccountFixture) => {
  const { id } = await make.company(account)
  const form = new FormData()
  form.append('file', new Blob([PNG]), 'logo.png')
  const answer = await fetch(`${server.url}/api/companies/${id}/logo`, { method: 'PATCH', body: form, headers: { authorization: `Bearer ${tokenOf(account)}` } })
  if (answer.status !== 200) throw new Error(`Uploading a logo failed: ${answer.status} ${await answer.text()}`)
  return id
}

/** The path with its `:params` filled: `values` first, then a member of A for user ids, else 1. */
const fill = (path: string, values: Record<string, string | number> = {}) =>
  path.replace(/:(\w+)/g, (_, name: string) => String(values[name] ?? (/user/i.test(name) ? memberOfA : 1)))

const urlOf = (path: string, method: Method, id?: string | number, values?: Record<string, string | number>) =>
  `/api/${fill(path, values)}${WITH_ID.includes(method) && id !== undefined ? `/${id}` : ''}`

const rowsOf = (body: any): any[] => (Array.isArray(body) ? body : Array.isArray(body?.data) ? body.data : [])

/** The missing flags of B's admin for a method, if any. */
const lacking = (entry: RegisteredService, method: Method): MenuFlag[] => {
  const anyOf = entry.flags?.[method] ?? []
  return anyOf.length && !anyOf.some((f) => flagsOfB[f]) ? anyOf : []
}

/**
 * The positive control: the same call by the row's own account must get past the point
 * where the other account got 404 (anything but 403, 404 or a 5xx), or that 404 did not
 * come from the account: the service answers it to everyone.
 */
const expectReached = (answer: { status: number; body: unknown }, what: string) =>
  expect(
    answer.status !== 403 && answer.status !== 404 && answer.status < 500,
    `${what}: its own account's admin got ${answer.status} ${JSON.stringify(answer.body)}, so the other account's 404 proves nothing. ` +
      'Make the row (ROWS, PATH_VALUES) or the call so that its own account reaches it.',
  ).toBe(true)

// An account gets its built-in folder types on first use (plugins/setup): B's are made before any snapshot is compared.
await ROWS.setup_folder_types!(accountB)

/** Every table's rows, for "nothing changed" checks (a small fixture database). */
const tablesOf = async (db: Knex): Promise<string[]> => {
  if (db.client.config.client === 'mysql2') {
    const [rows] = await db.raw('show tables')
    return rows.map((r: Record<string, string>) => Object.values(r)[0]!)
  }
  const rows = await db('sqlite_master').where({ type: 'table' }).whereNot('name', 'like', 'sqlite_%').pluck('name')
  return rows
}
const snapshot = async () => {
  const result: Record<string, unknown[]> = {}
  for (const table of (await tablesOf(knex)).filter((t) => !VOLATILE_TABLES.test(t)).sort())
    result[table] = await knex(table).select('*').orderByRaw('1')
  return result
}

/** A 404 body with the id taken out of its message, to compare "theirs" with "missing". */
const normalised = (body: any, id: string | number) => ({
  ...body,
  message: typeof body?.message === 'string' ? body.message.split(String(id)).join('<id>') : body?.message,
})

const byKind = (kind: string) =>
  registry
    .filter((s) => s.scope.kind === kind)
    .map((s) => s.path)
    .sort()

describe('the registry', () => {
  test('knows the services of every plugin', () => {
    expect(registry.length).toBeGreaterThan(5)
    expect(registry.some((s) => s.path === 'companies')).toBe(true)
  })

  for (const kind of ['none', 'own-user', 'platform'] as const)
    test(`services of scope '${kind}' are exactly the reviewed ones`, () => {
      expect(
        byKind(kind),
        `A service of scope '${kind}' was added or removed. Review that it cannot reach another account's rows, then update REVIEWED['${kind}'] in api/src/tenancy.test.ts.`,
      ).toEqual([...REVIEWED[kind]].sort())
    })

  test('every non-tenant service says why', () => {
    // Project-scoped rows are a project's and so its account's: api/src/project-access.test.ts proves them.
    for (const s of registry)
      if (s.scope.kind !== 'tenant' && s.scope.kind !== 'project') expect((s.scope as { why?: string }).why, `${s.path} has no scope.why`).toBeTruthy()
  })

  test('every service is reachable at its own path', () => {
    // Every service's implicit `x/:__id` route could hide a declared `x/:param` one (routes.ts picks the most specific).
    for (const entry of registry)
      for (const method of entry.methods) {
        const url = urlOf(entry.path, method, 1, { accountId: A }).slice('/api/'.length)
        const found = app.lookup(url)
        const other = registry.find((r) => found && serviceAt(app, r.path) === found.service)?.path ?? 'nothing'
        expect(found?.service === serviceAt(app, entry.path), `${VERB[method]} /api/${url} reaches ${other}, not ${entry.path}`).toBe(true)
      }
  })

  test('every reviewed exception names a registered service', () => {
    const paths = new Set(registry.map((s) => s.path))
    for (const [list, entries] of Object.entries({ ROW_IN_PATH, DOWNLOADS, CREATE_ELSEWHERE, FINDS_ELSEWHERE, FIND_QUERY, OWN_FINDS }))
      for (const path of Object.keys(entries)) expect(paths.has(path), `${list} names ${path}, which is not registered: remove it`).toBe(true)
    for (const path of OWN_CALLER_GLOBAL_ADMIN) expect(paths.has(path), `OWN_CALLER_GLOBAL_ADMIN names ${path}, which is not registered`).toBe(true)
  })

  test('every platform method names a flag', () => {
    for (const s of registry.filter((r) => r.scope.kind === 'platform'))
      for (const m of s.methods) expect(s.flags?.[m]?.length, `${s.path} ${m} names no flag`).toBeGreaterThan(0)
  })
})

describe('signed out', () => {
  for (const entry of registry)
    for (const method of entry.methods.filter((m) => !entry.public?.includes(m)))
      test(`${VERB[method]} ${entry.path} (${method}) answers 401`, async () => {
        const before = await snapshot()
        const answer = await call(VERB[method], urlOf(entry.path, method, 1, { accountId: A }), method === 'find' || method === 'get' || method === 'remove' ? undefined : {})
        expect(answer.status, JSON.stringify(answer.body)).toBe(401)
        expect(await snapshot()).toEqual(before)
      })
})

describe('platform services refuse account users', () => {
  for (const entry of registry.filter((s) => s.scope.kind === 'platform'))
    for (const method of entry.methods)
      test(`${VERB[method]} ${entry.path} (${method}) answers 403`, async () => {
        for (const person of platformOutsiders) {
          const token = await make.signIn(person)
          const before = await snapshot()
          const body = method === 'create' || method === 'update' || method === 'patch' ? {} : undefined
          const answer = await call(VERB[method], urlOf(entry.path, method, A, { accountId: A }), body, token)
          expect(answer.status, `${person.username}: ${JSON.stringify(answer.body)}`).toBe(403)
          expect(await snapshot(), `${person.username} changed data through ${entry.path}`).toEqual(before)
        }
      })
})

describe('tenant services', () => {
  const tenants = registry.filter((s) => s.scope.kind === 'tenant')

  test('there are tenant services to check', () => {
    expect(tenants.length).toBeGreaterThan(0)
  })

  for (const entry of tenants) {
    const scope = entry.scope as Extract<RegisteredService['scope'], { kind: 'tenant' }>
    const service = serviceAt(app, entry.path)
    const rowInPath = ROW_IN_PATH[entry.path]
    const tableBacked = service instanceof TableService && !DOWNLOADS[entry.path] && !rowInPath
    const ownFind = tableBacked ? undefined : OWN_FINDS[entry.path]
    const table = tableBacked ? (service as TableService).getOptions({} as never).name : (rowInPath?.table ?? ownFind?.table)

    test(`${entry.path}: the tenancy test knows how to check it`, () => {
      expect(
        tableBacked || Boolean(scope.routeParam) || Boolean(rowInPath) || Boolean(DOWNLOADS[entry.path]) || Boolean(ownFind),
        `Tenant service ${entry.path} is neither a TableService nor addressed by account (scope.routeParam) nor by a row in its path (ROW_IN_PATH) nor a reviewed list of its own (OWN_FINDS). ` +
          'Extend api/src/tenancy.test.ts so it can prove that a user of another account cannot reach its rows.',
      ).toBe(true)
      if (table) expect(ROWS[table], `${entry.path} reads ${table}: add a maker of its rows to ROWS in api/src/tenancy.test.ts`).toBeDefined()
    })

    for (const method of entry.methods)
      test(`${entry.path}: the other account's admin holds the flags for ${method}`, () => {
        expect(lacking(entry, method), `The fixture account admin lacks the flags of ${entry.path} ${method}`).toEqual([])
      })

    if (tableBacked) describeTable(entry, scope, service as TableService)
    if (scope.routeParam) describeRouteParam(entry, scope.routeParam, tableBacked ? table : undefined)
    if (rowInPath) describeRowInPath(entry, rowInPath)
    if (ownFind) describeFind(entry, scope, ownFind.table, 'id', ownFind.row)
  }
})

/** A fresh row of the account in the table (a maker is required by "knows how to check it"). */
const rowIn = (table: string | undefined, account: AccountFixture) => {
  const maker = table ? ROWS[table] : undefined
  if (!maker) throw new Error(`No maker of ${table} rows in ROWS`)
  return maker(account)
}

function describeTable(entry: RegisteredService, scope: { column?: string }, service: TableService) {
  const options = service.getOptions({} as never) as { name: string; id?: string }
  const table = options.name
  const idField = options.id ?? 'id'
  const column = scope.column ?? 'account_id'
  const field = toField(column)
  const base = (method: Method, id?: number, account = B) => urlOf(entry.path, method, id, { accountId: account })
  const dataBody = () => structuredClone(entry.schemas?.data?.examples?.[0] ?? {})
  const patchBody = () => structuredClone(entry.schemas?.patch?.examples?.[0] ?? entry.schemas?.data?.examples?.[0] ?? {})

  for (const method of entry.methods.filter((m) => WITH_ID.includes(m)))
    test(`${entry.path}: ${method} of another account's row answers 404 like a missing id, and its own account reaches it`, async () => {
      const id = await rowIn(table, accountA)
      const body = method === 'patch' ? patchBody() : method === 'update' ? dataBody() : undefined
      const row = await knex(table).where(idField, id).first()
      const before = await snapshot()

      const missing = await call(VERB[method], base(method, MISSING_ID), body, tokenB)
      const theirs = await call(VERB[method], base(method, id), body, tokenB)
      expect(missing.status, `missing id: ${JSON.stringify(missing.body)}`).toBe(404)
      expect(theirs.status, `another account's row: ${JSON.stringify(theirs.body)}`).toBe(404)
      expect(normalised(theirs.body, id)).toEqual(normalised(missing.body, MISSING_ID))
      expect(Object.keys(theirs.body).sort()).toEqual(['className', 'code', 'message', 'name'])

      expect(await knex(table).where(idField, id).first(), 'the row of account A changed').toEqual(row)
      expect(await snapshot(), 'something changed in the database').toEqual(before)
      expectReached(await call(VERB[method], base(method, id, A), body, tokenA), `${VERB[method]} ${entry.path}`)
    })

  describeFind(entry, scope, table, idField)

  if (entry.methods.includes('create') && column !== 'id') {
    const body = CREATE_BODIES[entry.path] ?? (entry.schemas?.data?.examples?.[0] ? dataBody : undefined)
    if (!CREATE_ELSEWHERE[entry.path])
      test(`${entry.path}: create belongs to the caller's account whatever the client sends`, async () => {
        expect(body, `${entry.path} creates: give it a body in CREATE_BODIES (or its data schema an example)`).toBeDefined()
        const answer = await call('POST', base('create'), { ...body!(), [field]: A, [column]: A }, tokenB)
        expect(answer.status, JSON.stringify(answer.body)).toBe(201)
        const id = answer.body[toField(idField)]
        const row = await knex(table).where(idField, id).first()
        expect(Number(row[column])).toBe(B)
        if (answer.body[field] !== undefined) expect(Number(answer.body[field])).toBe(B)
      })
  }
}

/**
 * A find lists the caller's own row (made by `maker`, else the table's ROWS maker) and none
 * of another account's, whatever account the query names.
 */
function describeFind(entry: RegisteredService, scope: { column?: string }, table: string, idField: string, maker?: (account: AccountFixture) => Promise<number>) {
  const column = scope.column ?? 'account_id'
  const field = toField(column)
  const base = (method: Method, id?: number, account = B) => urlOf(entry.path, method, id, { accountId: account })
  const rowOf = (account: AccountFixture) => (maker ? maker(account) : rowIn(table, account))

  if (entry.methods.includes('find') && !FINDS_ELSEWHERE[entry.path])
    test(`${entry.path}: find shows the caller's own rows and none of another account`, async () => {
      const ofA = await rowOf(accountA)
      const ofB = await rowOf(accountB)
      const query = FIND_QUERY[entry.path]
      const answer = await call('GET', `${base('find')}?$limit=500${query ? `&${await query(ofB)}` : ''}`, undefined, tokenB)
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      const ids = rowsOf(answer.body).map((row) => Number(row[toField(idField)]))
      expect(ids, `find of ${entry.path} does not list the caller's own row, so it proves nothing about other accounts' rows`).toContain(ofB)
      expect(ids, `row ${ofA} of account A leaked`).not.toContain(ofA)
      for (const row of rowsOf(answer.body)) if (row[field] !== undefined) expect(Number(row[field])).toBe(B)
      const own = await call('GET', `${base('find', undefined, A)}?$limit=500${query ? `&${await query(ofA)}` : ''}`, undefined, tokenA)
      expect(rowsOf(own.body).map((row) => Number(row[toField(idField)])), 'account A does not see its own row').toContain(ofA)
    })

  if (entry.methods.includes('find')) {
    test(`${entry.path}: a query naming another account is overridden`, async () => {
      const ofA = await rowOf(accountA)
      const attempts = [
        `${field}=${A}`,
        `${column}=${A}`,
        `${field}[$in][]=${A}&${field}[$in][]=${B}`,
        `$or[0][${toField(idField)}]=${ofA}`,
        `${toField(idField)}=${ofA}`,
      ]
      for (const attempt of attempts) {
        const answer = await call('GET', `${base('find')}?$limit=500&${attempt}`, undefined, tokenB)
        expect([200, 400], `${attempt}: ${JSON.stringify(answer.body)}`).toContain(answer.status)
        for (const row of rowsOf(answer.body)) expect(Number(row[toField(idField)]), `${attempt} leaked a row of account A`).not.toBe(ofA)
      }
    })
  }
}

/** The path's other `:params`, made in the account (PATH_VALUES), else 1. */
const valuesIn = async (path: string, account: AccountFixture) => {
  const values: Record<string, string | number> = {}
  for (const [, name] of path.matchAll(/:(\w+)/g)) {
    const maker = PATH_VALUES[name!]
    if (maker) values[name!] = await maker(account)
  }
  return values
}

function describeRouteParam(entry: RegisteredService, routeParam: string, table: string | undefined) {
  for (const method of entry.methods)
    test(`${entry.path}: ${method} with another account in :${routeParam} answers 404, and with its own gets past it`, async () => {
      const values = await valuesIn(entry.path, accountA)
      const id = WITH_ID.includes(method) ? (table ? await rowIn(table, accountA) : 1) : undefined
      const body = method === 'create' || method === 'update' || method === 'patch' ? {} : undefined
      const before = await snapshot()
      const answer = await call(VERB[method], urlOf(entry.path, method, id, { ...values, [routeParam]: A }), body, tokenB)
      expect(answer.status, JSON.stringify(answer.body)).toBe(404)
      expect(Object.keys(answer.body).sort()).toEqual(['className', 'code', 'message', 'name'])
      expect(await snapshot(), 'something changed in the database').toEqual(before)
      const own = OWN_CALLER_GLOBAL_ADMIN.includes(entry.path) ? globalAdminOfA : tokenA
      expectReached(await call(VERB[method], urlOf(entry.path, method, id, { ...values, [routeParam]: A }), body, own), `${VERB[method]} ${entry.path}`)
    })
}

function describeRowInPath(entry: RegisteredService, { param, values, table, row, id: idIn }: RowInPath) {
  for (const method of entry.methods)
    test(`${entry.path}: ${method} with a row of another account in :${param} answers 404, and its own account gets past it`, async () => {
      const ofA = row ? await row(accountA, method) : await rowIn(table, accountA)
      const id = WITH_ID.includes(method) && idIn ? await idIn(accountA, ofA) : undefined
      // A well-formed body: the answer must be the 404, not a 400 about the body.
      const example = structuredClone(entry.schemas?.data?.examples?.[0] ?? {})
      const body = method === 'create' || method === 'update' || method === 'patch' ? example : undefined
      const url = urlOf(entry.path, method, id, { ...values, [param]: ofA })
      const before = await snapshot()
      const answer = await call(VERB[method], url, body, tokenB)
      expect(answer.status, JSON.stringify(answer.body)).toBe(404)
      expect(await snapshot(), 'something changed in the database').toEqual(before)
      expectReached(await call(VERB[method], url, body, tokenA), `${VERB[method]} ${entry.path}`)
    })
}

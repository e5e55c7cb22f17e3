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
 * - Tenant services addressed by account in the path (scope.routeParam): A's id in
 *   that parameter answers 404 to a user of B, and nothing changes.
 *
 * Runs on SQLite by default, on MariaDB with TEST_DATABASE_URL=mysql://…
 */
import type { AuthUser, Method, MenuFlag, RegisteredService } from '@app/plugin-kit'
import { TableService, toField } from '@app/plugin-kit'
import type { Knex } from 'knex'
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
    'accountusers/:userId/language/:language',
    'accountusers/pwd/:userId',
    'accountusers/:userId/username',
    'accountusers/:userId/toggleRequestRemoval',
    'accountusers/:userId/file-view',
    'accountusers/:userId/file-view/:type',
    'companies/new',
  ],
  platform: ['accounts/toggle/:accountId', 'accounts/:accountId/modules', 'accounts/admin-create'],
}

/**
 * Reviewed: tenant services addressed by one tenant row in the path (a company's
 * users, its logo; a member's privileges, by the user id `column` of the membership).
 * A user of B naming A's row there gets 404 for every method.
 */
const ROW_IN_PATH: Record<string, { param: string; table: string; column?: string }> = {
  'accountusers/:userId/privileges': { param: 'userId', table: 'account_users', column: 'user_id' },
  'accountusers/:userId/privileges/projects': { param: 'userId', table: 'account_users', column: 'user_id' },
  'accountusers/:userId/privileges/add': { param: 'userId', table: 'account_users', column: 'user_id' },
  'accountusers/:userId/privileges/remove': { param: 'userId', table: 'account_users', column: 'user_id' },
  'accountusers/:userId/privileges/add-or-modify-action': { param: 'userId', table: 'account_users', column: 'user_id' },
  'accountusers/:userId/authorities/:resource/:resourceId': { param: 'userId', table: 'account_users', column: 'user_id' },
  'companies/:companyId/logo': { param: 'companyId', table: 'companies' },
  'companies/:companyId/users': { param: 'companyId', table: 'companies' },
  'companies/:companyId/users-with-access': { param: 'companyId', table: 'companies' },
  'companies/:companyId/candidates': { param: 'companyId', table: 'companies' },
}

/** Reviewed: tenant services that answer a file, with the test that opens it as another account's user. */
const DOWNLOADS: Record<string, string> = {
  'companies/export': "plugins/companies/src/services/export/export.test.ts: another account's admin gets a companies.xlsx with none of this account's companies",
  'accountusers/export': "plugins/core/src/services/users-export/users-export.test.ts: another account's users.xlsx holds none of this account's users",
}

const MISSING_ID = 987654321
/** Account A owns the rows under attack; B is the attacker's account. */
const ACCOUNT_A = 'Demo Engineering'
const ACCOUNT_B = 'Demo Sales'
/** Admin of account B: holds every flag of B, so a 403 does not hide the tenancy answer. */
const USER_OF_B = 'sales@demo.test'
/** Users of A without the platform flags. */
const PLATFORM_OUTSIDERS = ['user@demo.test', 'admin@demo.test']
/** Tables that change on every call (sign-in sessions, rate limits) or belong to knex. */
const VOLATILE_TABLES = /^(sessions|rate_limits|knex_migrations.*)$/

const VERB: Record<Method, string> = { find: 'GET', get: 'GET', create: 'POST', update: 'PUT', patch: 'PATCH', remove: 'DELETE' }
const WITH_ID: Method[] = ['get', 'update', 'patch', 'remove']

const server = await startTestServer()
const { app, call, signIn, knex } = server
afterAll(() => server.close())

const registry: RegisteredService[] = app.get('registry')
const accountId = async (company: string) => Number((await knex('accounts').where({ company }).first('id')).id)
const userId = async (username: string) => Number((await knex('users').where({ username }).first('id')).id)
const A = await accountId(ACCOUNT_A)
const B = await accountId(ACCOUNT_B)
const tokenB = await signIn(USER_OF_B)
// The user exactly as hooks see it for B's token.
const userOfB: AuthUser = await (app.service('authentication') as any).userOf({ authentication: { strategy: 'jwt', accessToken: tokenB } })
const flagsOfB = await app.get('access').flags(userOfB)
/** A member of A, to fill `:userId`-like path segments with a real target. */
const memberOfA = await userId('user@demo.test')

/** The path with its `:params` filled: `values` first, then a member of A for user ids, else 1. */
const fill = (path: string, values: Record<string, string | number> = {}) =>
  path.replace(/:(\w+)/g, (_, name: string) => String(values[name] ?? (/user/i.test(name) ? memberOfA : 1)))

const urlOf = (path: string, method: Method, id?: string | number, values?: Record<string, string | number>) =>
  `/api/${fill(path, values)}${WITH_ID.includes(method) && id !== undefined ? `/${id}` : ''}`

const rowsOf = (body: any): any[] => (Array.isArray(body) ? body : Array.isArray(body?.data) ? body.data : [])

/** The missing flags of B's user for a method, if any. */
const lacking = (entry: RegisteredService, method: Method): MenuFlag[] => {
  const anyOf = entry.flags?.[method] ?? []
  return anyOf.length && !anyOf.some((f) => flagsOfB[f]) ? anyOf : []
}

/** Every table's rows, for "nothing changed" checks (tiny demo database). */
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
    for (const s of registry)
      if (s.scope.kind !== 'tenant') expect((s.scope as { why?: string }).why, `${s.path} has no scope.why`).toBeTruthy()
  })

  test('every service is reachable at its own path', () => {
    // Every service's implicit `x/:__id` route could hide a declared `x/:param` one (routes.ts picks the most specific).
    for (const entry of registry)
      for (const method of entry.methods) {
        const url = urlOf(entry.path, method, 1, { accountId: A }).slice('/api/'.length)
        const found = app.lookup(url)
        const other = registry.find((r) => found && app.service(r.path) === found.service)?.path ?? 'nothing'
        expect(found?.service === app.service(entry.path), `${VERB[method]} /api/${url} reaches ${other}, not ${entry.path}`).toBe(true)
      }
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
        for (const username of PLATFORM_OUTSIDERS) {
          const token = await signIn(username)
          const before = await snapshot()
          const body = method === 'create' || method === 'update' || method === 'patch' ? {} : undefined
          const answer = await call(VERB[method], urlOf(entry.path, method, A, { accountId: A }), body, token)
          expect(answer.status, `${username}: ${JSON.stringify(answer.body)}`).toBe(403)
          expect(await snapshot(), `${username} changed data through ${entry.path}`).toEqual(before)
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
    const service = app.service(entry.path)
    const tableBacked = service instanceof TableService && !DOWNLOADS[entry.path]
    const rowInPath = ROW_IN_PATH[entry.path]

    test(`${entry.path}: the tenancy test knows how to check it`, () => {
      expect(
        tableBacked || Boolean(scope.routeParam) || Boolean(rowInPath) || Boolean(DOWNLOADS[entry.path]),
        `Tenant service ${entry.path} is neither a TableService nor addressed by account (scope.routeParam). ` +
          'Extend api/src/tenancy.test.ts so it can prove that a user of another account cannot reach its rows.',
      ).toBe(true)
    })

    for (const method of entry.methods)
      test(`${entry.path}: ${USER_OF_B} holds the flags for ${method}`, () => {
        expect(lacking(entry, method), `Pick a user of ${ACCOUNT_B} whose flags allow ${entry.path} ${method}`).toEqual([])
      })

    if (tableBacked) describeTable(entry, scope, service as TableService)
    if (scope.routeParam) describeRouteParam(entry, scope.routeParam)
    if (rowInPath) describeRowInPath(entry, rowInPath)
  }
})

function describeTable(entry: RegisteredService, scope: { column?: string }, service: TableService) {
  const options = service.getOptions({} as never) as { name: string; id?: string }
  const table = options.name
  const idField = options.id ?? 'id'
  const column = scope.column ?? 'account_id'
  const field = toField(column)
  const base = (method: Method, id?: number) => urlOf(entry.path, method, id, { accountId: B })
  const idsOfA = async (): Promise<number[]> =>
    column === 'id' ? [A] : (await knex(table).where(column, A).pluck(idField)).map(Number)
  const rowOfA = async () => {
    const ids = await idsOfA()
    if (!ids.length) throw new Error(`Table ${table} has no row of account A (${ACCOUNT_A}): seed one so ${entry.path} can be checked`)
    return ids[0]!
  }
  const dataBody = () => structuredClone(entry.schemas?.data?.examples?.[0] ?? {})
  const patchBody = () => structuredClone(entry.schemas?.patch?.examples?.[0] ?? entry.schemas?.data?.examples?.[0] ?? {})

  for (const method of entry.methods.filter((m) => WITH_ID.includes(m)))
    test(`${entry.path}: ${method} of another account's row answers 404 like a missing id`, async () => {
      const id = await rowOfA()
      const body = method === 'patch' ? patchBody() : method === 'update' ? dataBody() : undefined
      const row = await knex(table).where(idField, id).first()
      const before = await snapshot()

      const missing = await call(VERB[method], base(method, MISSING_ID), body, tokenB)
      const theirs = await call(VERB[method], base(method, id), body, tokenB)
      expect(missing.status, `missing id: ${JSON.stringify(missing.body)}`).toBe(404)
      expect(theirs.status, `another account's row: ${JSON.stringify(theirs.body)}`).toBe(404)
      expect(normalised(theirs.body, id)).toEqual(normalised(missing.body, MISSING_ID))
      expect(Object.keys(theirs.body).sort()).toEqual(['className', 'code', 'message', 'name'])

      expect(await knex(table).where(idField, id).first(), `the row of ${ACCOUNT_A} changed`).toEqual(row)
      expect(await snapshot(), 'something changed in the database').toEqual(before)
    })

  if (entry.methods.includes('find')) {
    test(`${entry.path}: find shows no row of another account`, async () => {
      const ofA = new Set(await idsOfA())
      const ofB = new Set(column === 'id' ? [B] : (await knex(table).where(column, B).pluck(idField)).map(Number))
      const answer = await call('GET', `${base('find')}?$limit=500`, undefined, tokenB)
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      for (const row of rowsOf(answer.body)) {
        const id = Number(row[toField(idField)])
        expect(ofA.has(id), `row ${id} of ${ACCOUNT_A} leaked`).toBe(false)
        expect(ofB.has(id), `row ${id} is not ${ACCOUNT_B}'s`).toBe(true)
        if (row[field] !== undefined) expect(Number(row[field])).toBe(B)
      }
    })

    test(`${entry.path}: a query naming another account is overridden`, async () => {
      const ids = new Set(await idsOfA())
      const first = [...ids][0]
      const attempts = [
        `${field}=${A}`,
        `${column}=${A}`,
        `${field}[$in][]=${A}&${field}[$in][]=${B}`,
        ...(first !== undefined ? [`$or[0][${toField(idField)}]=${first}`, `${toField(idField)}=${first}`] : []),
      ]
      for (const attempt of attempts) {
        const answer = await call('GET', `${base('find')}?$limit=500&${attempt}`, undefined, tokenB)
        expect([200, 400], `${attempt}: ${JSON.stringify(answer.body)}`).toContain(answer.status)
        for (const row of rowsOf(answer.body)) expect(ids.has(Number(row[toField(idField)])), `${attempt} leaked a row of ${ACCOUNT_A}`).toBe(false)
      }
    })
  }

  const example = entry.schemas?.data?.examples?.[0]
  if (entry.methods.includes('create') && column !== 'id' && example)
    test(`${entry.path}: create belongs to the caller's account whatever the client sends`, async () => {
      const answer = await call('POST', base('create'), { ...dataBody(), [field]: A, [column]: A }, tokenB)
      expect(answer.status, JSON.stringify(answer.body)).toBe(201)
      const id = answer.body[toField(idField)]
      const row = await knex(table).where(idField, id).first()
      expect(Number(row[column])).toBe(B)
      if (answer.body[field] !== undefined) expect(Number(answer.body[field])).toBe(B)
    })
}

function describeRouteParam(entry: RegisteredService, routeParam: string) {
  for (const method of entry.methods)
    test(`${entry.path}: ${method} with another account in :${routeParam} answers 404`, async () => {
      const before = await snapshot()
      const body = method === 'create' || method === 'update' || method === 'patch' ? {} : undefined
      const answer = await call(VERB[method], urlOf(entry.path, method, 1, { [routeParam]: A }), body, tokenB)
      expect(answer.status, JSON.stringify(answer.body)).toBe(404)
      expect(Object.keys(answer.body).sort()).toEqual(['className', 'code', 'message', 'name'])
      expect(await snapshot(), 'something changed in the database').toEqual(before)
    })
}

function describeRowInPath(entry: RegisteredService, { param, table, column = 'id' }: { param: string; table: string; column?: string }) {
  for (const method of entry.methods)
    test(`${entry.path}: ${method} with a row of another account in :${param} answers 404`, async () => {
      const id = Number((await knex(table).where('account_id', A).first(column))[column])
      const before = await snapshot()
      // A well-formed body: the answer must be the 404, not a 400 about the body.
      const example = structuredClone(entry.schemas?.data?.examples?.[0] ?? {})
      const body = method === 'create' || method === 'update' || method === 'patch' ? example : undefined
      const answer = await call(VERB[method], urlOf(entry.path, method, memberOfA, { [param]: id }), body, tokenB)
      expect(answer.status, JSON.stringify(answer.body)).toBe(404)
      expect(await snapshot(), 'something changed in the database').toEqual(before)
    })
}

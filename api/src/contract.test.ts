/**
 * The plugin contract seen from outside: the module switch, project access, and
 * how bad input is answered (a 400 with field messages, never a 500, nothing
 * written). Extra plugins defined here stand in for modules not written yet.
 */
import { type AppParams, type Migration, type PluginDefinition, TableService, definePlugin } from '@app/plugin-kit'
import { Type } from '@sinclair/typebox'
import { type Fixtures, type Member, type World, fixtures } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { plugins as realPlugins } from './plugins'
import { type TestServer, startTestServer } from './testing'

const WIDGETS = 'contract_widgets'

const widgetsTable: Migration = {
  name: '2026-11-22-900-contract-test-widgets',
  async up(knex) {
    await knex.schema.createTable(WIDGETS, (t) => {
      t.increments('id')
      t.integer('account_id').unsigned().notNullable().references('accounts.id').onDelete('CASCADE')
      t.string('name', 100).notNullable()
    })
  },
  async down(knex) {
    await knex.schema.dropTableIfExists(WIDGETS)
  },
}

const widgetSchema = Type.Object({ id: Type.Integer(), accountId: Type.Integer(), name: Type.String() }, { additionalProperties: false })
const widgetDataSchema = Type.Object({ name: Type.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false })

/** A module switched per account: 'sales', with a remote and one tenant table. */
const salesPlugin: PluginDefinition = definePlugin({
  id: 'contract-sales',
  module: 'sales',
  version: '0.0.1',
  remotes: [{ name: 'contract-sales', routes: ['/contract-widgets'], menu: [] }],
  migrations: [widgetsTable],
  permissions: [],
  services: [
    {
      path: 'contract-widgets',
      methods: ['find', 'get', 'create'],
      scope: { kind: 'tenant' },
      schemas: { data: widgetDataSchema, result: widgetSchema },
      service: (app) => new TableService({ Model: app.get('knex'), name: WIDGETS, result: widgetSchema }),
    },
  ],
})

/** A project-scoped service: the contract's project scope answers before it does. */
const projectPlugin: PluginDefinition = definePlugin({
  id: 'contract-project',
  module: 'project',
  version: '0.0.1',
  migrations: [],
  permissions: [],
  services: [
    {
      path: 'contract-project-things',
      methods: ['find'],
      scope: { kind: 'project', level: { find: 'EDIT' }, projectIdFrom: { field: 'projectId' } },
      schemas: { query: Type.Object({ projectId: Type.Optional(Type.String()) }, { additionalProperties: false }) },
      service: () => ({ find: async (params: AppParams) => ({ projectAccess: params.project?.level }) }),
    },
  ],
})

let server: TestServer
let make: Fixtures
let world: World
/** The caller's account A and another, B. */
let A: number
let B: number
/** The cast's tokens: every rank of A, and B's admin. */
let token: World['tokens']
/** A company of A, and one of B, for the calls that name one. */
let own: number
let theirCompany: number

const countOf = async (table: string) => Number((await server.knex(table).count({ n: '*' }))[0]!.n)

beforeAll(async () => {
  server = await startTestServer({}, { plugins: [...realPlugins, salesPlugin, projectPlugin] })
  make = fixtures(server)
  world = await make.world()
  A = world.a.id
  B = world.b.id
  own = world.company.id
  theirCompany = (await make.company(world.b)).id
  token = world.tokens
  // Each account has a widget, so a list that answers shows one.
  for (const as of [token.accountAdmin, token.otherAccount]) await server.call('POST', '/api/contract-widgets', { name: 'Widget' }, as)
})
afterAll(() => server?.close())

describe('health', () => {
  test('GET /api/health answers ok signed out', async () => {
    const answer = await server.call('GET', '/api/health')
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ status: 'ok' })
  })
})

describe('module switch', () => {
  const switchModules = (accountId: number, modules: { id: string; enabled: boolean }[], as = token.globalAdmin) =>
    server.call('PUT', `/api/accounts/${accountId}/modules`, { modules }, as)
  const moduleIds = async (as: string) => ((await server.call('GET', '/api/modules', undefined, as)).body as { module: string }[]).map((m) => m.module)

  test('GET /api/modules tells the shell each remote: entry, routes, menu and tiles in five languages', async () => {
    const answer = await server.call('GET', '/api/modules', undefined, token.accountAdmin)
    const core = (answer.body as any[]).find((m) => m.id === 'core')
    expect(core).toMatchObject({ module: 'core', remote: 'core', entry: '/remotes/core/remoteEntry.js', routes: ['/help', '/profile'], home: null })
    expect(core.menu.map((m: { id: string; area: string }) => [m.id, m.area])).toEqual(
      expect.arrayContaining([
        ['help', 'main'],
        ['profile', 'profile'],
      ]),
    )
    for (const entry of [...core.menu, ...core.tiles]) expect(Object.keys(entry.label).sort()).toEqual(['en-GB', 'fi-FI', 'no-NO', 'pl-PL', 'se-SE'])
    expect((answer.body as any[]).find((m) => m.module === 'sales')).toMatchObject({ id: 'contract-sales', routes: ['/contract-widgets'], tiles: [] })
  })

  test('a global admin switches a module off for one account, and on again', async () => {
    const before = await server.call('GET', '/api/contract-widgets', undefined, token.accountAdmin)
    expect(before.status).toBe(200)
    expect(before.body.data.length).toBeGreaterThan(0)
    expect(await moduleIds(token.accountAdmin!)).toContain('sales')

    const off = await switchModules(A, [{ id: 'sales', enabled: false }])
    expect(off.status, JSON.stringify(off.body)).toBe(200)
    expect(off.body).toContainEqual({ id: 'sales', enabled: false, alwaysOn: false })

    for (const [method, body] of [
      ['GET', undefined],
      ['POST', { name: 'Not while off' }],
    ] as const) {
      const rows = await countOf(WIDGETS)
      const answer = await server.call(method, '/api/contract-widgets', body, token.accountAdmin)
      expect(answer.status).toBe(403)
      expect(answer.body.message).toBe('Module sales is not enabled for this account')
      expect(await countOf(WIDGETS)).toBe(rows)
    }
    const one = await server.call('GET', '/api/contract-widgets/1', undefined, token.accountAdmin)
    expect(one.status).toBe(403)
    expect(await moduleIds(token.accountAdmin!)).not.toContain('sales')

    // Only that account: B keeps the module.
    expect((await server.call('GET', '/api/contract-widgets', undefined, token.otherAccount)).status).toBe(200)
    expect(await moduleIds(token.otherAccount!)).toContain('sales')

    const on = await switchModules(A, [{ id: 'sales', enabled: true }])
    expect(on.status).toBe(200)
    expect((await server.call('GET', '/api/contract-widgets', undefined, token.accountAdmin)).status).toBe(200)
    expect(await moduleIds(token.accountAdmin!)).toContain('sales')
  })

  test('core cannot be switched off', async () => {
    const answer = await switchModules(A, [{ id: 'core', enabled: false }])
    expect(answer.status).toBe(400)
    expect(answer.body.errors).toEqual({ 'modules.0.enabled': 'Module core cannot be switched off' })
    expect((await server.call('GET', '/api/health')).status).toBe(200)
    expect((await server.call('GET', '/api/contexts', undefined, token.accountAdmin)).status).toBe(200)
  })

  test('an unknown module is a 400', async () => {
    const answer = await switchModules(A, [{ id: 'nonexistent', enabled: true }])
    expect(answer.status).toBe(400)
    expect(answer.body.errors['modules.0.id']).toBe('Module nonexistent is not installed')
  })

  test('only global admins read or change an account’s modules', async () => {
    for (const who of ['accountAdmin', 'user', 'otherAccount'] as const) {
      const read = await server.call('GET', `/api/accounts/${A}/modules`, undefined, token[who])
      expect(read.status, who).toBe(403)
      const write = await switchModules(A, [{ id: 'sales', enabled: false }], token[who])
      expect(write.status, who).toBe(403)
      // The flag is checked before the body: an invalid body is still a 403.
      const invalid = await server.call('PUT', `/api/accounts/${A}/modules`, { nonsense: true }, token[who])
      expect(invalid.status, who).toBe(403)
    }
    const read = await server.call('GET', `/api/accounts/${A}/modules`, undefined, token.globalAdmin)
    expect(read.status).toBe(200)
    expect(read.body).toContainEqual({ id: 'sales', enabled: true, alwaysOn: false })
  })

  test('a missing account answers 404 to a global admin', async () => {
    expect((await server.call('GET', '/api/accounts/987654321/modules', undefined, token.globalAdmin)).status).toBe(404)
  })
})

describe('project access', () => {
  let project: number
  let another: number
  let theirs: number
  beforeAll(async () => {
    project = (await make.project(world.a)).id
    another = (await make.project(world.a)).id
    theirs = (await make.project(world.b)).id
  })

  const ask = (who: Member, projectId: number | string = project) =>
    server.call('GET', `/api/contract-project-things?projectId=${projectId}`, undefined, token[who])

  test('needs the level the service names', async () => {
    const knex = server.knex
    const user = world.people.user
    expect((await ask('user')).status).toBe(403)
    expect((await ask('user')).body.message).toBe('This needs EDIT access to the project')

    // A privilege in another account does not count.
    await make.grant(user, { resource: 'PROJECT', resourceId: project, action: 'EDIT' }, B)
    expect((await ask('user')).status).toBe(403)

    const id = await make.grant(user, { resource: 'PROJECT', resourceId: project, action: 'EDIT' })
    const granted = await ask('user')
    expect(granted.status).toBe(200)
    expect(granted.body).toEqual({ projectAccess: 'EDIT' })
    // Another project of the account is still closed.
    expect((await ask('user', another)).status).toBe(403)

    await knex('privileges').where({ id }).update({ action: 'VIEW' })
    expect((await ask('user')).status).toBe(403)

    await knex('privileges').where({ id }).update({ action: 'ADMINISTER' })
    expect((await ask('user')).status).toBe(200)
  })

  test('account admins administer every project of their account, and no other', async () => {
    for (const id of [project, another]) {
      const answer = await ask('accountAdmin', id)
      expect(answer.status).toBe(200)
      expect(answer.body).toEqual({ projectAccess: 'ADMINISTER' })
    }
    const foreign = await ask('accountAdmin', theirs)
    const missing = await ask('accountAdmin', 987654321)
    expect(foreign.status).toBe(404)
    expect(missing.status).toBe(404)
    expect(foreign.body.message.replace(String(theirs), '<id>')).toBe(missing.body.message.replace('987654321', '<id>'))
    expect((await ask('otherAccount', theirs)).body).toEqual({ projectAccess: 'ADMINISTER' })
  })

  test('no project, or a nonsensical id, is not found', async () => {
    expect((await server.call('GET', '/api/contract-project-things', undefined, token.user)).status).toBe(404)
    expect((await ask('user', 'abc')).status).toBe(404)
    expect((await ask('user', -1)).status).toBe(404)
  })
})

describe('errors', () => {
  const companies = () => countOf('companies')

  test('an unknown route is a JSON 404', async () => {
    for (const url of ['/api/nothing-here', '/api/nothing/here/either', '/not-api-at-all']) {
      const answer = await server.call('GET', url, undefined, token.accountAdmin)
      expect(answer.status, url).toBe(404)
      expect(answer.headers.get('content-type'), url).toMatch(/application\/json/)
      expect(answer.body, url).toMatchObject({ name: 'NotFound', code: 404, className: 'not-found' })
    }
  })

  test('a malformed JSON body is a JSON 400', async () => {
    const before = await companies()
    for (const body of ['{bad json', '{"name": "x",}', '[', 'null x']) {
      const answer = await server.call('POST', '/api/companies', body, token.accountAdmin)
      expect(answer.status, body).toBe(400)
      expect(answer.body, body).toMatchObject({ name: 'BadRequest', code: 400 })
    }
    expect(await companies()).toBe(before)
  })

  test('field messages are worded as in the spec', async () => {
    const before = await companies()
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: 'X', foo: 1 }, 'foo', 'Unknown field'],
      [{ name: 'X', latitude: 91 }, 'latitude', 'Can be maximum 90'],
      [{ name: 'X', latitude: -91 }, 'latitude', 'Needs to be at least -90'],
      [{ name: 'X', longitude: 181 }, 'longitude', 'Can be maximum 180'],
      [{ name: 'X', latitude: 'north' }, 'latitude', 'Invalid number, please use . for decimals'],
      [{ name: '' }, 'name', 'This field is required'],
      [{}, 'name', 'This field is required'],
      [{ name: 'x'.repeat(201) }, 'name', 'The maximum number of characters is 200'],
      [{ name: 'X', contactEmail: 'not-an-email' }, 'contactEmail', 'This field value must be a valid email address'],
      [{ name: 'X', parentId: 1.5 }, 'parentId', 'Only valid numbers (no comma)'],
    ]
    for (const [body, field, message] of cases) {
      const answer = await server.call('POST', '/api/companies', body, token.accountAdmin)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.errors?.[field], `${JSON.stringify(body)} → ${JSON.stringify(answer.body)}`).toBe(message)
    }
    const patch = await server.call('PATCH', `/api/companies/${own}`, { latitude: 91 }, token.accountAdmin)
    expect(patch.status).toBe(400)
    expect(patch.body.errors).toEqual({ latitude: 'Can be maximum 90' })
    expect(await companies()).toBe(before)
  })

  test('unknown query operators and fields are a 400', async () => {
    for (const query of ['name[$regex]=x', 'foo=x', 'name[$where]=1', '$populate=all', 'passwordHash=x', '$select[]=nope']) {
      const answer = await server.call('GET', `/api/companies?${query}`, undefined, token.accountAdmin)
      expect(answer.status, `${query} → ${JSON.stringify(answer.body)}`).toBe(400)
      expect(answer.body.errors, query).toBeTruthy()
    }
  })

  test('a caller without the flag gets 403 before validation says anything', async () => {
    const before = await companies()
    const answer = await server.call('POST', '/api/companies', { name: '', foo: 1 }, token.user)
    expect(answer.status).toBe(403)
    expect(answer.body.errors).toBeUndefined()
    expect(await companies()).toBe(before)
  })

  test('an empty patch answers the row, not a 500', async () => {
    const answer = await server.call('PATCH', `/api/companies/${own}`, {}, token.accountAdmin)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body.id).toBe(own)
    const missing = await server.call('PATCH', '/api/companies/987654321', {}, token.accountAdmin)
    expect(missing.status).toBe(404)
  })

  test('nasty input never causes a 500 or a write', async () => {
    const before = await companies()
    const reads = [
      '/api/companies?$limit=-1',
      '/api/companies?$limit=abc',
      '/api/companies?$limit=1e9',
      '/api/companies?$skip=-5',
      '/api/companies?$skip=abc',
      '/api/companies?$sort[name]=sideways',
      '/api/companies?$sort=name',
      '/api/companies?$or=1',
      '/api/companies?$or[0][name][$like]=%25',
      '/api/companies?name[$in]=a&name[$in]=b',
      '/api/companies?name[$like][$like]=x',
      '/api/companies?a[b][c][d][e]=1',
      '/api/companies?id=abc',
      '/api/companies?id[$gt]=abc',
      '/api/companies?%24limit=%00',
      `/api/companies?name=${'x'.repeat(5000)}`,
      '/api/companies/abc',
      '/api/companies/1.5',
      '/api/companies/-1',
      '/api/companies/%00',
      '/api/companies/99999999999999999999999',
      '/api/accounts/abc',
      '/api/roles/abc',
      '/api/accounts/abc/modules',
    ]
    for (const url of reads) {
      const answer = await server.call('GET', url, undefined, url.includes('/modules') ? token.globalAdmin : token.accountAdmin)
      expect(answer.status, `${url} → ${JSON.stringify(answer.body)}`).toBeLessThan(500)
      expect(answer.status, url).toBeGreaterThanOrEqual(200)
    }
    const capped = await server.call('GET', '/api/companies?$limit=100000', undefined, token.accountAdmin)
    expect(capped.status).toBe(200)
    expect(capped.body.limit).toBe(500)

    const writes: [string, string, unknown][] = [
      ['PATCH', '/api/companies/abc', { name: 'x' }],
      ['DELETE', '/api/companies/abc', undefined],
      ['PUT', `/api/companies/${own}`, { name: { $gt: '' } }],
      ['POST', '/api/companies', [{ name: 'a' }, { name: 'b' }]],
      ['POST', '/api/companies', '"just a string"'],
      ['POST', '/api/companies', 'null'],
      ['POST', '/api/companies', '42'],
      ['POST', '/api/companies', { name: { $gt: '' } }],
      ['POST', '/api/companies', { name: 'X', id: 1 }],
      ['POST', '/api/companies', { name: 'X', parentId: 'abc' }],
      ['POST', '/api/companies', '{"name":"X","__proto__":{"accountId":2}}'],
      ['POST', '/api/companies', { name: 'X', constructor: { prototype: { admin: true } } }],
      ['PATCH', '/api/companies', { name: 'every company' }],
      ['DELETE', '/api/companies', undefined],
      ['PATCH', `/api/companies/${own}`, { id: theirCompany }],
      ['PATCH', `/api/companies/${own}`, { parentId: own }],
    ]
    for (const [method, url, body] of writes) {
      const answer = await server.call(method, url, body, token.accountAdmin)
      expect(answer.status, `${method} ${url} ${JSON.stringify(body)} → ${JSON.stringify(answer.body)}`).toBeGreaterThanOrEqual(400)
      expect(answer.status, `${method} ${url} ${JSON.stringify(body)}`).toBeLessThan(500)
    }
    expect(await companies()).toBe(before)
  })
})

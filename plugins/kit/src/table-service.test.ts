/**
 * The camelCase API over snake_case columns, and booleans from 0/1; over real HTTP (SQLite, or
 * MariaDB with TEST_DATABASE_URL), the per-account unique values, text searches and the path's account.
 */
import { type TestServer, fixtures, startTestServer } from '@app/testing'
import { Type } from '@sinclair/typebox'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { definePlugin } from './define-plugin'
import { TableService, booleanFields, queryToColumns, rowMapper, rowToColumns, toColumn, toField } from './table-service'

describe('case mapping', () => {
  test.each([
    ['accountId', 'account_id'],
    ['id', 'id'],
    ['vatRegNo', 'vat_reg_no'],
    ['twoFactorEnabled', 'two_factor_enabled'],
    ['address2Line', 'address2_line'],
  ])('%s ⇄ %s', (field, column) => {
    expect(toColumn(field)).toBe(column)
    expect(toField(column)).toBe(field)
  })

  test('is idempotent, so the adapter’s internal calls stay correct', () => {
    expect(toColumn(toColumn('accountId'))).toBe('account_id')
    expect(toField(toField('account_id'))).toBe('accountId')
  })

  test('maps a query’s fields but not its operators or values', () => {
    expect(
      queryToColumns({
        accountId: 1,
        contactPerson: { $like: '%Ann%' },
        $limit: 10,
        $skip: 5,
        $sort: { createdAt: -1, name: 1 },
        $select: ['id', 'vatRegNo'],
        $or: [{ parentId: null }, { masterNumber: { $in: ['a_b', 'cD'] } }],
        $and: [{ skymapEnabled: true }],
      }),
    ).toEqual({
      account_id: 1,
      contact_person: { $like: '%Ann%' },
      $limit: 10,
      $skip: 5,
      $sort: { created_at: -1, name: 1 },
      $select: ['id', 'vat_reg_no'],
      $or: [{ parent_id: null }, { master_number: { $in: ['a_b', 'cD'] } }],
      $and: [{ skymap_enabled: true }],
    })
  })

  test('rows to columns: objects are stored as JSON, dates and arrays are kept', () => {
    const date = new Date(0)
    expect(rowToColumns({ accountId: 1, settings: { a: 1 }, createdAt: date, tags: ['x'], parentId: null })).toEqual({
      account_id: 1,
      settings: '{"a":1}',
      created_at: date,
      tags: ['x'],
      parent_id: null,
    })
  })
})

describe('rows out', () => {
  const schema = Type.Object({
    id: Type.Integer(),
    enabled: Type.Boolean(),
    maybe: Type.Union([Type.Boolean(), Type.Null()]),
    count: Type.Integer(),
  })

  test('finds the boolean fields, nullable ones too', () => {
    expect(booleanFields(schema)).toEqual(['enabled', 'maybe'])
  })

  test('maps columns to fields and 0/1 to booleans, leaving null alone', () => {
    const map = rowMapper(schema)
    expect(map({ id: 1, enabled: 1, maybe: null, count: 0, two_factor_enabled: 1 })).toEqual({
      id: 1,
      enabled: true,
      maybe: null,
      count: 0,
      twoFactorEnabled: 1,
    })
    expect(map({ id: 2, enabled: 0, maybe: 0 })).toEqual({ id: 2, enabled: false, maybe: false })
  })

  test('without a schema only the names change', () => {
    expect(rowMapper()({ is_on: 1 })).toEqual({ isOn: 1 })
  })

  test('all rows of a query alike, however many columns; odd column names stay plain data', () => {
    const wide = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`column_${i}`, i]))
    const rows = rowMapper(schema).all([wide, { ...wide, column_0: 'x' }])
    expect(rows[1]).toEqual({ ...Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`column${i}`, i])), column0: 'x' })
    const odd = rowMapper()(JSON.parse('{"__proto__": "p", "a\\"b": 1, "c\\\\d": 2, "e\\u2028f": 3}'))
    expect(Object.getPrototypeOf(odd)).toBe(Object.prototype)
    expect(odd).toEqual({ _Proto__: 'p', 'a"b': 1, 'c\\d': 2, 'e\u2028f': 3 })
  })
})

describe('over HTTP: an account-addressed table with a unique field and a text search', () => {
  const TABLE = 'kit_test_entries'
  const rulesPlugin = definePlugin({
    id: 'kit-table-rules-test',
    module: 'core',
    version: '0.0.0',
    permissions: [],
    migrations: [
      {
        name: '9999-kit-table-rules-test',
        up: (knex) =>
          knex.schema.createTable(TABLE, (t) => {
            t.increments('id')
            t.integer('account_id').notNullable()
            t.string('name', 100).notNullable()
            t.string('code', 20).notNullable()
            t.string('created_at', 24).notNullable()
            t.unique(['account_id', 'code'])
          }),
        down: (knex) => knex.schema.dropTableIfExists(TABLE),
      },
    ],
    services: [
      {
        path: 'kit-test-entries/:accountId',
        methods: ['find', 'create', 'patch', 'remove'],
        scope: { kind: 'tenant', routeParam: 'accountId', crossTenantFlag: 'canManageAccounts' },
        schemas: {
          data: Type.Object({ name: Type.String(), code: Type.String() }, { additionalProperties: false }),
          patch: Type.Object({ name: Type.Optional(Type.String()), code: Type.Optional(Type.String()) }, { additionalProperties: false }),
          query: Type.Object({ filter: Type.Optional(Type.String()), $sort: Type.Optional(Type.Object({ id: Type.Integer() })) }, { additionalProperties: false }),
        },
        service: (app) =>
          new TableService({
            Model: app.get('knex'),
            name: TABLE,
            unique: [{ field: 'code', message: 'Code already exists' }],
            search: { filter: { columns: ['name', 'code'] } },
            stampCreatedAt: true,
          }),
      },
    ],
  })

  let server: TestServer
  let mine: { id: number; token: string }
  let theirs: { id: number; token: string }
  let global: string
  const url = (accountId: number, id?: number) => `/api/kit-test-entries/${accountId}${id === undefined ? '' : `/${id}`}`
  const rows = () => server.knex(TABLE).select('*').orderBy('id')

  beforeAll(async () => {
    server = await startTestServer({}, { extraPlugins: [rulesPlugin] })
    const make = fixtures(server)
    const [a, b] = [await make.account(), await make.account()]
    mine = { id: a.id, token: await make.signIn(a.admin) }
    theirs = { id: b.id, token: await make.signIn(b.admin) }
    global = await make.signIn(await make.user(a, 'globalAdmin'))
  })
  afterAll(() => server?.close())

  test('create stamps the account of the path and the time; a taken value in any case is 409 and writes nothing', async () => {
    const created = await server.call('POST', url(mine.id), { name: 'Alpha beam', code: 'AB-1' }, mine.token)
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body).toMatchObject({ accountId: mine.id, name: 'Alpha beam', code: 'AB-1' })
    expect(Date.parse(created.body.createdAt)).toBeGreaterThan(Date.now() - 60_000)
    const before = await rows()
    for (const code of ['AB-1', 'ab-1', ' Ab-1 ']) {
      const twin = await server.call('POST', url(mine.id), { name: 'Twin', code }, mine.token)
      expect(twin.status, code).toBe(409)
      expect(twin.body).toMatchObject({ message: 'Code already exists', errors: { code: 'Code already exists' } })
    }
    expect(await rows()).toEqual(before)
    // Another account holds its own values.
    expect((await server.call('POST', url(theirs.id), { name: 'Their beam', code: 'AB-1' }, theirs.token)).status).toBe(201)
  })

  test('a change to a value another row holds is 409; keeping its own is fine', async () => {
    const { body: entry } = await server.call('POST', url(mine.id), { name: 'Column', code: 'C-1' }, mine.token)
    const clash = await server.call('PATCH', url(mine.id, entry.id), { code: 'ab-1' }, mine.token)
    expect(clash.status).toBe(409)
    expect(clash.body.errors).toEqual({ code: 'Code already exists' })
    expect((await server.knex(TABLE).where({ id: entry.id }).first()).code).toBe('C-1')
    expect(await server.call('PATCH', url(mine.id, entry.id), { code: 'c-1', name: 'Column 2' }, mine.token)).toMatchObject({ status: 200, body: { code: 'c-1' } })
  })

  test('racing creates of one value: the unique index lets one through, the rest get the same 409', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => server.call('POST', url(mine.id), { name: 'Race', code: 'RACE' }, mine.token)))
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409])
    for (const answer of answers.filter((a) => a.status === 409)) expect(answer.body.errors).toEqual({ code: 'Code already exists' })
  })

  test('a write only the unique index refuses gets the same 409', async () => {
    // Stored untrimmed (as older code might have), so the check, which trims what it is sent, does not see it.
    await server.knex(TABLE).insert({ account_id: mine.id, name: 'Legacy', code: ' OLD', created_at: new Date().toISOString() })
    const before = await rows()
    const answer = await server.call('POST', url(mine.id), { name: 'New', code: ' OLD' }, mine.token)
    expect(answer.status, JSON.stringify(answer.body)).toBe(409)
    expect(answer.body).toMatchObject({ message: 'Code already exists', errors: { code: 'Code already exists' } })
    expect(await rows()).toEqual(before)
  })

  test('the text search matches any column in any case; % is a character; other calls take it too', async () => {
    const codes = async (filter: string) =>
      (await server.call('GET', `${url(mine.id)}?filter=${encodeURIComponent(filter)}&$sort[id]=1`, undefined, mine.token)).body.data.map((e: { code: string }) => e.code)
    expect(await codes('ALPHA')).toEqual(['AB-1'])
    expect(await codes('c-')).toEqual(['c-1'])
    expect(await codes('%')).toEqual([])
    const race = (await server.knex(TABLE).where({ account_id: mine.id, code: 'RACE' }).first('id')).id
    expect((await server.call('DELETE', `${url(mine.id, race)}?filter=nothing`, undefined, mine.token)).status).toBe(404)
    expect((await server.call('DELETE', `${url(mine.id, race)}?filter=race`, undefined, mine.token)).status).toBe(200)
  })

  test("the path names the account: another's is 404 to its outsiders, a cross-tenant caller works in any existing one", async () => {
    const before = await rows()
    expect((await server.call('GET', url(theirs.id), undefined, mine.token)).status).toBe(404)
    expect((await server.call('POST', url(theirs.id), { name: 'Sneaky', code: 'S-1' }, mine.token)).status).toBe(404)
    expect(await rows()).toEqual(before)
    const listed = await server.call('GET', url(theirs.id), undefined, global)
    expect(listed.body.data.map((e: { accountId: number }) => e.accountId)).toEqual([theirs.id])
    const made = await server.call('POST', url(theirs.id), { name: 'For them', code: 'G-1' }, global)
    expect(made.status).toBe(201)
    expect(Number((await server.knex(TABLE).where({ id: made.body.id }).first()).account_id)).toBe(theirs.id)
    expect((await server.call('POST', url(theirs.id), { name: 'Twin', code: 'g-1' }, global)).status).toBe(409)
    expect((await server.call('GET', url(987654), undefined, global)).status).toBe(404)
  })
})

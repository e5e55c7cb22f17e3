/**
 * GET /api/dashboard/info over real HTTP as every demo role: each count is what the
 * caller would see on opening its list, and left out when they may not open it.
 * The storage counts the account's files: a test plugin makes the files table the
 * documents module will own, and contributes its counts as that module will.
 */
import { type Demo, type DemoRole, type TestServer, signInDemo, startTestServer } from '@app/api/testing'
import { accountFiles, definePlugin } from '@app/plugin-kit'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

const filesTable = definePlugin({
  id: 'test-files',
  module: 'core',
  version: '0.0.0',
  migrations: [
    {
      name: '2026-11-23-900-test-files',
      async up(knex) {
        if (await knex.schema.hasTable('files')) return
        await knex.schema.createTable('files', (t) => {
          t.increments('id')
          t.integer('account_id').notNullable()
          t.bigInteger('size').notNullable()
        })
      },
      async down(knex) {
        await knex.schema.dropTableIfExists('files')
      },
    },
  ],
  services: [],
  permissions: [],
  configure(app) {
    app.get('extensions').contribute(accountFiles, {
      countSql: (knex, account) => knex.raw(`select count(*) from files f where f.account_id = ${account}`),
      bytesSql: (knex, account) => knex.raw(`select coalesce(sum(f.size), 0) from files f where f.account_id = ${account}`),
    })
  },
})

let server: TestServer
let demo: Demo
const MB = 1024 * 1024

const as = (role: DemoRole, url: string) => server.call('GET', url, undefined, demo.tokens[role])
const accountOf = (role: DemoRole) => (role === 'sales' ? demo.sales : demo.engineering)

beforeAll(async () => {
  server = await startTestServer({}, { extraPlugins: [filesTable] })
  demo = await signInDemo(server)
  await server.knex('files').insert([
    { account_id: demo.engineering, size: 300 * MB },
    { account_id: demo.engineering, size: 250 * MB },
    { account_id: demo.sales, size: 7 },
  ])
})
afterAll(() => server?.close())

describe('GET /api/dashboard/info', () => {
  test('each role gets the counts it may see, equal to the totals of the lists it may open', async () => {
    const fields: Record<Exclude<DemoRole, 'anonymous'>, string[]> = {
      globaladmin: ['companyCount', 'storage', 'userCount'],
      admin: ['companyCount', 'storage', 'userCount'],
      salesadmin: ['companyCount'],
      companyadmin: ['companyCount', 'userCount'],
      user: [],
      sales: ['companyCount', 'storage', 'userCount'],
    }
    for (const [role, expected] of Object.entries(fields) as [Exclude<DemoRole, 'anonymous'>, string[]][]) {
      const answer = await as(role, '/api/dashboard/info')
      expect(answer.status, role).toBe(200)
      expect(Object.keys(answer.body).sort(), role).toEqual(expected)
      if (expected.includes('companyCount'))
        expect(answer.body.companyCount, role).toBe((await as(role, '/api/companies?$limit=0')).body.total)
      if (expected.includes('userCount'))
        expect(answer.body.userCount, role).toBe((await as(role, `/api/accountusers/${accountOf(role)}?$limit=0`)).body.total)
    }
  })

  test('the counts are of the caller’s own account', async () => {
    const engineering = (await as('admin', '/api/dashboard/info')).body
    const sales = (await as('sales', '/api/dashboard/info')).body
    expect(engineering).toMatchObject({ companyCount: 3, storage: 550 * MB })
    expect(sales).toMatchObject({ companyCount: 3, storage: 7 })
    // The company manager counts only the users of the company they administer.
    const nordic = (await server.knex('companies').where({ account_id: demo.engineering, name: 'Nordic Steel Oy' }).first('id')).id
    const before = (await as('companyadmin', '/api/dashboard/info')).body.userCount
    const ulla = (await server.knex('users').where({ username: 'user@demo.test' }).first('id')).id
    await server.knex('account_users').where({ account_id: demo.engineering, user_id: ulla }).update({ company_id: nordic })
    try {
      expect((await as('companyadmin', '/api/dashboard/info')).body.userCount).toBe(before + 1)
      expect((await as('admin', '/api/dashboard/info')).body.userCount).toBe(engineering.userCount)
    } finally {
      await server.knex('account_users').where({ account_id: demo.engineering, user_id: ulla }).update({ company_id: null })
    }
  })

  test('the storage is the figure the global admin’s accounts table shows in MB', async () => {
    const details = await as('globaladmin', `/api/accounts/${demo.engineering}/details`)
    expect(details.body.mbUsed).toBe(550)
    expect((await as('globaladmin', '/api/dashboard/info')).body.storage).toBe(details.body.mbUsed * MB)
  })

  test('signed out: 401; an account id sent along is refused', async () => {
    expect((await as('anonymous', '/api/dashboard/info')).status).toBe(401)
    const other = await as('sales', `/api/dashboard/info?accountId=${demo.engineering}`)
    expect(other.status).toBe(400)
    expect(other.body.errors).toEqual({ accountId: 'Unknown field' })
  })
})

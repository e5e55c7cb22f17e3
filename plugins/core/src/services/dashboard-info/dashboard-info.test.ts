/**
 * GET /api/dashboard/info over real HTTP as each rank: each count is what the
 * caller would see on opening its list, and left out when they may not open it.
 * The storage counts the account's files: a test plugin makes the files table the
 * documents module will own, and contributes its counts as that module will.
 */
import { accountFiles, definePlugin } from '@app/plugin-kit'
import { type Caller, type Member, type TestServer, type World, fixtures, startTestServer } from '@app/testing'
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
let callers: World
/** The company the home account's company administrator administers. */
let administered: number
const MB = 1024 * 1024

const as = (caller: Caller, url: string) => callers.as(caller, 'GET', url)
const accountOf = (caller: Caller) => (caller === 'otherAccount' ? callers.b.id : callers.a.id)

beforeAll(async () => {
  server = await startTestServer({}, { extraPlugins: [filesTable] })
  callers = await fixtures(server).world()
  const { a: home, b: other, people, make } = callers
  administered = Number(
    (await server.knex('privileges').where({ user_id: people.companyAdmin.id, resource: 'COMPANY', action: 'ADMINISTER' }).first('resource_id')).resource_id,
  )
  // Three companies at home (the administered one and two more), one in the other account.
  await make.company(home)
  await make.company(home)
  await make.company(other)
  await server.knex('files').insert([
    { account_id: home.id, size: 300 * MB },
    { account_id: home.id, size: 250 * MB },
    { account_id: other.id, size: 7 },
  ])
})
afterAll(() => server?.close())

describe('GET /api/dashboard/info', () => {
  test('each rank gets the counts it may see, equal to the totals of the lists it may open', async () => {
    const fields: Record<Member, string[]> = {
      globalAdmin: ['companyCount', 'projectCount', 'squareMeters', 'storage', 'userCount'],
      accountAdmin: ['companyCount', 'projectCount', 'squareMeters', 'storage', 'userCount'],
      salesAdmin: ['companyCount'],
      companyAdmin: ['companyCount', 'projectCount', 'squareMeters', 'userCount'],
      user: [],
      otherAccount: ['companyCount', 'projectCount', 'squareMeters', 'storage', 'userCount'],
    }
    for (const [caller, expected] of Object.entries(fields) as [Member, string[]][]) {
      const answer = await as(caller, '/api/dashboard/info')
      expect(answer.status, caller).toBe(200)
      expect(Object.keys(answer.body).sort(), caller).toEqual(expected)
      if (expected.includes('companyCount'))
        expect(answer.body.companyCount, caller).toBe((await as(caller, '/api/companies?$limit=0')).body.total)
      // The projects plugin's tile (dashboardCounts): the total of the projects list.
      if (expected.includes('projectCount'))
        expect(answer.body.projectCount, caller).toBe((await as(caller, '/api/projects?$limit=0')).body.total)
      if (expected.includes('userCount'))
        expect(answer.body.userCount, caller).toBe((await as(caller, `/api/accountusers/${accountOf(caller)}?onlyEditable=false&$limit=0`)).body.total)
    }
  })

  test('the counts are of the caller’s own account', async () => {
    const home = (await as('accountAdmin', '/api/dashboard/info')).body
    const other = (await as('otherAccount', '/api/dashboard/info')).body
    expect(home).toMatchObject({ companyCount: 3, storage: 550 * MB })
    expect(other).toMatchObject({ companyCount: 1, storage: 7, userCount: 1 })
    // The company manager counts only the users of the company they administer.
    const before = (await as('companyAdmin', '/api/dashboard/info')).body.userCount
    await server.knex('account_users').where({ account_id: callers.a.id, user_id: callers.people.user.id }).update({ company_id: administered })
    try {
      expect((await as('companyAdmin', '/api/dashboard/info')).body.userCount).toBe(before + 1)
      expect((await as('accountAdmin', '/api/dashboard/info')).body.userCount).toBe(home.userCount)
    } finally {
      await server.knex('account_users').where({ account_id: callers.a.id, user_id: callers.people.user.id }).update({ company_id: null })
    }
  })

  test('the storage is the figure the global admin’s accounts table shows in MB', async () => {
    const details = await as('globalAdmin', `/api/accounts/${callers.a.id}/details`)
    expect(details.body.mbUsed).toBe(550)
    expect((await as('globalAdmin', '/api/dashboard/info')).body.storage).toBe(details.body.mbUsed * MB)
  })

  test('signed out: 401; an account id sent along is refused', async () => {
    expect((await as('anonymous', '/api/dashboard/info')).status).toBe(401)
    const other = await as('otherAccount', `/api/dashboard/info?accountId=${callers.a.id}`)
    expect(other.status).toBe(400)
    expect(other.body.errors).toEqual({ accountId: 'Unknown field' })
  })
})

/**
 * GET /api/accounts over real HTTP as each rank: the global admin's list of every account
 * with its counts, filtered, sorted and paged; everyone else's own account. SQLite by
 * default, MariaDB with TEST_DATABASE_URL.
 */
import { type TestServer, type World, fixtures, startTestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

let server: TestServer
let callers: World
let home: number
let other: number
let homeNo: string

beforeAll(async () => {
  server = await startTestServer()
  callers = await fixtures(server).world({ names: { a: 'Acme Engineering', b: 'Borealis Sales' } })
  home = callers.a.id
  other = callers.b.id
  homeNo = (await server.knex('accounts').where({ id: home }).first('account_no')).account_no
})
afterAll(() => server?.close())

const ids = (answer: { body: { data: { id: number }[] } }) => answer.body.data.map((a) => a.id)

describe('GET /api/accounts', () => {
  test('a global admin lists every account with its counts, paged', async () => {
    const answer = await callers.as('globalAdmin', 'GET', '/api/accounts?$sort[company]=1')
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ limit: 50, skip: 0, total: 2 })
    const row = answer.body.data.find((a: any) => a.id === home)
    const members = await server.knex('account_users').where({ account_id: home }).count('* as n')
    expect(row).toMatchObject({ accountNo: homeNo, company: 'Acme Engineering', enabled: true, fileCount: 0, mbUsed: 0 })
    expect(row.userCount).toBe(Number(members[0]!.n))
    expect(typeof row.createdAt).toBe('string')
    expect(answer.body.data.map((a: any) => a.company)).toEqual(['Acme Engineering', 'Borealis Sales'])
  })

  test('filter matches company or number case-insensitively; sort and paging in SQL', async () => {
    const filtered = await callers.as('globalAdmin', 'GET', '/api/accounts?filter=bOrEaLiS%20sAl')
    expect(filtered.body.total).toBe(1)
    expect(ids(filtered)).toEqual([other])
    expect(ids(await callers.as('globalAdmin', 'GET', `/api/accounts?filter=${homeNo.toLowerCase()}`))).toEqual([home])
    // A typed wildcard is text, not a pattern.
    expect((await callers.as('globalAdmin', 'GET', '/api/accounts?filter=%25')).body.total).toBe(0)

    // Acme has one member of each rank, Borealis only its admin.
    expect(ids(await callers.as('globalAdmin', 'GET', '/api/accounts?$sort[userCount]=-1'))).toEqual([home, other])
    expect(ids(await callers.as('globalAdmin', 'GET', '/api/accounts?$sort[userCount]=1'))).toEqual([other, home])

    const first = await callers.as('globalAdmin', 'GET', '/api/accounts?$sort[accountNo]=1&$limit=1')
    const second = await callers.as('globalAdmin', 'GET', '/api/accounts?$sort[accountNo]=1&$limit=1&$skip=1')
    expect(first.body.data).toHaveLength(1)
    expect(first.body.total).toBe(second.body.total)
    expect(first.body.data[0].accountNo < second.body.data[0].accountNo).toBe(true)
  })

  test('bad query: 400 naming the field', async () => {
    const answer = await callers.as('globalAdmin', 'GET', '/api/accounts?$sort[password]=1')
    expect(answer.status).toBe(400)
    expect(Object.keys(answer.body.errors)).toEqual(['$sort.password'])
    expect((await callers.as('globalAdmin', 'GET', '/api/accounts?$limit=-1')).status).toBe(400)
    // Larger pages are capped, as every list is.
    expect((await callers.as('globalAdmin', 'GET', '/api/accounts?$limit=100000')).body.limit).toBe(500)
  })

  test('everyone else sees only their own account; signed out is 401', async () => {
    for (const caller of ['accountAdmin', 'salesAdmin', 'companyAdmin', 'user'] as const) {
      const answer = await callers.as(caller, 'GET', '/api/accounts')
      expect(answer.status, caller).toBe(200)
      expect(ids(answer), caller).toEqual([home])
    }
    expect(ids(await callers.as('otherAccount', 'GET', '/api/accounts'))).toEqual([other])
    expect((await callers.as('otherAccount', 'GET', `/api/accounts/${home}`)).status).toBe(404)
    expect((await callers.as('anonymous', 'GET', '/api/accounts')).status).toBe(401)
  })
})

/** GET /api/accounts/:accountId/details over real HTTP as each rank. SQLite, or MariaDB with TEST_DATABASE_URL. */
import { type Caller, type TestServer, type World, fixtures, startTestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

let server: TestServer
let callers: World

beforeAll(async () => {
  server = await startTestServer()
  callers = await fixtures(server).world({ names: { a: 'Acme Engineering', b: 'Borealis Sales' } })
})
afterAll(() => server?.close())

const details = (caller: Caller, id: number) => callers.as(caller, 'GET', `/api/accounts/${id}/details`)

describe('GET /api/accounts/:accountId/details', () => {
  test('a global admin reads any account; its own admin reads it', async () => {
    const { a: home, b: other } = callers
    const otherNo = (await server.knex('accounts').where({ id: other.id }).first('account_no')).account_no
    const read = await details('globalAdmin', other.id)
    expect(read.status).toBe(200)
    expect(read.body).toMatchObject({ id: other.id, accountNo: otherNo, company: 'Borealis Sales', userCount: 1, fileCount: 0, mbUsed: 0 })
    const own = await details('accountAdmin', home.id)
    expect(own.status).toBe(200)
    expect(own.body).toMatchObject({ id: home.id, company: 'Acme Engineering' })
    expect((await details('globalAdmin', 987654)).status).toBe(404)
  })

  test('other ranks: 403; another account: 404; signed out: 401', async () => {
    const { a: home, b: other } = callers
    for (const caller of ['salesAdmin', 'companyAdmin', 'user'] as const) expect((await details(caller, home.id)).status, caller).toBe(403)
    expect((await details('otherAccount', home.id)).status).toBe(404)
    expect((await details('accountAdmin', other.id)).status).toBe(404)
    expect((await details('anonymous', home.id)).status).toBe(401)
  })
})

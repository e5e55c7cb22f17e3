/**
 * Scale: an account of 20,000 users. A filtered, sorted page answers quickly and the
 * users.xlsx export streams every row. SQLite by default, MariaDB with TEST_DATABASE_URL.
 */
import { startTestServer } from '@app/api/testing'
import { afterAll, beforeAll, expect, test } from 'vitest'

const USERS = 20_000
let server: Awaited<ReturnType<typeof startTestServer>>
let token: string
let ENG: number

beforeAll(async () => {
  server = await startTestServer()
  const knex = server.knex
  ENG = Number((await knex('accounts').where({ company: 'Demo Engineering' }).first('id')).id)
  const basic = Number((await knex('roles').where({ account_id: ENG, name: 'Basic' }).first('id')).id)
  const now = new Date().toISOString()
  const first = Number((await knex('users').max({ id: 'id' }).first())!.id) + 1
  for (let start = 0; start < USERS; start += 500) {
    const users = Array.from({ length: Math.min(500, USERS - start) }, (_, i) => {
      const n = start + i
      return { id: first + n, username: `bulk${n}@scale.test`, first_name: `First${n % 997}`, last_name: `Last${n}`, acronym: `B${n}`, language: 'ENGLISH', enabled: true, created_at: now }
    })
    await knex('users').insert(users)
    await knex('account_users').insert(users.map((u) => ({ account_id: ENG, user_id: u.id, role_id: basic, access_level: 'ACCESS', enabled: true, created_at: now })))
  }
  token = await server.signIn('admin@demo.test')
}, 120_000)
afterAll(() => server?.close())

const timed = async (url: string) => {
  const started = performance.now()
  const answer = await server.call('GET', url, undefined, token)
  return { answer, ms: performance.now() - started }
}

test('pages of 20,000 users: sorted, filtered and counted in SQL', async () => {
  for (const query of ['', '?$sort[lastName]=-1', '?$sort[createdAt]=1&$skip=19000', '?filter=first99', '?filter=B1999&$sort[acronym]=1']) {
    const { answer, ms } = await timed(`/api/accountusers/${ENG}${query}`)
    expect(answer.status, query).toBe(200)
    expect(answer.body.data.length, query).toBeGreaterThan(0)
    console.info(`GET /api/accountusers/{accountId}${query}: ${Math.round(ms)} ms, total ${answer.body.total}`)
    expect(ms, query).toBeLessThan(1500)
  }
  expect((await timed(`/api/accountusers/${ENG}`)).answer.body.total).toBeGreaterThanOrEqual(USERS)
})

test('users.xlsx of 20,000 rows streams', async () => {
  const before = process.memoryUsage().heapUsed
  const started = performance.now()
  const response = await fetch(`${server.url}/api/accountusers/export`, { headers: { authorization: `Bearer ${token}` } })
  let bytes = 0
  let peak = 0
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length
    peak = Math.max(peak, process.memoryUsage().heapUsed - before)
  }
  console.info(`users.xlsx: ${bytes} bytes in ${Math.round(performance.now() - started)} ms, heap grew at most ${Math.round(peak / 1e6)} MB`)
  expect(response.status).toBe(200)
  expect(bytes).toBeGreaterThan(100_000)
}, 120_000)

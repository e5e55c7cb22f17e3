/**
 * Scale: an account of 20,000 users, paged, sorted and filtered in SQL, and the
 * users.xlsx export of every row. How fast and how much memory: tools/bench.
 */
import { startTestServer } from '@app/api/testing'
import ExcelJS from 'exceljs'
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

const page = async (query: string) => {
  const answer = await server.call('GET', `/api/accountusers/${ENG}${query}`, undefined, token)
  expect(answer.status, query).toBe(200)
  return answer.body as { total: number; data: { username: string; firstName: string; lastName: string; acronym: string }[] }
}

test('pages of 20,000 users: sorted, filtered and counted in SQL', async () => {
  expect((await page('')).total).toBeGreaterThanOrEqual(USERS)
  const descending = (await page('?$sort[lastName]=-1')).data.map((u) => u.lastName)
  expect(descending).toEqual([...descending].sort().reverse())
  const deep = await page('?$sort[createdAt]=1&$skip=19000')
  expect(deep.data).toHaveLength(50)
  const filtered = await page('?filter=first99')
  expect(filtered.total).toBeGreaterThan(0)
  expect(filtered.data.every((u) => `${u.firstName} ${u.lastName} ${u.username} ${u.acronym}`.toLowerCase().includes('first99'))).toBe(true)
  const one = await page('?filter=B1999&$sort[acronym]=1')
  expect(one.data.map((u) => u.acronym)).toContain('B1999')
})

test('users.xlsx holds all 20,000 users and streams', async () => {
  const response = await fetch(`${server.url}/api/accountusers/export`, { headers: { authorization: `Bearer ${token}` } })
  expect(response.status).toBe(200)
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as never)
  const sheet = workbook.worksheets[0]!
  expect(sheet.rowCount - 1).toBeGreaterThanOrEqual(USERS)
}, 120_000)

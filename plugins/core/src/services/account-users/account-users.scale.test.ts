/**
 * Scale: an account of 20,000 users, paged, sorted and filtered in SQL on the list keys
 * of their memberships, and the users.xlsx export of every row. How fast and how much
 * memory: tools/bench.
 */
import { type TestServer, fixtures, startTestServer } from '@app/testing'
import { memberKeys } from '../../member-keys'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, expect, test } from 'vitest'

const USERS = 20_000
/** Names whose case and letters a list sorted or filtered on the raw columns would get wrong on SQLite. */
const SPECIAL = [
  { username: 'asa.kokeritz@scale.test', first_name: 'Åsa', last_name: 'KÖKERITZ', acronym: 'AÖK' },
  { username: 'aaro.aalto@scale.test', first_name: 'aaro', last_name: 'aalto', acronym: 'aaa' },
]
let server: TestServer
let token: string
let accountId: number
/** The account's own admin, listed among the bulk. */
let adminLastName: string

beforeAll(async () => {
  server = await startTestServer()
  const knex = server.knex
  const make = fixtures(server)
  const account = await make.account()
  accountId = account.id
  adminLastName = (await knex('users').where({ id: account.admin.id }).first('last_name')).last_name
  const basic = Number((await knex('roles').where({ account_id: accountId, name: 'Basic' }).first('id')).id)
  const now = new Date().toISOString()
  const first = Number((await knex('users').max({ id: 'id' }).first())!.id) + 1
  const batches = Array.from({ length: USERS / 500 }, (_, b) =>
    Array.from({ length: 500 }, (_, i) => {
      const n = b * 500 + i
      return { username: `bulk${n}@scale.test`, first_name: `First${n % 997}`, last_name: `Last${n}`, acronym: `B${n}` }
    }),
  )
  let id = first
  for (const people of [...batches, SPECIAL]) {
    const users = people.map((person) => ({ ...person, id: id++, language: 'ENGLISH', enabled: true, created_at: now }))
    await knex('users').insert(users)
    await knex('account_users').insert(users.map((u) => ({ account_id: accountId, user_id: u.id, role_id: basic, access_level: 'ACCESS', enabled: true, created_at: now, ...memberKeys(u) })))
  }
  token = await make.signIn(account.admin)
}, 120_000)
afterAll(() => server?.close())

const page = async (query: string) => {
  const answer = await server.call('GET', `/api/accountusers/${accountId}${query}`, undefined, token)
  expect(answer.status, query).toBe(200)
  return answer.body as { total: number; data: { id: number; username: string; firstName: string; lastName: string; acronym: string }[] }
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

test('the list keys: case and letters beyond ASCII, full names, totals of short pages', async () => {
  // Ö and Å are lower-cased in JavaScript, where SQLite's lower() knows only ASCII.
  expect((await page('?filter=kökeritz')).data.map((u) => u.username)).toEqual(['asa.kokeritz@scale.test'])
  expect((await page('?filter=åSA Kö')).data.map((u) => u.username)).toEqual(['asa.kokeritz@scale.test'])
  expect((await page('?filter=aök')).data.map((u) => u.acronym)).toEqual(['AÖK'])
  // Sorted whatever the case: a lower-case "aalto" comes before the admin's "Fixture …", "KÖKERITZ" before "Last…".
  const first = (await page('?$limit=3')).data.map((u) => u.lastName)
  expect(first).toEqual(['aalto', adminLastName, 'KÖKERITZ'])
  // Last1999 and Last19990…Last19999: a short page gives its total without a count.
  const short = await page('?filter=last1999&$sort[acronym]=1')
  expect(short.total).toBe(11)
  expect(short.data.map((u) => u.lastName)).toEqual(['Last1999', ...Array.from({ length: 10 }, (_, i) => `Last1999${i}`)])
  const all = await page('?$limit=0')
  expect((await page('?$skip=30000')).total).toBe(all.total)
  expect((await page(`?$skip=${all.total - 7}`)).data).toHaveLength(7)
})

test('deep pages are one stretch of the order: no user twice or left out, ties by id in the direction asked', async () => {
  for (const sort of ['$sort[firstName]=-1', '$sort[firstName]=1', '$sort[createdAt]=1', '$sort[enabled]=-1']) {
    const both = await page(`?${sort}&$skip=12000&$limit=100`)
    const halves = [...(await page(`?${sort}&$skip=12000&$limit=50`)).data, ...(await page(`?${sort}&$skip=12050&$limit=50`)).data]
    expect(halves.map((u) => u.id), sort).toEqual(both.data.map((u) => u.id))
    expect(new Set(halves.map((u) => u.id)).size).toBe(100)
  }
  const descending = (await page('?$sort[firstName]=-1&$skip=12000&$limit=100')).data
  for (let i = 1; i < descending.length; i++) {
    const [a, b] = [descending[i - 1]!, descending[i]!]
    expect(a.firstName.toLowerCase() > b.firstName.toLowerCase() || (a.firstName === b.firstName && a.id > b.id)).toBe(true)
  }
})

test('users.xlsx holds all 20,000 users and streams', async () => {
  const response = await fetch(`${server.url}/api/accountusers/export`, { headers: { authorization: `Bearer ${token}` } })
  expect(response.status).toBe(200)
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as never)
  const sheet = workbook.worksheets[0]!
  expect(sheet.rowCount - 1).toBeGreaterThanOrEqual(USERS)
}, 120_000)

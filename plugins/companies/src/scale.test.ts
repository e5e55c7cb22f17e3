/**
 * The list at the scale: 5,000 companies in one account. Paging, filters
 * and sorts run in SQL on indexed columns, so a page costs milliseconds; the bound
 * here is loose (a slow CI machine), the measured times are printed.
 */
import { type TestServer, startTestServer } from '@app/api/testing'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { cityKey, searchKey } from './migrations/002-company-search-logo'

const COMPANIES = 5000
const CITIES = ['Oulu', 'Tampere', 'Bergen', 'Gdańsk', 'Jyväskylä', 'Malmö', 'Turku', 'Kraków']
let server: TestServer
let admin: string

beforeAll(async () => {
  server = await startTestServer()
  admin = await server.signIn('admin@demo.test')
  const account = Number((await server.knex('accounts').where({ company: 'Demo Engineering' }).first('id')).id)
  const now = new Date().toISOString()
  const rows = Array.from({ length: COMPANIES }, (_, i) => {
    const name = `Bench Company ${String(i).padStart(5, '0')} Oy`
    const number = `B-${i}`
    const city = CITIES[i % CITIES.length]!
    return { account_id: account, name, number, city, country: 'FI', search_key: searchKey(name, number), city_key: cityKey(city), skymap_enabled: false, created_at: now }
  })
  for (let i = 0; i < rows.length; i += 500) await server.knex('companies').insert(rows.slice(i, i + 500))
}, 120_000)
afterAll(() => server?.close())

const timed = async (url: string) => {
  const started = performance.now()
  const answer = await server.call('GET', url, undefined, admin)
  const ms = performance.now() - started
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return { ms, body: answer.body }
}

test(`pages, filters and sorts ${COMPANIES} companies quickly`, async () => {
  await timed('/api/companies') // warm up the statement cache and the connection
  const cases = {
    firstPage: '/api/companies?$limit=50&$sort[name]=1',
    deepPage: '/api/companies?$limit=50&$skip=4900&$sort[name]=1',
    byCityDescending: '/api/companies?$limit=50&$sort[city]=-1',
    filtered: '/api/companies?$limit=50&filter=jyv%C3%A4s&$sort[number]=1',
    search: '/api/companies?$limit=10&q=company%2004&$sort[number]=1',
  }
  const times: Record<string, number> = {}
  for (const [name, url] of Object.entries(cases)) {
    const { ms, body } = await timed(url)
    times[name] = Math.round(ms)
    expect(body.data.length).toBeGreaterThan(0)
  }
  expect((await timed(cases.filtered)).body.total).toBe(COMPANIES / CITIES.length)
  console.log(`companies list at ${COMPANIES} rows, ms:`, JSON.stringify(times))
  for (const ms of Object.values(times)) expect(ms).toBeLessThan(1000)
})

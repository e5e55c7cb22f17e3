/**
 * The list at the scale: 5,000 companies in one account, paged, filtered and
 * sorted in SQL. How fast is measured by tools/bench (the administration stage), not here.
 */
import { type TestServer, fixtures, startTestServer } from '@app/testing'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { cityKey, searchKey } from '../../migrations/002-company-search-logo'

const COMPANIES = 5000
const CITIES = ['Oulu', 'Tampere', 'Bergen', 'Gdańsk', 'Jyväskylä', 'Malmö', 'Turku', 'Kraków']
let server: TestServer
let admin: string

beforeAll(async () => {
  server = await startTestServer()
  const make = fixtures(server)
  const { id: account, admin: person } = await make.account()
  admin = await make.signIn(person)
  // Another account's company, which no page of this one may show.
  await make.company(await make.account(), { name: 'Bench Company 99999 Oy', city: 'Oulu' })
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

const list = async (url: string) => {
  const answer = await server.call('GET', url, undefined, admin)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body as { total: number; data: { name: string; number: string; city: string }[] }
}

test(`pages, filters and sorts ${COMPANIES} companies`, async () => {
  const all = await list('/api/companies?$limit=1')
  expect(all.total).toBe(COMPANIES)

  // Sorted by name: the bench companies in order.
  const deep = await list('/api/companies?$limit=50&$skip=4900&$sort[name]=1')
  expect(deep.data).toHaveLength(50)
  expect(deep.data[0]!.name).toBe('Bench Company 04900 Oy')
  expect(deep.data.at(-1)!.name).toBe('Bench Company 04949 Oy')
  expect(deep.data.map((c) => c.name)).toEqual([...deep.data.map((c) => c.name)].sort())

  const byCity = await list('/api/companies?$limit=50&$sort[city]=-1')
  expect(byCity.data.map((c) => c.city)).toEqual([...byCity.data.map((c) => c.city)].sort().reverse())

  const filtered = await list('/api/companies?$limit=50&filter=jyv%C3%84S&$sort[number]=1')
  expect(filtered.total).toBe(COMPANIES / CITIES.length)
  expect(filtered.data.every((c) => c.city === 'Jyväskylä')).toBe(true)

  const search = await list('/api/companies?$limit=10&q=company%2004&$sort[number]=1')
  expect(search.total).toBe(1000)
  expect(search.data.every((c) => c.name.toLowerCase().includes('company 04'))).toBe(true)
})

/** Companies over HTTP with a real server and database (SQLite, or MariaDB with TEST_DATABASE_URL), in a world made by fixtures. */
import { companyDeleteBlockers } from '@app/plugin-kit'
import { CALLERS, type Caller, type TestServer, startTestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type CompaniesWorld, makeWorld } from '../../test/world'
import { COUNTRY_MESSAGE } from './companies.schema'

let server: TestServer
let world: CompaniesWorld

const call = (role: Caller, method: string, url: string, body?: unknown) => server.call(method, url, body, world.tokens[role])
const count = async () => Number((await server.knex('companies').count({ n: '*' }))[0]!.n)
const create = async (data: Record<string, unknown>, role: Caller = 'accountAdmin') => {
  const answer = await call(role, 'POST', '/api/companies', data)
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  return answer.body
}

beforeAll(async () => {
  server = await startTestServer()
  world = await makeWorld(server)
})
afterAll(() => server?.close())

describe('companies', () => {
  test('every field is created, read, changed and removed', async () => {
    const parent = world.nordic.id
    const data = {
      name: 'Lapland Lumber Oy',
      number: 'LL-1',
      masterNumber: 'M-77',
      address: 'Koskikatu 1',
      city: 'Rovaniemi',
      zip: '96200',
      country: 'FI',
      plant: 'Sawmill',
      contactEmail: 'info@lumber.test',
      contactPerson: 'Pekka Puu',
      contactPhone: '+358 40 123 4567',
      contactTitle: 'CEO',
      vatRegNo: 'FI12345678',
      parentId: parent,
      latitude: 66.5,
      longitude: 25.7,
    }
    const created = await create(data)
    expect(created).toMatchObject({ ...data, skymapEnabled: false, logoId: null })
    expect(Object.keys(created)).not.toContain('searchKey')
    expect(typeof created.createdAt).toBe('string')
    expect(created.createdBy).toBe(world.people.accountAdmin.id)
    const id = created.id

    const read = await call('accountAdmin', 'GET', `/api/companies/${id}`)
    expect(read.status).toBe(200)
    expect(read.body).toEqual(created)

    const patched = await call('accountAdmin', 'PATCH', `/api/companies/${id}`, { city: 'Kemi', country: 'XK', latitude: -12.25 })
    expect(patched.status, JSON.stringify(patched.body)).toBe(200)
    expect(patched.body).toMatchObject({ id, name: 'Lapland Lumber Oy', city: 'Kemi', country: 'XK', latitude: -12.25 })
    expect((await server.knex('companies').where({ id }).first()).city_key).toBe('kemi')

    const removed = await call('accountAdmin', 'DELETE', `/api/companies/${id}`)
    expect(removed.status).toBe(200)
    expect((await call('accountAdmin', 'GET', `/api/companies/${id}`)).status).toBe(404)
  })

  test('bad input answers 400 with the field and the spec message, changing nothing', async () => {
    const before = await count()
    const cases: [Record<string, unknown>, string, string][] = [
      [{ city: 'Nowhere' }, 'name', 'This field is required'],
      [{ name: '' }, 'name', 'This field is required'],
      [{ name: 'X', latitude: 90.5 }, 'latitude', 'Can be maximum 90'],
      [{ name: 'X', latitude: -91 }, 'latitude', 'Needs to be at least -90'],
      [{ name: 'X', longitude: 180.01 }, 'longitude', 'Can be maximum 180'],
      [{ name: 'X', longitude: '12,5' }, 'longitude', 'Invalid number, please use . for decimals'],
      [{ name: 'X', country: 'QQ' }, 'country', COUNTRY_MESSAGE],
      [{ name: 'X', contactEmail: 'not an e-mail' }, 'contactEmail', 'This field value must be a valid email address'],
    ]
    for (const [body, field, message] of cases) {
      const answer = await call('accountAdmin', 'POST', '/api/companies', body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.errors[field], JSON.stringify(answer.body)).toBe(message)
    }
    const nordic = world.nordic.id
    const patch = await call('accountAdmin', 'PATCH', `/api/companies/${nordic}`, { latitude: 100 })
    expect(patch.status).toBe(400)
    expect(await count()).toBe(before)
    expect((await server.knex('companies').where({ id: nordic }).first()).latitude).toBeNull()
  })

  test('the filter matches name, number or city in any case, also beyond ASCII', async () => {
    const made = await create({ name: 'Äänekosken Öljy Oy', number: 'ÖL-42', city: 'Jyväskylä' })
    const names = async (query: string) => {
      const answer = await call('accountAdmin', 'GET', `/api/companies?${query}`)
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      return answer.body.data.map((c: { name: string }) => c.name)
    }
    expect(await names('filter=%C3%A4%C3%A4nekosken')).toEqual(['Äänekosken Öljy Oy']) // "äänekosken"
    expect(await names('filter=JYV%C3%84S')).toEqual(['Äänekosken Öljy Oy']) // "JYVÄS", the city
    expect(await names('filter=%C3%B6l-4')).toEqual(['Äänekosken Öljy Oy']) // "öl-4", the number
    expect(await names('filter=STEEL')).toEqual(['Nordic Steel Oy'])
    expect(await names('filter=%25')).toEqual([]) // "%" is a character, not a wildcard
    expect(await names('name[$like]=%25Steel%25')).toEqual(['Nordic Steel Oy'])
    // The search page's q: name or number, not the city.
    expect(await names('q=jyv%C3%A4s')).toEqual([])
    expect(await names('q=%C3%B6l-42')).toEqual(['Äänekosken Öljy Oy'])
    await call('accountAdmin', 'DELETE', `/api/companies/${made.id}`)
  })

  test('pages with total, limit and skip, sorted in both directions', async () => {
    const total = (await call('accountAdmin', 'GET', '/api/companies?$limit=0')).body.total
    const first = await call('accountAdmin', 'GET', '/api/companies?$limit=2&$sort[name]=1')
    expect(first.body).toMatchObject({ total, limit: 2, skip: 0 })
    const second = await call('accountAdmin', 'GET', '/api/companies?$limit=2&$skip=2&$sort[name]=1')
    const names = [...first.body.data, ...second.body.data].map((c: { name: string }) => c.name)
    expect(new Set(names).size).toBe(names.length)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)))
    const cities = (await call('accountAdmin', 'GET', '/api/companies?$sort[city]=-1')).body.data.map((c: { city: string }) => c.city)
    expect(cities).toEqual(['Oulu', 'Gdańsk', 'Bergen'])
    expect((await call('accountAdmin', 'GET', '/api/companies?$sort[password]=1')).status).toBe(400)
    const selector = await call('accountAdmin', 'GET', '/api/companies?$select[]=id&$select[]=name&$limit=1')
    expect(Object.keys(selector.body.data[0]).sort()).toEqual(['id', 'name'])
  })

  test('companies of one name page in id order that follows the sort, none twice or missing', async () => {
    const made: number[] = []
    for (let i = 0; i < 5; i++) made.push((await call('accountAdmin', 'POST', '/api/companies', { name: 'Twin Oy' })).body.id)
    const ids = async (direction: number) => {
      const pages = [0, 2, 4].map((skip) => call('accountAdmin', 'GET', `/api/companies?filter=twin&$sort[name]=${direction}&$limit=2&$skip=${skip}`))
      return (await Promise.all(pages)).flatMap((page) => page.body.data.map((c: { id: number }) => c.id))
    }
    expect(await ids(1)).toEqual([...made].sort((a, b) => a - b))
    expect(await ids(-1)).toEqual([...made].sort((a, b) => b - a))
    for (const id of made) await call('accountAdmin', 'DELETE', `/api/companies/${id}`)
  })

  test('a parent is a company of the same account, not itself, and never a cycle', async () => {
    const theirs = world.otherNordic.id
    const before = await count()
    const foreign = await call('accountAdmin', 'POST', '/api/companies', { name: 'Child Oy', parentId: theirs })
    expect(foreign.status).toBe(400)
    expect(foreign.body.errors).toEqual({ parentId: 'The parent company does not exist' })
    expect(await count()).toBe(before)

    const top = await create({ name: 'Top Oy' })
    const middle = await create({ name: 'Middle Oy', parentId: top.id })
    const bottom = await create({ name: 'Bottom Oy', parentId: middle.id })
    const self = await call('accountAdmin', 'PATCH', `/api/companies/${middle.id}`, { parentId: middle.id })
    expect(self.body.errors).toEqual({ parentId: 'A company cannot be its own parent' })
    const cycle = await call('accountAdmin', 'PATCH', `/api/companies/${top.id}`, { parentId: bottom.id })
    expect(cycle.status).toBe(400)
    expect(cycle.body.errors).toEqual({ parentId: 'A company cannot be a parent of its own parent' })
    expect((await call('accountAdmin', 'PATCH', `/api/companies/${middle.id}`, { parentId: theirs })).status).toBe(400)
    expect((await server.knex('companies').where({ id: top.id }).first()).parent_id).toBeNull()

    // Delete-blocked: a parent keeps its children (spec part1 §8).
    const blocked = await call('accountAdmin', 'DELETE', `/api/companies/${top.id}`)
    expect(blocked.status).toBe(409)
    expect(blocked.body.data.blocks).toEqual([{ reason: 'is parent of', item: 'Middle Oy' }])
    expect(await server.knex('companies').where({ id: top.id }).first()).toBeTruthy()
    for (const c of [bottom, middle, top]) expect((await call('accountAdmin', 'DELETE', `/api/companies/${c.id}`)).status).toBe(200)
  })

  test("another module's delete blocker adds its reason through the kit's extension point", async () => {
    server.app.get('extensions').contribute(companyDeleteBlockers, {
      find: async (_app, company) => (company.name === 'Linked Oy' ? [{ reason: 'is linked to', item: 'Project P-1' }] : []),
    })
    const linked = await create({ name: 'Linked Oy' })
    const child = await create({ name: 'Linked Child Oy', parentId: linked.id })
    const blocked = await call('accountAdmin', 'DELETE', `/api/companies/${linked.id}`)
    expect(blocked.status).toBe(409)
    expect(blocked.body.message).toBe('The company cannot be deleted')
    expect(blocked.body.data.blocks).toEqual([
      { reason: 'is parent of', item: 'Linked Child Oy' },
      { reason: 'is linked to', item: 'Project P-1' },
    ])
    await call('accountAdmin', 'DELETE', `/api/companies/${child.id}`)
  })

  test('Skyview is turned on by company managers only, and never off', async () => {
    const company = await create({ name: 'Sky Oy' })
    const nordic = world.nordic.id
    const denied = await call('companyAdmin', 'PATCH', `/api/companies/${nordic}`, { skymapEnabled: true })
    expect(denied.status).toBe(403)
    expect(denied.body.message).toBe('Only a company manager can turn Skyview on')
    const on = await call('salesAdmin', 'PATCH', `/api/companies/${company.id}`, { skymapEnabled: true })
    expect(on.status).toBe(200)
    expect(on.body.skymapEnabled).toBe(true)
    const off = await call('globalAdmin', 'PATCH', `/api/companies/${company.id}`, { skymapEnabled: false })
    expect(off.status).toBe(409)
    expect(off.body.message).toBe('Skyview cannot be turned off for a company once it is on')
    expect(Boolean((await server.knex('companies').where({ id: company.id }).first()).skymap_enabled)).toBe(true)
    await call('accountAdmin', 'DELETE', `/api/companies/${company.id}`)
  })

  test('administered: a company administrator gets only the companies they administer, user managers every company', async () => {
    const names = async (role: Caller) => (await call(role, 'GET', '/api/companies?administered=true&$limit=500')).body.data.map((c: { name: string }) => c.name)
    expect(await names('companyAdmin')).toEqual([world.nordic.name])
    const all = (await call('accountAdmin', 'GET', '/api/companies?$limit=500')).body.data.map((c: { name: string }) => c.name)
    expect(await names('accountAdmin')).toEqual(all)
    expect(all).toContain(world.fjord.name)
  })

  test('GET /companies/new is the blank company in the account country', async () => {
    const blank = await call('accountAdmin', 'GET', '/api/companies/new')
    expect(blank.status).toBe(200)
    expect(blank.body).toMatchObject({ name: '', country: 'FI', skymapEnabled: false })
    expect((await call('otherAccount', 'GET', '/api/companies/new')).body.country).toBe('NO')
  })

  test('the address lookup answers nothing when no provider is configured', async () => {
    const answer = await call('accountAdmin', 'GET', '/api/companies/geocode?lng=25.47&lat=65.01')
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ result: null })
    const bad = await call('accountAdmin', 'GET', '/api/companies/geocode?lng=200&lat=65')
    expect(bad.status).toBe(400)
    expect(bad.body.errors.lng).toBe('Can be maximum 180')
  })
})

describe('who may do what', () => {
  const ANSWERS: Record<Caller, { find: number; create: number; patchOwn: number; patchOther: number; remove: number; export: number; geocode: number }> = {
    globalAdmin: { find: 200, create: 201, patchOwn: 200, patchOther: 200, remove: 200, export: 200, geocode: 200 },
    accountAdmin: { find: 200, create: 201, patchOwn: 200, patchOther: 200, remove: 200, export: 200, geocode: 200 },
    salesAdmin: { find: 200, create: 201, patchOwn: 200, patchOther: 200, remove: 200, export: 403, geocode: 200 },
    // Administers Nordic Steel Oy: edits it, nothing else.
    companyAdmin: { find: 200, create: 403, patchOwn: 200, patchOther: 403, remove: 403, export: 403, geocode: 403 },
    user: { find: 403, create: 403, patchOwn: 403, patchOther: 403, remove: 403, export: 403, geocode: 403 },
    // Another account: its own lists work, this account's rows are not found.
    otherAccount: { find: 200, create: 201, patchOwn: 404, patchOther: 404, remove: 404, export: 200, geocode: 200 },
    anonymous: { find: 401, create: 401, patchOwn: 401, patchOther: 401, remove: 401, export: 401, geocode: 401 },
  }

  for (const role of CALLERS)
    test(`${role}`, async () => {
      const expected = ANSWERS[role]
      const nordic = world.nordic.id
      const fjord = world.fjord.id
      const victim = await create({ name: `Victim of ${role}` })
      const before = await server.knex('companies').where({ id: victim.id }).first()

      expect((await call(role, 'GET', '/api/companies')).status, 'find').toBe(expected.find)
      expect((await call(role, 'GET', `/api/companies/${nordic}`)).status, 'get').toBe(expected.find === 200 && role === 'otherAccount' ? 404 : expected.find)
      const made = await call(role, 'POST', '/api/companies', { name: `Made by ${role}` })
      expect(made.status, 'create').toBe(expected.create)
      if (made.status === 201) await server.knex('companies').where({ id: made.body.id }).delete()

      const ownName = (await server.knex('companies').where({ id: nordic }).first()).contact_title
      expect((await call(role, 'PATCH', `/api/companies/${nordic}`, { contactTitle: `By ${role}` })).status, 'patch own').toBe(expected.patchOwn)
      await server.knex('companies').where({ id: nordic }).update({ contact_title: ownName })
      expect((await call(role, 'PATCH', `/api/companies/${fjord}`, { contactTitle: 'x' })).status, 'patch other').toBe(expected.patchOther)
      expect((await server.knex('companies').where({ id: fjord }).first()).contact_title).toBe(expected.patchOther === 200 ? 'x' : null)
      await server.knex('companies').where({ id: fjord }).update({ contact_title: null })

      const removed = await call(role, 'DELETE', `/api/companies/${victim.id}`)
      expect(removed.status, 'remove').toBe(expected.remove)
      if (removed.status !== 200) {
        expect(await server.knex('companies').where({ id: victim.id }).first()).toEqual(before)
        await server.knex('companies').where({ id: victim.id }).delete()
      }

      expect((await call(role, 'GET', '/api/companies/export')).status, 'export').toBe(expected.export)
      expect((await call(role, 'GET', '/api/companies/geocode?lng=1&lat=1')).status, 'geocode').toBe(expected.geocode)
      expect((await call(role, 'GET', '/api/companies/new')).status, 'new').toBe(expected.geocode)
    })
})

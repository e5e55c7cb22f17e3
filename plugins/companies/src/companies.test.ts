/** Companies over HTTP with a real server and database (SQLite, or MariaDB with TEST_DATABASE_URL). */
import { type TestServer, startTestServer } from '@app/api/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

let server: TestServer
let admin: string
let user: string
let sales: string

beforeAll(async () => {
  server = await startTestServer()
  admin = await server.signIn('admin@demo.test')
  user = await server.signIn('user@demo.test')
  sales = await server.signIn('sales@demo.test')
})
afterAll(() => server?.close())

describe('companies', () => {
  test('create, read, change and remove as an account admin', async () => {
    const created = await server.call(
      'POST',
      '/api/companies',
      { name: 'Lapland Lumber Oy', city: 'Rovaniemi', country: 'FI', latitude: 66.5, longitude: 25.7, contactEmail: 'info@lumber.test' },
      admin,
    )
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body).toMatchObject({ name: 'Lapland Lumber Oy', city: 'Rovaniemi', latitude: 66.5, skymapEnabled: false, parentId: null })
    expect(typeof created.body.createdAt).toBe('string')
    const id = created.body.id

    const read = await server.call('GET', `/api/companies/${id}`, undefined, admin)
    expect(read.status).toBe(200)
    expect(read.body).toEqual(created.body)

    const patched = await server.call('PATCH', `/api/companies/${id}`, { city: 'Kemi', contactPerson: 'Pekka' }, admin)
    expect(patched.status).toBe(200)
    expect(patched.body).toMatchObject({ id, name: 'Lapland Lumber Oy', city: 'Kemi', contactPerson: 'Pekka' })
    expect((await server.knex('companies').where({ id }).first()).city).toBe('Kemi')

    const removed = await server.call('DELETE', `/api/companies/${id}`, undefined, admin)
    expect(removed.status).toBe(200)
    expect(removed.body.id).toBe(id)
    expect((await server.call('GET', `/api/companies/${id}`, undefined, admin)).status).toBe(404)
    expect(await server.knex('companies').where({ id }).first()).toBeUndefined()
  })

  test('filters by name with $like', async () => {
    const answer = await server.call('GET', '/api/companies?name[$like]=%25Steel%25', undefined, admin)
    expect(answer.status).toBe(200)
    expect(answer.body.data.map((c: { name: string }) => c.name)).toEqual(['Nordic Steel Oy'])
    const none = await server.call('GET', '/api/companies?name[$like]=%25Nothing like this%25', undefined, admin)
    expect(none.body.total).toBe(0)
  })

  test('pages with total, limit and skip', async () => {
    const mine = Number(
      (await server.knex('companies').where({ account_id: (await server.knex('accounts').where({ company: 'Demo Engineering' }).first('id')).id }).count({ n: '*' }))[0]!.n,
    )
    const first = await server.call('GET', '/api/companies?$limit=2&$sort[name]=1', undefined, admin)
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ total: mine, limit: 2, skip: 0 })
    expect(first.body.data).toHaveLength(Math.min(2, mine))
    const second = await server.call('GET', '/api/companies?$limit=2&$skip=2&$sort[name]=1', undefined, admin)
    expect(second.body).toMatchObject({ total: mine, limit: 2, skip: 2 })
    expect(second.body.data).toHaveLength(Math.max(0, Math.min(2, mine - 2)))
    const names = [...first.body.data, ...second.body.data].map((c: { name: string }) => c.name)
    expect(new Set(names).size).toBe(names.length)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)))
  })

  test('a user without company rights gets 403 on find and create', async () => {
    const before = await server.knex('companies').count({ n: '*' })
    expect((await server.call('GET', '/api/companies', undefined, user)).status).toBe(403)
    expect((await server.call('GET', '/api/companies/1', undefined, user)).status).toBe(403)
    const create = await server.call('POST', '/api/companies', { name: 'Not allowed Oy' }, user)
    expect(create.status).toBe(403)
    expect(create.body.message).toBe('You do not have permission to do this')
    expect(await server.knex('companies').count({ n: '*' })).toEqual(before)
  })

  test('a parent must be a company of the same account', async () => {
    const theirs = (await server.call('GET', '/api/companies?$limit=1', undefined, sales)).body.data[0]
    expect(theirs).toBeTruthy()
    const before = await server.knex('companies').count({ n: '*' })
    const foreign = await server.call('POST', '/api/companies', { name: 'Child Oy', parentId: theirs.id }, admin)
    expect(foreign.status).toBe(400)
    expect(foreign.body.errors).toEqual({ parentId: 'The parent company does not exist' })
    const missing = await server.call('POST', '/api/companies', { name: 'Child Oy', parentId: 987654321 }, admin)
    expect(missing.status).toBe(400)
    expect(await server.knex('companies').count({ n: '*' })).toEqual(before)

    const mine = (await server.call('GET', '/api/companies?$limit=1', undefined, admin)).body.data[0]
    const child = await server.call('POST', '/api/companies', { name: 'Child Oy', parentId: mine.id }, admin)
    expect(child.status).toBe(201)
    expect(child.body.parentId).toBe(mine.id)

    const moveAway = await server.call('PATCH', `/api/companies/${child.body.id}`, { parentId: theirs.id }, admin)
    expect(moveAway.status).toBe(400)
    const self = await server.call('PATCH', `/api/companies/${child.body.id}`, { parentId: child.body.id }, admin)
    expect(self.status).toBe(400)
    expect(self.body.errors).toEqual({ parentId: 'A company cannot be its own parent' })
  })

  test("another account's company answers 404", async () => {
    const theirs = (await server.call('GET', '/api/companies?$limit=1', undefined, sales)).body.data[0]
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { name: 'Taken over' }],
      ['DELETE', undefined],
    ] as const)
      expect((await server.call(method, `/api/companies/${theirs.id}`, body, admin)).status, method).toBe(404)
    expect((await server.knex('companies').where({ id: theirs.id }).first()).name).toBe(theirs.name)
  })
})

/**
 * The spec's saving calls (part1 §3, §7): PUT /api/companies creates a company from a
 * body without id and changes the one its id names; PUT /api/accounts saves the
 * caller's account details. Each is decided by the create or patch it turns into, so
 * their flags, validation and tenancy hold; POST and PATCH still answer beside them.
 *
 * Runs on SQLite by default, on MariaDB with TEST_DATABASE_URL=mysql://…
 */
import { fixtures } from '@app/testing'
import { afterAll, describe, expect, test } from 'vitest'
import { startTestServer } from './testing'

const server = await startTestServer()
afterAll(() => server.close())
const { call, knex } = server
const make = fixtures(server)
const world = await make.world()
/** A is the caller's account, B another; the company administrator administers A's company. */
const A = world.a.id
const B = world.b.id
const { tokens } = world

const companyOf = (account: number, name: string) => knex('companies').where({ account_id: account, name }).first()
const count = async (table: string) => Number((await knex(table).count({ n: '*' }))[0]!.n)

describe('PUT /api/companies', () => {
  test('without an id creates the company in the caller’s account, whatever account the body names', async () => {
    const before = await count('companies')
    const answer = await call('PUT', '/api/companies', { name: 'Saved Oy', city: 'Vaasa', accountId: B }, tokens.accountAdmin)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body).toMatchObject({ name: 'Saved Oy', city: 'Vaasa', accountId: A })
    expect(await count('companies')).toBe(before + 1)
    expect((await companyOf(A, 'Saved Oy')).id).toBe(answer.body.id)
  })

  test('with an id changes that company', async () => {
    const company = world.company
    const before = await count('companies')
    const answer = await call('PUT', '/api/companies', { id: company.id, name: company.name, city: 'Kemi' }, tokens.accountAdmin)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body).toMatchObject({ id: company.id, city: 'Kemi' })
    expect((await knex('companies').where({ id: company.id }).first()).city).toBe('Kemi')
    expect(await count('companies')).toBe(before)
  })

  test('another account’s company answers 404 and stays as it was', async () => {
    const theirs = await knex('companies').where({ id: world.company.id }).first()
    const answer = await call('PUT', '/api/companies', { id: theirs.id, name: 'Taken over' }, tokens.otherAccount)
    expect(answer.status).toBe(404)
    expect(await knex('companies').where({ id: theirs.id }).first()).toEqual(theirs)
  })

  test('create’s and patch’s own flags decide: a company admin saves its company but creates none', async () => {
    const own = world.company
    const before = await count('companies')
    const create = await call('PUT', '/api/companies', { name: 'Not mine to make' }, tokens.companyAdmin)
    expect(create.status).toBe(403)
    const edit = await call('PUT', '/api/companies', { id: own.id, name: own.name, plant: 'Raahe' }, tokens.companyAdmin)
    expect(edit.status, JSON.stringify(edit.body)).toBe(200)
    expect((await call('PUT', '/api/companies', { name: 'Nope' }, tokens.user)).status).toBe(403)
    expect(await count('companies')).toBe(before)
  })

  test('a bad body is a 400 with field messages, and nothing is written', async () => {
    const before = await count('companies')
    const answer = await call('PUT', '/api/companies', { name: '', latitude: 91, id: 'abc' }, tokens.accountAdmin)
    expect(answer.status).toBe(400)
    expect(answer.body.errors).toEqual({ name: 'This field is required', latitude: 'Can be maximum 90', id: 'Only valid numbers (no comma)' })
    expect(await count('companies')).toBe(before)
  })

  test('POST and PATCH answer beside it', async () => {
    const created = await call('POST', '/api/companies', { name: 'Posted Oy' }, tokens.accountAdmin)
    expect(created.status).toBe(201)
    expect((await call('PATCH', `/api/companies/${created.body.id}`, { city: 'Pori' }, tokens.accountAdmin)).body.city).toBe('Pori')
  })
})

describe('PUT /api/accounts', () => {
  const account = (id: number) => knex('accounts').where({ id }).first()

  test('saves the caller’s account details', async () => {
    const answer = await call('PUT', '/api/accounts', { company: world.a.name, city: 'Tampere', phone: '+358 40 123 4567' }, tokens.accountAdmin)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body).toMatchObject({ id: A, city: 'Tampere' })
    expect(await account(A)).toMatchObject({ city: 'Tampere', phone: '+358 40 123 4567' })
  })

  test('another account answers 404 to its admin and is left alone; a global admin saves any', async () => {
    const before = await account(B)
    expect((await call('PUT', '/api/accounts', { id: B, city: 'Oslo' }, tokens.accountAdmin)).status).toBe(404)
    expect(await account(B)).toEqual(before)
    const global = await call('PUT', '/api/accounts', { id: B, city: 'Oslo' }, tokens.globalAdmin)
    expect(global.status, JSON.stringify(global.body)).toBe(200)
    expect((await account(B)).city).toBe('Oslo')
  })

  test('needs the settings flag, and a valid body', async () => {
    const before = await account(A)
    expect((await call('PUT', '/api/accounts', { city: 'Turku' }, tokens.user)).status).toBe(403)
    const bad = await call('PUT', '/api/accounts', { email: 'not-an-email', enabled: true }, tokens.accountAdmin)
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toEqual({ email: 'This field value must be a valid email address', enabled: 'Unknown field' })
    expect(await account(A)).toEqual(before)
  })
})

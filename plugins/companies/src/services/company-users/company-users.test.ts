/** A company's users and the users with access to it, over HTTP, in a world made by fixtures (SQLite, or MariaDB with TEST_DATABASE_URL). */
import { type Caller, type TestServer, startTestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type CompaniesWorld, makeWorld } from '../../test/world'
import { COMPANY_USER_MESSAGES } from './company-users.schema'

let server: TestServer
let world: CompaniesWorld
let nordic: number
let fjord: number

const companyOf = async (userId: number) =>
  (await server.knex('account_users').where({ account_id: world.a.id, user_id: userId }).first('company_id')).company_id

beforeAll(async () => {
  server = await startTestServer()
  world = await makeWorld(server)
  nordic = world.nordic.id
  fjord = world.fjord.id
})
afterAll(() => server?.close())

describe('company users', () => {
  test('suggests account users from 4 characters, assigns one named exactly, lists and removes them', async () => {
    const ulla = world.people.user
    expect((await world.as('accountAdmin', 'GET', `/api/companies/${nordic}/candidates?filter=ull`)).body).toEqual([])
    const suggested = await world.as('accountAdmin', 'GET', `/api/companies/${nordic}/candidates?filter=ULLA`)
    expect(suggested.status).toBe(200)
    expect(suggested.body.map((u: { username: string }) => u.username)).toEqual([ulla.username])
    // Users of another account are never suggested.
    const outsider = world.b.admin.username
    expect((await world.as('accountAdmin', 'GET', `/api/companies/${nordic}/candidates?filter=${encodeURIComponent(outsider)}`)).body).toEqual([])

    const added = await world.as('accountAdmin', 'POST', `/api/companies/${nordic}/users`, { username: ulla.username.toUpperCase() })
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    expect(added.body).toMatchObject({ username: ulla.username, firstName: 'Ulla', enabled: true, anonymous: false })
    expect(await companyOf(ulla.id)).toBe(nordic)

    const again = await world.as('accountAdmin', 'POST', `/api/companies/${nordic}/users`, { username: ulla.username })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe(COMPANY_USER_MESSAGES.alreadyUser)
    for (const username of ['nobody@fixture.test', outsider]) {
      const unknown = await world.as('accountAdmin', 'POST', `/api/companies/${nordic}/users`, { username })
      expect(unknown.status).toBe(400)
      expect(unknown.body.errors).toEqual({ username: COMPANY_USER_MESSAGES.userNotFound })
    }
    expect((await world.as('accountAdmin', 'POST', `/api/companies/${nordic}/users`, { username: 'abc' })).body.errors).toEqual({
      username: 'You must enter at least 4 characters',
    })

    const listed = await world.as('companyAdmin', 'GET', `/api/companies/${nordic}/users`)
    expect(listed.status).toBe(200)
    expect(listed.body).toMatchObject({ total: 1, limit: 50, skip: 0 })
    expect(listed.body.data[0].username).toBe(ulla.username)

    // Delete-blocked: a company with users is kept.
    const blocked = await world.as('accountAdmin', 'DELETE', `/api/companies/${nordic}`)
    expect(blocked.status).toBe(409)
    expect(blocked.body.data.blocks).toEqual([{ reason: 'has users', item: ulla.username }])

    expect((await world.as('accountAdmin', 'DELETE', `/api/companies/${fjord}/users/${ulla.id}`)).status).toBe(404)
    const removed = await world.as('companyAdmin', 'DELETE', `/api/companies/${nordic}/users/${ulla.id}`)
    expect(removed.status).toBe(200)
    expect(await companyOf(ulla.id)).toBeNull()
  })

  test('users with access: COMPANY privileges on it, anonymised users left out by default', async () => {
    const companyAdmin = world.people.companyAdmin.username
    const answer = await world.as('accountAdmin', 'GET', `/api/companies/${nordic}/users-with-access`)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body.total).toBe(1)
    expect(answer.body.data[0]).toMatchObject({ username: companyAdmin, action: 'ADMINISTER' })

    const consultant = world.both
    await world.make.grant(consultant, { resource: 'COMPANY', resourceId: nordic, action: 'VIEW' }, world.a.id)
    await server.knex('users').where({ id: consultant.id }).update({ anonymous: true })
    const without = await world.as('accountAdmin', 'GET', `/api/companies/${nordic}/users-with-access`)
    expect(without.body.data.map((u: { username: string }) => u.username)).toEqual([companyAdmin])
    const all = await world.as('accountAdmin', 'GET', `/api/companies/${nordic}/users-with-access?anonymousFilter=false`)
    expect(all.body.total).toBe(2)
    expect(all.body.data.find((u: { username: string }) => u.username === consultant.username)).toMatchObject({ action: 'VIEW', anonymous: true })
    // An anonymised user cannot be assigned either.
    expect((await world.as('accountAdmin', 'POST', `/api/companies/${nordic}/users`, { username: consultant.username })).status).toBe(400)
    await server.knex('users').where({ id: consultant.id }).update({ anonymous: false })
  })

  test('who may manage the users of which company', async () => {
    const manager = world.manager
    const expected: Record<Exclude<Caller, 'anonymous'>, [number, number]> = {
      // [Nordic Steel Oy, Fjord Cranes AS]: the company admin administers only Nordic Steel.
      globalAdmin: [200, 200],
      accountAdmin: [200, 200],
      salesAdmin: [403, 403],
      companyAdmin: [200, 403],
      user: [403, 403],
      otherAccount: [404, 404],
    }
    for (const [role, answers] of Object.entries(expected) as [Caller, [number, number]][])
      for (const [i, company] of [nordic, fjord].entries()) {
        const status = answers[i]!
        const created = status === 200 ? 201 : status
        expect((await world.as(role, 'GET', `/api/companies/${company}/users`)).status, `${role} find ${company}`).toBe(status)
        expect((await world.as(role, 'GET', `/api/companies/${company}/users-with-access`)).status, `${role} access ${company}`).toBe(status)
        expect((await world.as(role, 'GET', `/api/companies/${company}/candidates?filter=manager`)).status, `${role} candidates`).toBe(status)
        expect((await world.as(role, 'POST', `/api/companies/${company}/users`, { username: manager.username })).status, `${role} add`).toBe(created)
        expect(await companyOf(manager.id)).toBe(status === 200 ? company : null)
        expect((await world.as(role, 'DELETE', `/api/companies/${company}/users/${manager.id}`)).status, `${role} remove`).toBe(status)
        await server.knex('account_users').where({ user_id: manager.id }).update({ company_id: null })
      }
    expect((await server.call('GET', `/api/companies/${nordic}/users`)).status).toBe(401)
    expect((await server.call('POST', `/api/companies/${nordic}/users`, { username: manager.username })).status).toBe(401)
  })
})

/** One user's access to a company, read, given, changed and taken away over HTTP, as a person of every rank made by fixtures. */
import { CALLERS, type Caller, type TestServer, startTestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type CompaniesWorld, makeWorld } from '../../test/world'
import { USER_ACCESS_MESSAGES } from './users-with-access.schema'

let server: TestServer
let world: CompaniesWorld
let nordic: number
let fjord: number

const access = (companyId: number, userId: number) => `/api/companies/${companyId}/users-with-access/${userId}`
/** The user's own unnamed COMPANY grants on the company, as stored. */
const ownRows = async (companyId: number, person: { id: number }) =>
  server.knex('privileges').where({ user_id: person.id, resource: 'COMPANY', resource_id: companyId }).whereNull('name').pluck('action')

beforeAll(async () => {
  server = await startTestServer()
  world = await makeWorld(server)
  nordic = world.nordic.id
  fjord = world.fjord.id
})
afterAll(() => server?.close())

describe('a user’s access to a company', () => {
  test('given, changed and taken away; the list follows; taking it again says there is none', async () => {
    const ulla = world.people.user.id
    const none = await world.as('accountAdmin', 'GET', access(nordic, ulla))
    expect(none.status, JSON.stringify(none.body)).toBe(200)
    expect(none.body).toMatchObject({ userId: ulla, username: world.people.user.username, action: 'NONE', ownAction: 'NONE', otherAction: 'NONE' })

    const given = await world.as('accountAdmin', 'PUT', access(nordic, ulla), { action: 'ACCESS' })
    expect(given.status, JSON.stringify(given.body)).toBe(200)
    expect(given.body).toMatchObject({ action: 'ACCESS', ownAction: 'ACCESS' })
    const listed = await world.as('accountAdmin', 'GET', `/api/companies/${nordic}/users-with-access`)
    expect(listed.body.data.find((u: { userId: number }) => u.userId === ulla)).toMatchObject({ action: 'ACCESS' })

    const raised = await world.as('accountAdmin', 'PUT', access(nordic, ulla), { action: 'ADMINISTER' })
    expect(raised.body).toMatchObject({ action: 'ADMINISTER', ownAction: 'ADMINISTER' })
    expect(await ownRows(nordic, world.people.user)).toEqual(['ADMINISTER'])
    // Administer on a company makes its holder a company manager at once.
    const ullaToken = world.tokens.user
    expect((await server.call('GET', `/api/companies/${nordic}/users`, undefined, ullaToken)).status).toBe(200)

    const taken = await world.as('accountAdmin', 'DELETE', access(nordic, ulla))
    expect(taken.status).toBe(200)
    expect(taken.body).toMatchObject({ action: 'NONE', ownAction: 'NONE' })
    expect(await ownRows(nordic, world.people.user)).toEqual([])
    expect((await server.call('GET', `/api/companies/${nordic}/users`, undefined, ullaToken)).status).toBe(403)

    const again = await world.as('accountAdmin', 'DELETE', access(nordic, ulla))
    expect(again.status).toBe(404)
    expect(again.body.message).toBe(USER_ACCESS_MESSAGES.noAccess)
  })

  test('bad input: 400 naming the field; a user outside the account: 404 User not found', async () => {
    const ulla = world.people.user.id
    for (const body of [{}, { action: 'OWNER' }, { action: 'NONE' }, { action: 'ACCESS', extra: 1 }]) {
      const answer = await world.as('accountAdmin', 'PUT', access(nordic, ulla), body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(Object.keys(answer.body.errors), JSON.stringify(body)).toEqual([Object.keys(body).find((k) => k !== 'action') ?? 'action'])
    }
    expect(await ownRows(nordic, world.people.user)).toEqual([])
    for (const id of [world.b.admin.id, 987654, 'abc']) {
      for (const [method, body] of [['GET'], ['PUT', { action: 'ACCESS' }], ['DELETE']] as const) {
        const answer = await world.as('accountAdmin', method, `/api/companies/${nordic}/users-with-access/${id}`, body)
        expect(answer.status, `${method} ${id}`).toBe(404)
        expect(answer.body.message).toBe(USER_ACCESS_MESSAGES.userNotFound)
      }
    }
  })

  test('what the role gives shows beside the own grant and is not taken away here', async () => {
    const ulla = world.people.user.id
    const member = await server.knex('account_users').where({ account_id: world.a.id, user_id: ulla }).first('role_id')
    const [grant] = await server
      .knex('privileges')
      .insert({ account_id: world.a.id, role_id: member.role_id, resource: 'COMPANY', resource_id: fjord, action: 'VIEW' })
    try {
      expect((await world.as('accountAdmin', 'GET', access(fjord, ulla))).body).toMatchObject({ action: 'VIEW', ownAction: 'NONE', otherAction: 'VIEW' })
      expect((await world.as('accountAdmin', 'DELETE', access(fjord, ulla))).body.message).toBe(USER_ACCESS_MESSAGES.noAccess)
      const own = await world.as('accountAdmin', 'PUT', access(fjord, ulla), { action: 'ACCESS' })
      expect(own.body).toMatchObject({ action: 'VIEW', ownAction: 'ACCESS', otherAction: 'VIEW' })
      expect((await world.as('accountAdmin', 'DELETE', access(fjord, ulla))).body).toMatchObject({ action: 'VIEW', ownAction: 'NONE' })
    } finally {
      await server.knex('privileges').where({ id: grant }).delete()
    }
  })
})

describe('who may read and change which company’s access', () => {
  test('every rank: 2xx allowed, 403 denied, 404 for another account, 401 signed out', async () => {
    const manager = world.manager
    const target = manager.id
    // [Nordic Steel Oy, Fjord Cranes AS]: the company admin administers only Nordic Steel.
    const expected: Record<Caller, [number, number]> = {
      globalAdmin: [200, 200],
      accountAdmin: [200, 200],
      salesAdmin: [403, 403],
      companyAdmin: [200, 403],
      user: [403, 403],
      otherAccount: [404, 404],
      anonymous: [401, 401],
    }
    expect(Object.keys(expected)).toEqual(CALLERS)
    for (const [role, answers] of Object.entries(expected) as [Caller, [number, number]][])
      for (const [i, company] of [nordic, fjord].entries()) {
        const status = answers[i]!
        expect((await world.as(role, 'GET', access(company, target))).status, `${role} get ${company}`).toBe(status)
        expect((await world.as(role, 'PUT', access(company, target), { action: 'ACCESS' })).status, `${role} put ${company}`).toBe(status)
        expect(await ownRows(company, manager), `${role} put ${company}`).toEqual(status === 200 ? ['ACCESS'] : [])
        expect((await world.as(role, 'DELETE', access(company, target))).status, `${role} delete ${company}`).toBe(status)
        expect(await ownRows(company, manager)).toEqual([])
      }
  })

  test('a company administrator gives administer on their company, but never changes their own access', async () => {
    const manager = world.manager.id
    const self = world.people.companyAdmin.id
    expect((await world.as('companyAdmin', 'PUT', access(nordic, manager), { action: 'ADMINISTER' })).body).toMatchObject({ ownAction: 'ADMINISTER' })
    // Now a company administrator too: only an account admin acts on them (core's rule of who may act on whom).
    const demote = await world.as('companyAdmin', 'DELETE', access(nordic, manager))
    expect(demote.status).toBe(403)
    expect(demote.body.message).toBe('You do not have access to edit this user')
    expect((await world.as('accountAdmin', 'DELETE', access(nordic, manager))).status).toBe(200)
    for (const [method, body] of [['PUT', { action: 'ACCESS' }], ['DELETE']] as const) {
      const answer = await world.as('companyAdmin', method, access(nordic, self), body)
      expect(answer.status, method).toBe(403)
      // Core's rule: a company administrator never acts on itself.
      expect(answer.body.message).toBe('You do not have access to edit this user')
    }
    expect(await ownRows(nordic, world.people.companyAdmin)).toEqual(['ADMINISTER'])
    // An account admin may change their own; it changes nothing they can do.
    const admin = world.people.accountAdmin.id
    expect((await world.as('accountAdmin', 'PUT', access(nordic, admin), { action: 'ACCESS' })).status).toBe(200)
    expect((await world.as('accountAdmin', 'DELETE', access(nordic, admin))).status).toBe(200)
  })

  test('a user who only assigns company users gives plain access, not administer', async () => {
    const consultant = world.both.id
    const manager = world.manager.id
    const [named] = await server
      .knex('privileges')
      .insert({ account_id: world.a.id, user_id: consultant, name: 'ASSIGN_USER_TO_COMPANY', resource: 'COMPANY', action: 'ACCESS' })
    try {
      const token = await world.make.signIn(world.both)
      const call = (method: string, body?: unknown) => server.call(method, access(nordic, manager), body, token)
      expect((await call('PUT', { action: 'ACCESS' })).status).toBe(200)
      const raise = await call('PUT', { action: 'ADMINISTER' })
      expect(raise.status).toBe(403)
      expect(raise.body.message).toBe(USER_ACCESS_MESSAGES.administerOnly)
      expect(await ownRows(nordic, world.manager)).toEqual(['ACCESS'])
      await world.as('accountAdmin', 'PUT', access(nordic, manager), { action: 'ADMINISTER' })
      expect((await call('DELETE')).status).toBe(403)
      expect((await call('PUT', { action: 'ACCESS' })).status).toBe(403)
      expect(await ownRows(nordic, world.manager)).toEqual(['ADMINISTER'])
    } finally {
      await server.knex('privileges').where({ id: named }).delete()
      await server.knex('privileges').where({ user_id: manager, resource: 'COMPANY' }).delete()
    }
  })
})

/** A company's users and the users with access to it, over HTTP. */
import { DEMO_ROLES, type TestServer, startTestServer } from '@app/api/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ALREADY_USER, USER_NOT_FOUND } from './services/company-users/company-users'

let server: TestServer
const tokens: Record<string, string> = {}
const ROLES = DEMO_ROLES
let nordic: number
let fjord: number

const as = (role: string, method: string, url: string, body?: unknown) => server.call(method, url, body, tokens[role])
const userId = async (username: string) => Number((await server.knex('users').where({ username }).first('id')).id)
const companyOf = async (username: string) =>
  (await server.knex('account_users').where({ user_id: await userId(username) }).first('company_id')).company_id

beforeAll(async () => {
  server = await startTestServer()
  for (const role of ROLES) tokens[role] = await server.signIn(`${role}@demo.test`)
  const account = (await server.knex('accounts').where({ company: 'Demo Engineering' }).first('id')).id
  const id = async (name: string) => Number((await server.knex('companies').where({ account_id: account, name }).first('id')).id)
  nordic = await id('Nordic Steel Oy')
  fjord = await id('Fjord Cranes AS')
})
afterAll(() => server?.close())

describe('company users', () => {
  test('suggests account users from 4 characters, assigns one named exactly, lists and removes them', async () => {
    expect((await as('admin', 'GET', `/api/companies/${nordic}/candidates?filter=ull`)).body).toEqual([])
    const suggested = await as('admin', 'GET', `/api/companies/${nordic}/candidates?filter=ULLA`)
    expect(suggested.status).toBe(200)
    expect(suggested.body.map((u: { username: string }) => u.username)).toEqual(['user@demo.test'])
    // Users of another account are never suggested.
    expect((await as('admin', 'GET', `/api/companies/${nordic}/candidates?filter=sales%40demo`)).body).toEqual([])

    const added = await as('admin', 'POST', `/api/companies/${nordic}/users`, { username: 'User@Demo.test' })
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    expect(added.body).toMatchObject({ username: 'user@demo.test', firstName: 'Ulla', enabled: true, anonymous: false })
    expect(await companyOf('user@demo.test')).toBe(nordic)

    const again = await as('admin', 'POST', `/api/companies/${nordic}/users`, { username: 'user@demo.test' })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe(ALREADY_USER)
    for (const username of ['nobody@demo.test', 'sales@demo.test']) {
      const unknown = await as('admin', 'POST', `/api/companies/${nordic}/users`, { username })
      expect(unknown.status).toBe(400)
      expect(unknown.body.errors).toEqual({ username: USER_NOT_FOUND })
    }
    expect((await as('admin', 'POST', `/api/companies/${nordic}/users`, { username: 'abc' })).body.errors).toEqual({
      username: 'You must enter at least 4 characters',
    })

    const listed = await as('companyadmin', 'GET', `/api/companies/${nordic}/users`)
    expect(listed.status).toBe(200)
    expect(listed.body).toMatchObject({ total: 1, limit: 50, skip: 0 })
    expect(listed.body.data[0].username).toBe('user@demo.test')

    // Delete-blocked: a company with users is kept.
    const blocked = await as('admin', 'DELETE', `/api/companies/${nordic}`)
    expect(blocked.status).toBe(409)
    expect(blocked.body.data.blocks).toEqual([{ reason: 'has users', item: 'user@demo.test' }])

    const uid = await userId('user@demo.test')
    expect((await as('admin', 'DELETE', `/api/companies/${fjord}/users/${uid}`)).status).toBe(404)
    const removed = await as('companyadmin', 'DELETE', `/api/companies/${nordic}/users/${uid}`)
    expect(removed.status).toBe(200)
    expect(await companyOf('user@demo.test')).toBeNull()
  })

  test('users with access: COMPANY privileges on it, anonymised users left out by default', async () => {
    const answer = await as('admin', 'GET', `/api/companies/${nordic}/users-with-access`)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body.total).toBe(1)
    expect(answer.body.data[0]).toMatchObject({ username: 'companyadmin@demo.test', action: 'ADMINISTER' })

    const account = (await server.knex('accounts').where({ company: 'Demo Engineering' }).first('id')).id
    const consultant = await userId('consultant@demo.test')
    await server.knex('privileges').insert({ account_id: account, user_id: consultant, resource: 'COMPANY', resource_id: nordic, action: 'VIEW' })
    await server.knex('users').where({ id: consultant }).update({ anonymous: true })
    const without = await as('admin', 'GET', `/api/companies/${nordic}/users-with-access`)
    expect(without.body.data.map((u: { username: string }) => u.username)).toEqual(['companyadmin@demo.test'])
    const all = await as('admin', 'GET', `/api/companies/${nordic}/users-with-access?anonymousFilter=false`)
    expect(all.body.total).toBe(2)
    expect(all.body.data.find((u: { username: string }) => u.username === 'consultant@demo.test')).toMatchObject({ action: 'VIEW', anonymous: true })
    // An anonymised user cannot be assigned either.
    expect((await as('admin', 'POST', `/api/companies/${nordic}/users`, { username: 'consultant@demo.test' })).status).toBe(400)
    await server.knex('users').where({ id: consultant }).update({ anonymous: false })
  })

  test('who may manage the users of which company', async () => {
    const uid = await userId('manager@demo.test')
    const expected: Record<string, [number, number]> = {
      // [Nordic Steel Oy, Fjord Cranes AS]: the company admin administers only Nordic Steel.
      globaladmin: [200, 200],
      admin: [200, 200],
      salesadmin: [403, 403],
      companyadmin: [200, 403],
      user: [403, 403],
      sales: [404, 404],
    }
    for (const [role, answers] of Object.entries(expected))
      for (const [i, company] of [nordic, fjord].entries()) {
        const status = answers[i]!
        const created = status === 200 ? 201 : status
        expect((await as(role, 'GET', `/api/companies/${company}/users`)).status, `${role} find ${company}`).toBe(status)
        expect((await as(role, 'GET', `/api/companies/${company}/users-with-access`)).status, `${role} access ${company}`).toBe(status)
        expect((await as(role, 'GET', `/api/companies/${company}/candidates?filter=manager`)).status, `${role} candidates`).toBe(status)
        expect((await as(role, 'POST', `/api/companies/${company}/users`, { username: 'manager@demo.test' })).status, `${role} add`).toBe(created)
        expect(await companyOf('manager@demo.test')).toBe(status === 200 ? company : null)
        expect((await as(role, 'DELETE', `/api/companies/${company}/users/${uid}`)).status, `${role} remove`).toBe(status)
        await server.knex('account_users').where({ user_id: uid }).update({ company_id: null })
      }
    expect((await server.call('GET', `/api/companies/${nordic}/users`)).status).toBe(401)
    expect((await server.call('POST', `/api/companies/${nordic}/users`, { username: 'manager@demo.test' })).status).toBe(401)
  })
})

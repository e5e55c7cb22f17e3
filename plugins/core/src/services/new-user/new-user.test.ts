/**
 * The new-user wizard's submit over real HTTP, called as every rank: validation, who may
 * make whom, the welcome link, and the plain variants. SQLite by default, MariaDB with
 * TEST_DATABASE_URL.
 */
import { type Caller, linkToken, mailsTo } from '@app/testing'
import { describe, expect, test } from 'vitest'
import { serverWithPeople } from '../../test/people'

const { server, p } = await serverWithPeople()

const create = (role: Caller, body: unknown, account = p.a.id) => p.as(role, 'POST', `/api/accountusers/${account}/createUserWithPrivileges`, body)
const valid = { email: 'new.person@fixture.test', repeatEmail: 'new.person@fixture.test', firstName: 'Nea', lastName: 'Newton' }

describe('POST /api/accountusers/{accountId}/createUserWithPrivileges', () => {
  test('validation: e-mail, repeat e-mail and names, nothing created', async () => {
    const cases: [unknown, Record<string, string>][] = [
      [{}, { email: 'This field is required', firstName: 'This field is required', lastName: 'This field is required' }],
      [{ ...valid, email: 'not-an-email', repeatEmail: undefined }, { email: 'This field value must be a valid email address' }],
      [{ ...valid, firstName: 'N' }, { firstName: 'You must enter at least 2 characters' }],
      [{ ...valid, repeatEmail: 'other@fixture.test' }, { repeatEmail: 'Emails do not match' }],
      [{ ...valid, privileges: [{ resource: 'PROJECT', resourceId: 987654, action: 'EDIT' }] }, { privileges: 'No project 987654 in this account' }],
    ]
    for (const [body, errors] of cases) {
      const answer = await create('accountAdmin', body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.errors, JSON.stringify(body)).toEqual(errors)
    }
    expect(await server.knex('users').where({ username: valid.email }).first()).toBeUndefined()
  })

  test('roles: 403 without the flags, 404 for another account, 401 signed out', async () => {
    for (const role of ['salesAdmin', 'user'] as const) expect((await create(role, valid)).status, role).toBe(403)
    expect((await create('otherAccount', valid)).status).toBe(404)
    expect((await create('anonymous', valid)).status).toBe(401)
    // A company manager adds users only into their own company.
    expect((await create('companyAdmin', valid)).status).toBe(403)
    expect(await server.knex('users').where({ username: valid.email }).first()).toBeUndefined()
  })

  test('creates the user with company access, mails the welcome link, and the link lets them in', async () => {
    const company = p.company.id
    const answer = await create('accountAdmin', { ...valid, companyId: company, privileges: [{ resource: 'COMPANY', resourceId: company, action: 'VIEW' }] })
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    expect(answer.body).toMatchObject({ username: valid.email, firstName: 'Nea', lastName: 'Newton', acronym: 'NNE', companyId: company, enabled: true })
    const grants = await server.knex('privileges').where({ user_id: answer.body.id })
    expect(grants.map((g) => [g.resource, Number(g.resource_id), g.action])).toEqual([['COMPANY', company, 'VIEW']])

    const [mail] = await mailsTo(server, valid.email)
    const token = linkToken(mail!, '/welcomeNewUser/')
    const welcome = await server.call('POST', '/api/passwordreset/changePasswordAndUserDetails', { token, password: 'first-secret', firstName: 'Nea', lastName: 'Newton' })
    expect(welcome.status).toBe(201)
    expect((await server.call('POST', '/api/authentication', { username: valid.email, password: 'first-secret' })).status).toBe(201)

    const again = await create('accountAdmin', valid)
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('Email is already registered')
  })

  test('a company manager adds a user into the company they manage; createEmptyUser and POST /accountusers/{accountId} too', async () => {
    const mine = await create('companyAdmin', { email: 'steel.worker@fixture.test', firstName: 'Stig', lastName: 'Steel', companyId: p.company.id })
    expect(mine.status, JSON.stringify(mine.body)).toBe(201)
    expect(mine.body.companyId).toBe(p.company.id)
    const empty = await p.as('accountAdmin', 'POST', `/api/accountusers/${p.a.id}/createEmptyUser`, { email: 'empty.one@fixture.test', firstName: 'Emil', lastName: 'Empty' })
    expect(empty.status).toBe(201)
    const { acronym } = await server.knex('users').where({ id: p.people.user.id }).first('acronym')
    const plain = await p.as('accountAdmin', 'POST', `/api/accountusers/${p.a.id}`, { email: 'plain.one@fixture.test', firstName: 'Pia', lastName: 'Plain', acronym })
    expect(plain.status).toBe(409)
    expect(plain.body.message).toBe('Acronym is already in use')
    expect(await server.knex('users').where({ username: 'plain.one@fixture.test' }).first()).toBeUndefined()
  })
})

/**
 * POST /api/accounts/admin-create over real HTTP: an open account with its first admin,
 * who is welcomed by mail and signs in once a password is set; bad input and callers
 * other than global admins change nothing. SQLite, or MariaDB with TEST_DATABASE_URL.
 */
import type { Mailer } from '@app/plugin-kit'
import { type TestServer, type World, fixtures, startTestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { COUNTRY_MESSAGE } from './account-create.schema'

let server: TestServer
let callers: World
const mails: Parameters<Mailer['send']>[0][] = []

beforeAll(async () => {
  server = await startTestServer()
  server.app.set('mailer', { send: async (mail) => void mails.push(mail) })
  callers = await fixtures(server).world()
})
afterAll(() => server?.close())

const snapshot = async () => ({
  accounts: await server.knex('accounts').select('*').orderBy('id'),
  users: await server.knex('users').select('*').orderBy('id'),
  members: await server.knex('account_users').select('*').orderBy('id'),
})

const form = {
  company: 'Fjord Builders AS',
  website: 'www.fjord-builders.test',
  phone: '+47 123 456 789',
  email: 'Office@Fjord-Builders.test',
  city: 'Bergen',
  country: 'NO',
  adminEmail: 'Hanna.Fjord@fjord-builders.test',
  adminFirstName: 'Hanna',
  adminLastName: 'Fjord',
}
const create = (body: unknown, caller: Parameters<World['as']>[0] = 'globalAdmin') => callers.as(caller, 'POST', '/api/accounts/admin-create', body)

describe('POST /api/accounts/admin-create', () => {
  test('creates an open account and its first admin, who is welcomed and signs in after setting a password', async () => {
    const answer = await create(form)
    expect(answer.status).toBe(201)
    const id = answer.body.id
    expect(answer.body).toMatchObject({ company: 'Fjord Builders AS', email: 'office@fjord-builders.test', country: 'NO', enabled: true, trial: false, userCount: 1, fileCount: 0, mbUsed: 0 })
    expect(answer.body.accountNo).toBe(`A${String(id).padStart(6, '0')}`)
    const modules = await callers.as('globalAdmin', 'GET', `/api/accounts/${id}/modules`)
    expect(modules.body.find((m: any) => m.id === 'core')).toMatchObject({ enabled: true, alwaysOn: true })

    const mail = mails.find((m) => m.to === 'hanna.fjord@fjord-builders.test')
    expect(mail?.subject).toBe('Welcome')
    const token = /\/welcomeNewUser\/([\w-]+)/.exec(mail!.link!)?.[1]
    expect(mail!.link).toBe(`${server.config.publicUrl}/welcomeNewUser/${token}`)
    // No password yet: sign-in fails until the welcome link is spent.
    expect((await server.call('POST', '/api/authentication', { username: form.adminEmail, password: 'chosen-fjord-1' })).status).toBe(401)
    const set = await server.call('POST', '/api/passwordreset/changePasswordAndUserDetails', { token, password: 'chosen-fjord-1', firstName: 'Hanna', lastName: 'Fjord' })
    expect(set.status).toBe(201)
    const signedIn = await server.call('POST', '/api/authentication', { username: form.adminEmail, password: 'chosen-fjord-1' })
    expect(signedIn.status).toBe(201)
    expect(signedIn.body.currentAccountId).toBe(id)
    const mine = await server.call('GET', '/api/accounts', undefined, signedIn.body.accessToken)
    expect(mine.body.data.map((a: any) => a.id)).toEqual([id])
  })

  test('bad input: 400 with the spec messages, nothing changes', async () => {
    const before = await snapshot()
    const answer = await create({ company: '', website: 'not a site', phone: 'abc', email: 'nope', adminEmail: 'x@', adminFirstName: 'A' })
    expect(answer.status).toBe(400)
    expect(answer.body.errors).toEqual({
      company: 'This field is required',
      website: 'Please enter a valid website URL',
      phone: 'Not a phone number (+XX XXX XXX XXX)',
      email: 'This field value must be a valid email address',
      adminEmail: 'This field value must be a valid email address',
      adminFirstName: 'You must enter at least 2 characters',
      adminLastName: 'This field is required',
      country: 'This field is required',
    })
    expect(await snapshot()).toEqual(before)
  })

  test('the country must be a code of the list', async () => {
    const before = await snapshot()
    for (const country of ['', 'ZZ', 'no', 'NOR']) {
      const answer = await create({ ...form, country, adminEmail: 'country@x.test' })
      expect(answer.status, country).toBe(400)
      expect(answer.body.errors, country).toEqual({ country: country ? COUNTRY_MESSAGE : 'This field is required' })
    }
    expect(await snapshot()).toEqual(before)
  })

  test('only global admins: 403 for the others, 401 signed out, nothing changes', async () => {
    const before = await snapshot()
    for (const caller of ['accountAdmin', 'salesAdmin', 'companyAdmin', 'user', 'otherAccount'] as const)
      expect((await create({ ...form, adminEmail: 'new@x.test' }, caller)).status, caller).toBe(403)
    expect((await create(form, 'anonymous')).status).toBe(401)
    expect(await snapshot()).toEqual(before)
  })
})

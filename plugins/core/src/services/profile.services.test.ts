/**
 * The profile and help endpoints over real HTTP: own password, username and removal
 * request, and the support contact and manuals. SQLite by default, MariaDB with
 * TEST_DATABASE_URL.
 */
import { DEMO_PASSWORD, startTestServer } from '@app/api/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { supportEmail } from './profile.services'

let server: Awaited<ReturnType<typeof startTestServer>>
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.close())

const userIdOf = async (username: string) => Number((await server.knex('users').where({ username }).first('id')).id)
const accountIdOf = async (company: string) => Number((await server.knex('accounts').where({ company }).first('id')).id)
const signInStatus = async (username: string, password: string) =>
  (await server.call('POST', '/api/authentication', { username, password })).status
const tokenLives = async (token: string) => (await server.call('GET', '/api/authentication/validate', undefined, token)).status === 200
const changePassword = (userId: number, body: unknown, token: string) => server.call('POST', `/api/accountusers/pwd/${userId}`, body, token)

describe('POST /api/accountusers/pwd/:userId', () => {
  test('the own password changes; other tokens end, the current one keeps working', async () => {
    const username = 'manager@demo.test'
    const current = await server.signIn(username)
    const other = await server.signIn(username)
    const answer = await changePassword(await userIdOf(username), { password: 'new-secret', repeatPassword: 'new-secret' }, current)
    expect(answer.status).toBe(201)
    expect(await tokenLives(current)).toBe(true)
    expect(await tokenLives(other)).toBe(false)
    expect(await signInStatus(username, DEMO_PASSWORD)).toBe(401)
    expect(await signInStatus(username, 'new-secret')).toBe(201)
  })

  test('validation: required, more than 4, at most 100, equal', async () => {
    const token = await server.signIn('user@demo.test')
    const id = await userIdOf('user@demo.test')
    const cases: [unknown, Record<string, string>][] = [
      [{}, { password: 'This field is required', repeatPassword: 'This field is required' }],
      [{ password: '', repeatPassword: '' }, { password: 'This field is required', repeatPassword: 'This field is required' }],
      [{ password: 'abcd', repeatPassword: 'abcd' }, { password: 'You must enter at least 5 characters' }],
      [{ password: 'a'.repeat(101), repeatPassword: 'a'.repeat(101) }, { password: 'The maximum number of characters is 100', repeatPassword: 'The maximum number of characters is 100' }],
      [{ password: 'abcdef', repeatPassword: 'abcdeg' }, { repeatPassword: 'Passwords do not match' }],
      [{ password: 'abcdef', repeatPassword: 'abcdef', extra: 1 }, { extra: 'Unknown field' }],
    ]
    for (const [body, errors] of cases) {
      const answer = await changePassword(id, body, token)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.errors, JSON.stringify(body)).toEqual(errors)
    }
    expect(await signInStatus('user@demo.test', DEMO_PASSWORD)).toBe(201)
  })

  test("another user's password: 403 without canManageUsers, and nothing changes", async () => {
    const token = await server.signIn('user@demo.test')
    const answer = await changePassword(await userIdOf('consultant@demo.test'), { password: 'hacked-1', repeatPassword: 'hacked-1' }, token)
    expect(answer.status).toBe(403)
    expect(await signInStatus('consultant@demo.test', DEMO_PASSWORD)).toBe(201)
  })

  test("a user manager sets a member's password; that member's tokens all end", async () => {
    const admin = await server.signIn('admin@demo.test')
    const memberToken = await server.signIn('manager@demo.test', 'new-secret')
    const answer = await changePassword(await userIdOf('manager@demo.test'), { password: 'set-by-admin', repeatPassword: 'set-by-admin' }, admin)
    expect(answer.status).toBe(201)
    expect(await tokenLives(memberToken)).toBe(false)
    expect(await tokenLives(admin)).toBe(true)
    expect(await signInStatus('manager@demo.test', 'set-by-admin')).toBe(201)
  })

  test('a user manager cannot reach a user of another account, or a missing one: 404', async () => {
    const admin = await server.signIn('admin@demo.test')
    for (const id of [await userIdOf('sales@demo.test'), 987654])
      expect((await changePassword(id, { password: 'hacked-12', repeatPassword: 'hacked-12' }, admin)).status).toBe(404)
    expect(await signInStatus('sales@demo.test', DEMO_PASSWORD)).toBe(201)
  })
})

describe('POST /api/accountusers/:userId/username', () => {
  const change = (userId: number, body: unknown, token: string) => server.call('POST', `/api/accountusers/${userId}/username`, body, token)

  test('changes the own e-mail (lower case); sign-in follows it', async () => {
    const token = await server.signIn('globaladmin@demo.test')
    const id = await userIdOf('globaladmin@demo.test')
    const answer = await change(id, { username: 'Greta@Demo.test' }, token)
    expect(answer.status).toBe(201)
    expect(answer.body).toEqual({ userId: id, username: 'greta@demo.test' })
    expect(await signInStatus('greta@demo.test', DEMO_PASSWORD)).toBe(201)
    expect(await signInStatus('globaladmin@demo.test', DEMO_PASSWORD)).toBe(401)
    expect(await tokenLives(token)).toBe(true)
    // The users list finds the new address.
    const account = (await server.knex('account_users').where({ user_id: id }).first('account_id')).account_id
    const listed = await server.call('GET', `/api/accountusers/${account}?includeSystem=true&filter=greta@`, undefined, token)
    expect(listed.body.data.map((u: { username: string }) => u.username)).toEqual(['greta@demo.test'])
    await change(id, { username: 'globaladmin@demo.test' }, token)
  })

  test('validation: required and a valid e-mail', async () => {
    const token = await server.signIn('user@demo.test')
    const id = await userIdOf('user@demo.test')
    expect((await change(id, {}, token)).body.errors).toEqual({ username: 'This field is required' })
    expect((await change(id, { username: '' }, token)).body.errors).toEqual({ username: 'This field is required' })
    const bad = await change(id, { username: 'not-an-email' }, token)
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toEqual({ username: 'This field value must be a valid email address' })
  })

  test('an address already registered answers 409', async () => {
    const token = await server.signIn('user@demo.test')
    const answer = await change(await userIdOf('user@demo.test'), { username: 'ADMIN@demo.test' }, token)
    expect(answer.status).toBe(409)
    expect(answer.body.message).toBe('Email is already registered')
  })

  test("another user's e-mail answers 403, even for an admin", async () => {
    const admin = await server.signIn('admin@demo.test')
    const answer = await change(await userIdOf('user@demo.test'), { username: 'taken-over@demo.test' }, admin)
    expect(answer.status).toBe(403)
    expect(await server.knex('users').where({ username: 'taken-over@demo.test' }).first('id')).toBeUndefined()
  })
})

describe('POST /api/accountusers/:userId/toggleRequestRemoval', () => {
  const toggle = (userId: number, token: string) => server.call('POST', `/api/accountusers/${userId}/toggleRequestRemoval`, {}, token)
  const requested = async (username: string, company: string) =>
    Boolean(
      (await server.knex('account_users').where({ user_id: await userIdOf(username), account_id: await accountIdOf(company) }).first('removal_requested'))
        .removal_requested,
    )

  test("toggles the caller's membership in the current account only", async () => {
    const username = 'consultant@demo.test'
    const token = await server.signIn(username)
    const id = await userIdOf(username)
    const first = await toggle(id, token)
    expect(first.status).toBe(201)
    expect(first.body).toEqual({ userId: id, removalRequested: true })
    expect(await requested(username, 'Demo Engineering')).toBe(true)
    expect(await requested(username, 'Demo Sales')).toBe(false)
    expect((await toggle(id, token)).body).toEqual({ userId: id, removalRequested: false })
    expect(await requested(username, 'Demo Engineering')).toBe(false)
  })

  test("another user's id answers 403 to whoever may not edit that user", async () => {
    const user = await server.signIn('user@demo.test')
    const denied = await toggle(await userIdOf('admin@demo.test'), user)
    expect(denied.status).toBe(403)
    expect(denied.body.message).toBe('You can only request the removal of your own account')
    expect(await requested('admin@demo.test', 'Demo Engineering')).toBe(false)
    // A company manager edits only the users of the companies they manage.
    const companyAdmin = await server.signIn('companyadmin@demo.test')
    expect((await toggle(await userIdOf('user@demo.test'), companyAdmin)).status).toBe(403)
    expect(await requested('user@demo.test', 'Demo Engineering')).toBe(false)
  })

  test("a user manager sets and clears a member's request; a company manager for their company's users", async () => {
    const admin = await server.signIn('admin@demo.test')
    const id = await userIdOf('user@demo.test')
    expect((await toggle(id, admin)).body).toEqual({ userId: id, removalRequested: true })
    expect(await requested('user@demo.test', 'Demo Engineering')).toBe(true)
    expect((await toggle(id, admin)).body).toEqual({ userId: id, removalRequested: false })

    const knex = server.knex
    const engineering = await accountIdOf('Demo Engineering')
    const [company] = await knex('companies').insert({ account_id: engineering, name: 'Removal Test Oy', created_at: new Date().toISOString() })
    await knex('privileges').insert({ account_id: engineering, user_id: await userIdOf('companyadmin@demo.test'), resource: 'COMPANY', resource_id: company, action: 'ADMINISTER' })
    const consultant = await userIdOf('consultant@demo.test')
    await knex('account_users').where({ account_id: engineering, user_id: consultant }).update({ company_id: company })
    const companyAdmin = await server.signIn('companyadmin@demo.test')
    expect((await toggle(consultant, companyAdmin)).body).toEqual({ userId: consultant, removalRequested: true })
    expect(await requested('consultant@demo.test', 'Demo Engineering')).toBe(true)
    expect(await requested('consultant@demo.test', 'Demo Sales')).toBe(false)
    expect((await toggle(consultant, companyAdmin)).body).toEqual({ userId: consultant, removalRequested: false })
  })

  test("another account's user or a missing one answers 404; an anonymised one 409", async () => {
    const admin = await server.signIn('admin@demo.test')
    expect((await toggle(await userIdOf('sales@demo.test'), admin)).status).toBe(404)
    expect(await requested('sales@demo.test', 'Demo Sales')).toBe(false)
    expect((await toggle(999_999, admin)).status).toBe(404)
    const created = await server.call('POST', `/api/accountusers/${await accountIdOf('Demo Engineering')}/createEmptyUser`, { email: 'leaving-soon@demo.test', firstName: 'Leo', lastName: 'Leaving' }, admin)
    expect((await server.call('DELETE', `/api/accountusers/${created.body.id}/anonymous`, undefined, admin)).status).toBe(200)
    const anonymised = await toggle(created.body.id, admin)
    expect(anonymised.status).toBe(409)
    expect(anonymised.body.message).toBe('The user is already anonymous')
  })
})

describe('GET /api/support', () => {
  test('signed out answers 401', async () => {
    expect((await server.call('GET', '/api/support')).status).toBe(401)
    expect((await server.call('GET', '/api/support/contact')).status).toBe(401)
  })

  test('lists the manuals, the same for every account; empty by default', async () => {
    const token = await server.signIn('user@demo.test')
    const empty = await server.call('GET', '/api/support', undefined, token)
    expect(empty.status).toBe(200)
    expect(empty.body).toEqual([])

    const now = new Date().toISOString()
    await server.knex('support_manuals').insert([
      { name: 'User guide', link: '/manuals/user-guide.pdf', created_at: now },
      { name: 'Admin guide', link: '/manuals/admin-guide.pdf', created_at: now },
    ])
    const list = await server.call('GET', '/api/support', undefined, token)
    expect(list.body.map((m: { name: string; link: string }) => [m.name, m.link])).toEqual([
      ['Admin guide', '/manuals/admin-guide.pdf'],
      ['User guide', '/manuals/user-guide.pdf'],
    ])
    expect(list.body.every((m: { id: unknown }) => typeof m.id === 'number')).toBe(true)
    const other = await server.call('GET', '/api/support', undefined, await server.signIn('sales@demo.test'))
    expect(other.body).toEqual(list.body)
  })

  test('the contact is support@ the public host unless SUPPORT_EMAIL says otherwise', async () => {
    const token = await server.signIn('user@demo.test')
    const answer = await server.call('GET', '/api/support/contact', undefined, token)
    const expected = process.env.SUPPORT_EMAIL || `support@${new URL(server.config.publicUrl).hostname}`
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ email: expected })
    expect(supportEmail(server.app, { SUPPORT_EMAIL: 'help@example.test' })).toBe('help@example.test')
    expect(supportEmail(server.app, {})).toBe(`support@${new URL(server.config.publicUrl).hostname}`)
  })
})

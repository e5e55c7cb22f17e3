/**
 * The profile and help endpoints over real HTTP: the removal request, and the support
 * contact and manuals (password and e-mail: identity.services.test.ts). SQLite by
 * default, MariaDB with TEST_DATABASE_URL.
 */
import { startTestServer } from '@app/api/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { supportEmail } from '../support-contact/support-contact'

let server: Awaited<ReturnType<typeof startTestServer>>
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.close())

const userIdOf = async (username: string) => Number((await server.knex('users').where({ username }).first('id')).id)
const accountIdOf = async (company: string) => Number((await server.knex('accounts').where({ company }).first('id')).id)

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
    expect(denied.body.message).toBe('You do not have access to edit this user')
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

/**
 * POST /api/accountusers/:userId/toggleRequestRemoval over real HTTP: one's own request
 * in the current account, and a member's by whoever may act on them. SQLite, or MariaDB
 * with TEST_DATABASE_URL.
 */
import { type AccountFixture, type Fixtures, type Person, type TestServer, fixtures, startTestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

let server: TestServer
let make: Fixtures
let acme: AccountFixture
let other: AccountFixture

beforeAll(async () => {
  server = await startTestServer()
  make = fixtures(server)
  acme = await make.account()
  other = await make.account()
})
afterAll(() => server?.close())

const toggle = (userId: number, token: string) => server.call('POST', `/api/accountusers/${userId}/toggleRequestRemoval`, {}, token)
const requested = async (person: Person, account: AccountFixture) =>
  Boolean((await server.knex('account_users').where({ user_id: person.id, account_id: account.id }).first('removal_requested')).removal_requested)

describe('POST /api/accountusers/:userId/toggleRequestRemoval', () => {
  test("toggles the caller's membership in the current account only", async () => {
    const consultant = await make.user(acme)
    await make.join(consultant, other)
    const token = await make.signIn(consultant)
    const first = await toggle(consultant.id, token)
    expect(first.status).toBe(201)
    expect(first.body).toEqual({ userId: consultant.id, removalRequested: true })
    expect(await requested(consultant, acme)).toBe(true)
    expect(await requested(consultant, other)).toBe(false)
    expect((await toggle(consultant.id, token)).body).toEqual({ userId: consultant.id, removalRequested: false })
    expect(await requested(consultant, acme)).toBe(false)
  })

  test("another user's id answers 403 to whoever may not edit that user", async () => {
    const user = await make.user(acme)
    const denied = await toggle(acme.admin.id, await make.signIn(user))
    expect(denied.status).toBe(403)
    expect(denied.body.message).toBe('You do not have access to edit this user')
    expect(await requested(acme.admin, acme)).toBe(false)
    // A company manager edits only the users of the companies they manage.
    const companyAdmin = await make.user(acme, 'companyAdmin')
    expect((await toggle(user.id, await make.signIn(companyAdmin))).status).toBe(403)
    expect(await requested(user, acme)).toBe(false)
  })

  test("a user manager sets and clears a member's request; a company manager for their company's users", async () => {
    const admin = await make.signIn(acme.admin)
    const user = await make.user(acme)
    expect((await toggle(user.id, admin)).body).toEqual({ userId: user.id, removalRequested: true })
    expect(await requested(user, acme)).toBe(true)
    expect((await toggle(user.id, admin)).body).toEqual({ userId: user.id, removalRequested: false })

    const company = await make.company(acme)
    const companyAdmin = await make.signIn(await make.user(acme, 'companyAdmin', { company }))
    const staff = await make.user(acme, 'user', { company })
    await make.join(staff, other)
    expect((await toggle(staff.id, companyAdmin)).body).toEqual({ userId: staff.id, removalRequested: true })
    expect(await requested(staff, acme)).toBe(true)
    expect(await requested(staff, other)).toBe(false)
    expect((await toggle(staff.id, companyAdmin)).body).toEqual({ userId: staff.id, removalRequested: false })
  })

  test("another account's user or a missing one answers 404; an anonymised one 409", async () => {
    const admin = await make.signIn(acme.admin)
    expect((await toggle(other.admin.id, admin)).status).toBe(404)
    expect(await requested(other.admin, other)).toBe(false)
    expect((await toggle(999_999, admin)).status).toBe(404)
    const leaving = await make.user(acme)
    await server.knex('users').where({ id: leaving.id }).update({ anonymous: true })
    const anonymised = await toggle(leaving.id, admin)
    expect(anonymised.status).toBe(409)
    expect(anonymised.body.message).toBe('The user is already anonymous')
    expect(await requested(leaving, acme)).toBe(false)
  })
})

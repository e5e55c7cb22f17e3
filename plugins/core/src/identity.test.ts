/**
 * A person's identity over real HTTP (identity.ts): their own password, login e-mail and
 * two-factor need the current password; another person's only a global admin changes;
 * an account admin sends a reset link instead. SQLite by default, MariaDB with
 * TEST_DATABASE_URL.
 */
import { type AccountFixture, type Fixtures, fixtures, linkToken, mailsTo, type Person, startTestServer, type TestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { issueToken } from './auth/sessions'
import { EMAIL_CHANGE_FAILED } from './services/email-confirm/email-confirm.schema'
import { RESET_LINK_SENT } from './services/reset-link/reset-link.schema'
import { RESET_DONE } from './services/reset-password/reset-password.schema'
import { hashToken } from './user-tokens'

const NO_ACCESS = 'You do not have access to edit this user'
const WRONG_PASSWORD = 'The current password is not correct'
const COMMON = 'This password is too common or too easy to guess'

let server: TestServer
let make: Fixtures
let acme: AccountFixture
let other: AccountFixture
let global: Person
let companyAdmin: Person
let staff: Person

beforeAll(async () => {
  server = await startTestServer()
  make = fixtures(server)
  acme = await make.account()
  other = await make.account()
  const company = await make.company(acme)
  global = await make.user(acme, 'globalAdmin')
  companyAdmin = await make.user(acme, 'companyAdmin', { company })
  staff = await make.user(acme, 'user', { company })
})
afterAll(() => server?.close())

const signInStatus = async (username: string, password: string) => (await server.call('POST', '/api/authentication', { username, password })).status
const tokenLives = async (token: string) => (await server.call('GET', '/api/authentication/validate', undefined, token)).status === 200
const usernameOf = async (id: number) => (await server.knex('users').where({ id }).first('username')).username as string
const twoFactorOf = async (id: number) => Boolean((await server.knex('users').where({ id }).first('two_factor_enabled')).two_factor_enabled)
const failuresOf = async (username: string) => Number((await server.knex('rate_limits').where({ key: `signin:user:${username}` }).first('count'))?.count ?? 0)
/** A person in `acme` made for one test, so tests do not change each other's people. */
const fresh = () => make.user(acme, 'user')

const changePassword = (userId: number, body: unknown, token: string) => server.call('POST', `/api/accountusers/pwd/${userId}`, body, token)
const changeUsername = (userId: number, body: unknown, token: string) => server.call('POST', `/api/accountusers/${userId}/username`, body, token)
const confirmEmail = (token: string) => server.call('POST', '/api/emailchange/confirm', { token })

describe('own password (POST /api/accountusers/pwd/:userId)', () => {
  test('with the right current password it changes; other sessions end, this one stays', async () => {
    const me = await fresh()
    const current = await make.signIn(me)
    const otherSession = await make.signIn(me)
    const answer = await changePassword(me.id, { currentPassword: me.password, password: 'spruce-and-granite', repeatPassword: 'spruce-and-granite' }, current)
    expect(answer.status).toBe(201)
    expect(await tokenLives(current)).toBe(true)
    expect(await tokenLives(otherSession)).toBe(false)
    expect(await signInStatus(me.username, me.password)).toBe(401)
    expect(await signInStatus(me.username, 'spruce-and-granite')).toBe(201)
    expect((await mailsTo(server, me.username)).map((m) => m.subject)).toEqual(['Your password was changed'])
  })

  test('a wrong or missing current password answers 400 on currentPassword; a wrong one counts as a failed sign-in', async () => {
    const me = await fresh()
    const token = await make.signIn(me)
    const body = { password: 'spruce-and-granite', repeatPassword: 'spruce-and-granite' }
    const missing = await changePassword(me.id, body, token)
    expect(missing.status).toBe(400)
    expect(missing.body.errors).toEqual({ currentPassword: 'This field is required' })
    const wrong = await changePassword(me.id, { ...body, currentPassword: 'not-my-password' }, token)
    expect(wrong.status).toBe(400)
    expect(wrong.body.errors).toEqual({ currentPassword: WRONG_PASSWORD })
    expect(await failuresOf(me.username)).toBe(1)
    expect(await signInStatus(me.username, me.password)).toBe(201)
    expect(await tokenLives(token)).toBe(true)
    expect(await mailsTo(server, me.username)).toEqual([])
  })

  test('the new password follows the rule: 8 characters, not common, not the own e-mail; repeat equal', async () => {
    const me = await fresh()
    const token = await make.signIn(me)
    const cases: [Record<string, string>, Record<string, string>][] = [
      [{ password: '', repeatPassword: '' }, { password: 'This field is required', repeatPassword: 'This field is required' }],
      [{ password: 'Xq7#pL2', repeatPassword: 'Xq7#pL2' }, { password: 'You must enter at least 8 characters' }],
      [{ password: 'password1', repeatPassword: 'password1' }, { password: COMMON }],
      [{ password: '12345678', repeatPassword: '12345678' }, { password: COMMON }],
      [{ password: me.username, repeatPassword: me.username }, { password: COMMON }],
      [{ password: 'a'.repeat(101), repeatPassword: 'a'.repeat(101) }, { password: 'The maximum number of characters is 100', repeatPassword: 'The maximum number of characters is 100' }],
      [{ password: 'spruce-and-granite', repeatPassword: 'spruce-and-granit' }, { repeatPassword: 'Passwords do not match' }],
    ]
    for (const [body, errors] of cases) {
      const answer = await changePassword(me.id, { currentPassword: me.password, ...body }, token)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.errors, JSON.stringify(body)).toEqual(errors)
    }
    expect(await signInStatus(me.username, me.password)).toBe(201)
  })
})

describe('rate limit of the current password', () => {
  let limited: TestServer
  beforeAll(async () => {
    limited = await startTestServer({ rateLimit: { perUser: { max: 3, windowSeconds: 900 }, perAddress: { max: 1000, windowSeconds: 900 } } })
  })
  afterAll(() => limited?.close())

  test('wrong current passwords block the username like failed sign-ins: no guessing through the profile', async () => {
    const make = fixtures(limited)
    const account = await make.account()
    const me = await make.user(account)
    const token = await make.signIn(me)
    for (let i = 0; i < 3; i++) {
      const answer = await limited.call('POST', `/api/accountusers/pwd/${me.id}`, { currentPassword: `guess-${i}-xyz`, password: 'spruce-and-granite', repeatPassword: 'spruce-and-granite' }, token)
      expect(answer.status).toBe(400)
    }
    const blocked = await limited.call('POST', `/api/accountusers/pwd/${me.id}`, { currentPassword: me.password, password: 'spruce-and-granite', repeatPassword: 'spruce-and-granite' }, token)
    expect(blocked.status).toBe(429)
    expect((await limited.call('POST', '/api/authentication', { username: me.username, password: me.password })).status).toBe(429)
  })
})

describe("another person's password, e-mail and two-factor", () => {
  const callers = () => ({
    'account admin': acme.admin,
    'company administrator': companyAdmin,
    'ordinary user': staff,
    'admin of another account': other.admin,
  })

  test('only a global admin: everyone else gets 403 with the same text, and nothing changes', async () => {
    const target = await fresh()
    await server.knex('users').where({ id: target.id }).update({ two_factor_enabled: true, two_factor_secret: 'JBSWY3DPEHPK3PXP' })
    for (const [name, caller] of Object.entries(callers())) {
      const token = await make.signIn(caller)
      const password = await changePassword(target.id, { password: 'taken-over-by-x', repeatPassword: 'taken-over-by-x' }, token)
      expect([password.status, password.body.message], name).toEqual([403, NO_ACCESS])
      const username = await changeUsername(target.id, { username: `taken-${caller.id}@fixture.test`, currentPassword: caller.password }, token)
      expect([username.status, username.body.message], name).toEqual([403, NO_ACCESS])
      // A missing person is answered the same: the refusal tells nothing about them.
      const missing = await changePassword(987654, { password: 'taken-over-by-x', repeatPassword: 'taken-over-by-x' }, token)
      expect([missing.status, missing.body.message], name).toEqual([403, NO_ACCESS])
    }
    const admin = await make.signIn(acme.admin)
    const toggle = await server.call('POST', `/api/accountusers/${acme.id}/toggle/${target.id}/2fa`, {}, admin)
    expect([toggle.status, toggle.body.message]).toEqual([403, NO_ACCESS])
    expect(await signInStatus(target.username, target.password)).toBe(201)
    expect(await usernameOf(target.id)).toBe(target.username)
    expect(await twoFactorOf(target.id)).toBe(true)
    expect(await mailsTo(server, target.username)).toEqual([])
  })

  test("a global admin sets someone's password (their sessions end) without their current password", async () => {
    const target = await fresh()
    const targetSession = await make.signIn(target)
    const token = await make.signIn(global)
    const answer = await changePassword(target.id, { password: 'set-by-the-platform', repeatPassword: 'set-by-the-platform' }, token)
    expect(answer.status).toBe(201)
    expect(await tokenLives(targetSession)).toBe(false)
    expect(await signInStatus(target.username, 'set-by-the-platform')).toBe(201)
    expect((await mailsTo(server, target.username)).map((m) => m.subject)).toEqual(['Your password was changed'])
    // The rule holds for a global admin too; a missing person is 404.
    expect((await changePassword(target.id, { password: 'password1', repeatPassword: 'password1' }, token)).body.errors).toEqual({ password: COMMON })
    expect((await changePassword(987654, { password: 'set-by-the-platform', repeatPassword: 'set-by-the-platform' }, token)).status).toBe(404)
  })

  test("a global admin changes someone's e-mail at once; the old address is told", async () => {
    const target = await fresh()
    const token = await make.signIn(global)
    const newAddress = `moved-${target.id}@fixture.test`
    const answer = await changeUsername(target.id, { username: newAddress.toUpperCase() }, token)
    expect(answer.status).toBe(201)
    expect(answer.body).toEqual({ userId: target.id, username: newAddress, pendingUsername: null })
    expect(await usernameOf(target.id)).toBe(newAddress)
    expect(await signInStatus(newAddress, target.password)).toBe(201)
    const [told] = await mailsTo(server, target.username)
    expect(told?.subject).toBe('Your sign-in e-mail was changed')
    expect(told?.text).toContain(newAddress)
    // Taken address: 409.
    const taken = await changeUsername(target.id, { username: acme.admin.username }, token)
    expect([taken.status, taken.body.message]).toEqual([409, 'Email is already registered'])
  })

  test("a global admin switches someone's two-factor off (the secret goes) and cannot switch it on without their set-up", async () => {
    const target = await fresh()
    await server.knex('users').where({ id: target.id }).update({ two_factor_enabled: true, two_factor_secret: 'JBSWY3DPEHPK3PXP' })
    const token = await make.signIn(global)
    const off = await server.call('POST', `/api/accountusers/${acme.id}/toggle/${target.id}/2fa`, {}, token)
    expect([off.status, off.body]).toEqual([201, { userId: target.id, hasTwoFactor: false }])
    expect(await twoFactorOf(target.id)).toBe(false)
    expect((await mailsTo(server, target.username)).map((m) => m.subject)).toEqual(['Two-factor sign-in was switched off'])
    const on = await server.call('POST', `/api/accountusers/${acme.id}/toggle/${target.id}/2fa`, {}, token)
    expect(on.status).toBe(409)
  })

  test('the users edit form changes no e-mail but for a global admin on someone else', async () => {
    const target = await fresh()
    const edit = (token: string, username: string, id = target.id) =>
      server.call('PUT', `/api/accountusers/${acme.id}`, { id, username, firstName: 'Edited', lastName: 'Person', acronym: `E${id}` }, token)
    const admin = await make.signIn(acme.admin)
    const refused = await edit(admin, `renamed-${target.id}@fixture.test`)
    expect([refused.status, refused.body.message]).toEqual([403, NO_ACCESS])
    expect(await usernameOf(target.id)).toBe(target.username)
    // The rest of the form stays the account admin's.
    expect((await edit(admin, target.username)).status).toBe(200)
    // One's own e-mail goes through the profile, with the password, even for a global admin.
    const globalToken = await make.signIn(global)
    expect((await edit(globalToken, `self-${global.id}@fixture.test`, global.id)).status).toBe(403)
    expect((await edit(globalToken, `renamed-${target.id}@fixture.test`)).status).toBe(200)
    expect(await usernameOf(target.id)).toBe(`renamed-${target.id}@fixture.test`)
  })
})

describe('own e-mail (POST /api/accountusers/:userId/username)', () => {
  test('needs the current password; nothing is mailed without it', async () => {
    const me = await fresh()
    const token = await make.signIn(me)
    const missing = await changeUsername(me.id, { username: `new-${me.id}@fixture.test` }, token)
    expect([missing.status, missing.body.errors]).toEqual([400, { currentPassword: 'This field is required' }])
    const wrong = await changeUsername(me.id, { username: `new-${me.id}@fixture.test`, currentPassword: 'not-my-password' }, token)
    expect([wrong.status, wrong.body.errors]).toEqual([400, { currentPassword: WRONG_PASSWORD }])
    expect(await mailsTo(server, `new-${me.id}@fixture.test`)).toEqual([])
    expect(await mailsTo(server, me.username)).toEqual([])
    expect(await failuresOf(me.username)).toBe(1)
  })

  test('mails a link to the new address and tells the old one; the link applies it once and ends every session', async () => {
    const me = await fresh()
    const token = await make.signIn(me)
    const newAddress = `confirmed-${me.id}@fixture.test`
    const answer = await changeUsername(me.id, { username: newAddress, currentPassword: me.password }, token)
    expect(answer.status).toBe(201)
    expect(answer.body).toEqual({ userId: me.id, username: me.username, pendingUsername: newAddress })
    // Not applied yet.
    expect(await usernameOf(me.id)).toBe(me.username)
    const [told] = await mailsTo(server, me.username)
    expect(told?.subject).toBe('A change of your sign-in e-mail was requested')
    expect(told?.text).toContain(newAddress)
    const [confirmation] = await mailsTo(server, newAddress)
    const link = linkToken(confirmation!, '/confirmEmail/')
    expect(confirmation!.text).toContain(`${server.config.publicUrl}/confirmEmail/${link}`)

    const confirmed = await confirmEmail(link)
    expect(confirmed.status).toBe(201)
    expect(confirmed.body.username).toBe(newAddress)
    expect(await usernameOf(me.id)).toBe(newAddress)
    expect(await tokenLives(token)).toBe(false)
    expect(await signInStatus(newAddress, me.password)).toBe(201)
    expect(await signInStatus(me.username, me.password)).toBe(401)
    // The users list finds the new address (the membership's keys follow).
    const admin = await make.signIn(acme.admin)
    const listed = await server.call('GET', `/api/accountusers/${acme.id}?filter=${encodeURIComponent(`confirmed-${me.id}@`)}`, undefined, admin)
    expect(listed.body.data.map((u: { username: string }) => u.username)).toEqual([newAddress])

    const again = await confirmEmail(link)
    expect([again.status, again.body.message]).toEqual([400, EMAIL_CHANGE_FAILED])
  })

  test('an expired link, an unknown one, and a link superseded by a newer request are refused', async () => {
    const me = await fresh()
    const token = await make.signIn(me)
    await changeUsername(me.id, { username: `first-${me.id}@fixture.test`, currentPassword: me.password }, token)
    await changeUsername(me.id, { username: `second-${me.id}@fixture.test`, currentPassword: me.password }, token)
    const first = linkToken((await mailsTo(server, `first-${me.id}@fixture.test`))[0]!, '/confirmEmail/')
    const second = linkToken((await mailsTo(server, `second-${me.id}@fixture.test`))[0]!, '/confirmEmail/')
    expect((await confirmEmail(first)).status).toBe(400)
    await server.knex('user_tokens').where({ token_hash: hashToken(second) }).update({ expires_at: Date.now() - 1000 })
    expect((await confirmEmail(second)).body.message).toBe(EMAIL_CHANGE_FAILED)
    expect((await confirmEmail('not-a-real-token')).status).toBe(400)
    expect(await usernameOf(me.id)).toBe(me.username)
    expect(await tokenLives(token)).toBe(true)
  })

  test('an address registered meanwhile answers 409 and changes nothing; a taken address is refused at once too', async () => {
    const me = await fresh()
    const token = await make.signIn(me)
    const wanted = `contested-${me.id}@fixture.test`
    await changeUsername(me.id, { username: wanted, currentPassword: me.password }, token)
    const link = linkToken((await mailsTo(server, wanted))[0]!, '/confirmEmail/')
    const rival = await fresh()
    await server.knex('users').where({ id: rival.id }).update({ username: wanted })
    const answer = await confirmEmail(link)
    expect([answer.status, answer.body.message]).toEqual([409, 'Email is already registered'])
    expect(await usernameOf(me.id)).toBe(me.username)
    expect(await tokenLives(token)).toBe(true)
    // The link is not spent by the refusal: once the address is free again it works.
    await server.knex('users').where({ id: rival.id }).update({ username: rival.username })
    expect((await confirmEmail(link)).status).toBe(201)

    const taken = await changeUsername(me.id, { username: acme.admin.username, currentPassword: me.password }, await make.signIn({ ...me, username: wanted }))
    expect([taken.status, taken.body.message]).toEqual([409, 'Email is already registered'])
  })
})

describe('own two-factor off', () => {
  const withTwoFactor = async () => {
    const me = await fresh()
    await server.knex('users').where({ id: me.id }).update({ two_factor_enabled: true, two_factor_secret: 'JBSWY3DPEHPK3PXP' })
    return me
  }
  /** A two-factor person's session, issued as the second sign-in step would. */
  const sessionOf = (me: Person) => issueToken(server.app, me.id, me.accountId, 'access')

  test('POST /api/two-factor/off needs the current password', async () => {
    const me = await withTwoFactor()
    const token = await sessionOf(me)
    expect((await server.call('POST', '/api/two-factor/off', {}, token)).body.errors).toEqual({ currentPassword: 'This field is required' })
    expect((await server.call('POST', '/api/two-factor/off', { currentPassword: 'nope-nope' }, token)).body.errors).toEqual({ currentPassword: WRONG_PASSWORD })
    expect(await twoFactorOf(me.id)).toBe(true)
    const off = await server.call('POST', '/api/two-factor/off', { currentPassword: me.password }, token)
    expect([off.status, off.body]).toEqual([201, { userId: me.id, hasTwoFactor: false }])
    expect(await twoFactorOf(me.id)).toBe(false)
    expect((await mailsTo(server, me.username)).map((m) => m.subject)).toEqual(['Two-factor sign-in was switched off'])
  })

  test("starting the set-up again (which switches it off) needs it too; an admin's toggle on themselves as well", async () => {
    const me = await withTwoFactor()
    const token = await sessionOf(me)
    expect((await server.call('POST', '/api/two-factor/enrolment', {}, token)).status).toBe(400)
    expect(await twoFactorOf(me.id)).toBe(true)
    expect((await server.call('POST', '/api/two-factor/enrolment', { currentPassword: me.password }, token)).status).toBe(201)
    expect(await twoFactorOf(me.id)).toBe(false)

    const admin = await make.user(acme, 'accountAdmin')
    await server.knex('users').where({ id: admin.id }).update({ two_factor_enabled: true, two_factor_secret: 'JBSWY3DPEHPK3PXP' })
    const adminToken = await sessionOf(admin)
    const url = `/api/accountusers/${acme.id}/toggle/${admin.id}/2fa`
    expect((await server.call('POST', url, {}, adminToken)).body.errors).toEqual({ currentPassword: 'This field is required' })
    expect(await twoFactorOf(admin.id)).toBe(true)
    expect((await server.call('POST', url, { currentPassword: admin.password }, adminToken)).body).toEqual({ userId: admin.id, hasTwoFactor: false })
  })
})

describe('password reset link from an admin (POST /api/accountusers/:accountId/reset-link/:userId)', () => {
  const sendLink = (userId: number, token: string, accountId = acme.id) => server.call('POST', `/api/accountusers/${accountId}/reset-link/${userId}`, {}, token)

  test("an account admin mails a member the ordinary reset link, which sets the member's own password", async () => {
    const member = await fresh()
    const admin = await make.signIn(acme.admin)
    const answer = await sendLink(member.id, admin)
    expect([answer.status, answer.body]).toEqual([201, { userId: member.id, message: RESET_LINK_SENT }])
    const [mail] = await mailsTo(server, member.username)
    expect(mail?.subject).toBe('Reset your password')
    const link = linkToken(mail!, '/changePassword/')
    const reset = await server.call('POST', '/api/passwordreset/changePassword', { token: link, password: 'my-own-choice-77' })
    expect(reset.body).toEqual({ message: RESET_DONE })
    expect(await signInStatus(member.username, 'my-own-choice-77')).toBe(201)
  })

  test('not to a higher rank, another account, a missing person; not by a company administrator or a user', async () => {
    const admin = await make.signIn(acme.admin)
    const higher = await sendLink(global.id, admin)
    expect([higher.status, higher.body.message]).toEqual([403, NO_ACCESS])
    expect((await sendLink(other.admin.id, admin)).status).toBe(404)
    expect((await sendLink(987654, admin)).status).toBe(404)
    expect((await sendLink(staff.id, admin, other.id)).status).toBe(404)
    expect((await sendLink(staff.id, await make.signIn(companyAdmin))).status).toBe(403)
    expect((await sendLink(companyAdmin.id, await make.signIn(staff))).status).toBe(403)
    for (const person of [global, other.admin, staff, companyAdmin]) expect(await mailsTo(server, person.username), person.username).toEqual([])
  })

  test('the hourly limit of reset links to one address holds for admins too', async () => {
    const member = await fresh()
    const admin = await make.signIn(acme.admin)
    for (let i = 0; i < 5; i++) expect((await sendLink(member.id, admin)).status).toBe(201)
    expect((await sendLink(member.id, admin)).status).toBe(429)
    expect(await mailsTo(server, member.username)).toHaveLength(5)
  })
})

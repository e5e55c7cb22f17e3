/**
 * Sign-up and who may sign in: a new account waits closed until a global admin
 * opens it; disabled users, closed accounts and anonymised users are shut out at
 * once, tokens included.
 */
import { type AccountFixture, FIXTURE_PASSWORD, type Fixtures, type TestServer, fixtures, mailsTo, startTestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { AWAITING_ACTIVATION, SIGN_IN_FAILED } from './auth/authentication'

let server: TestServer
let make: Fixtures
let acme: AccountFixture
let global: string
beforeAll(async () => {
  server = await startTestServer()
  make = fixtures(server)
  acme = await make.account()
  global = await make.signIn(await make.user(acme, 'globalAdmin'))
})
afterAll(() => server?.close())

const signInAnswer = (username: string, password = FIXTURE_PASSWORD) => server.call('POST', '/api/authentication', { username, password })
const validate = (token: string) => server.call('GET', '/api/authentication/validate', undefined, token)

const form = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Nora',
  lastName: 'Newcomer',
  email: 'nora@newco.test',
  repeatEmail: 'nora@newco.test',
  password: 'nora-secret',
  repeatPassword: 'nora-secret',
  company: 'NewCo Oy',
  website: 'https://newco.test',
  country: 'FI',
  phone: '+358 40 123 4567',
  ...overrides,
})

describe('sign-up (POST /api/accounts)', () => {
  test('an empty form answers 400 with "This field is required" on every required field', async () => {
    const answer = await server.call('POST', '/api/accounts', {})
    expect(answer.status).toBe(400)
    const required = ['firstName', 'lastName', 'email', 'repeatEmail', 'password', 'repeatPassword', 'company', 'country', 'phone']
    expect(answer.body.errors).toEqual(Object.fromEntries(required.map((f) => [f, 'This field is required'])))
    const blank = await server.call('POST', '/api/accounts', form({ firstName: '', company: '' }))
    expect(blank.body.errors).toEqual({ firstName: 'This field is required', company: 'This field is required' })
  })

  test('e-mail, phone and website answer the spec messages', async () => {
    const answer = await server.call('POST', '/api/accounts', form({ email: 'nora@newco', repeatEmail: 'nora@newco', phone: 'call me', website: 'not a site' }))
    expect(answer.status).toBe(400)
    expect(answer.body.errors).toEqual({
      email: 'This field value must be a valid email address',
      repeatEmail: 'This field value must be a valid email address',
      phone: 'Not a phone number (+XX XXX XXX XXX)',
      website: 'Please enter a valid website URL',
    })
  })

  test('the password rule: 8 characters, not common, not made of the own names; nothing is created', async () => {
    const accountsBefore = (await server.knex('accounts').count({ n: '*' }))[0]!.n
    const refused: [string, string][] = [
      ['abcdefg', 'You must enter at least 8 characters'],
      ['password123', 'This password is too common or too easy to guess'],
      ['Newcomer1', 'This password is too common or too easy to guess'],
    ]
    for (const [password, message] of refused) {
      const answer = await server.call('POST', '/api/accounts', form({ password, repeatPassword: password }))
      expect(answer.status, password).toBe(400)
      expect(answer.body.errors, password).toEqual({ password: message })
    }
    expect((await server.knex('accounts').count({ n: '*' }))[0]!.n).toEqual(accountsBefore)
    expect(await server.knex('users').where({ username: 'nora@newco.test' }).first('id')).toBeUndefined()
  })

  test('repeated e-mail and password must match', async () => {
    const answer = await server.call('POST', '/api/accounts', form({ repeatEmail: 'other@newco.test', repeatPassword: 'other-secret' }))
    expect(answer.status).toBe(400)
    expect(answer.body.errors).toEqual({ repeatEmail: 'Emails do not match', repeatPassword: 'Passwords do not match' })
  })

  test('a registered e-mail gets the same answer as a new one, nothing changes, and its owner is told', async () => {
    const fresh = await server.call('POST', '/api/accounts', form({ email: 'fresh@newco.test', repeatEmail: 'fresh@newco.test', company: 'Fresh Oy' }))
    expect(fresh.status).toBe(201)
    const accountsBefore = Number((await server.knex('accounts').count({ n: '*' }))[0]!.n)
    const owner = acme.admin.username
    const adminBefore = await server.knex('users').where({ username: owner }).first()
    for (const email of [owner, owner.toUpperCase()]) {
      const answer = await server.call('POST', '/api/accounts', form({ email, repeatEmail: email }))
      expect(answer.status).toBe(fresh.status)
      expect(answer.body).toEqual(fresh.body)
    }
    expect(Number((await server.knex('accounts').count({ n: '*' }))[0]!.n)).toBe(accountsBefore)
    expect(await server.knex('users').where({ username: owner }).first()).toEqual(adminBefore)
    expect((await signInAnswer(owner)).status).toBe(201)

    const told = await mailsTo(server, owner)
    expect(told).toHaveLength(2)
    expect(told[0]!.subject).toBe('Someone tried to sign up with your e-mail address')
    expect(told[0]!.text).toContain(`${server.config.publicUrl}/forgotpassword`)
    expect(told[0]!.text).not.toContain('nora-secret')
  })

  test('success: a closed account and a mail; sign-in waits until a global admin opens it', async () => {
    const accountsBefore = (await server.knex('accounts').count({ n: '*' }))[0]!.n
    const answer = await server.call('POST', '/api/accounts', form())
    expect(answer.status).toBe(201)
    expect(answer.body).toEqual({ message: 'An e-mail has been sent to you. You will get another e-mail when your account is opened.' })
    expect(Number((await server.knex('accounts').count({ n: '*' }))[0]!.n)).toBe(Number(accountsBefore) + 1)
    const account = await server.knex('accounts').where({ company: 'NewCo Oy' }).first()
    const accountId = Number(account.id)
    expect(account).toMatchObject({ company: 'NewCo Oy', country: 'FI' })
    expect(Boolean(account.enabled)).toBe(false)
    expect(Boolean(account.trial)).toBe(true)

    const user = await server.knex('users').where({ username: 'nora@newco.test' }).first('password_hash')
    expect(user.password_hash).toMatch(/^\$argon2id\$/)
    const registered = await mailsTo(server, 'nora@newco.test')
    expect(registered).toHaveLength(1)
    expect(registered[0]!.text).toContain('NewCo Oy')

    // Only the right password learns that the account waits; a wrong one gets the usual answer.
    const waiting = await signInAnswer('nora@newco.test', 'nora-secret')
    expect(waiting.status).toBe(403)
    expect(waiting.body.message).toBe(AWAITING_ACTIVATION)
    expect(waiting.body).not.toHaveProperty('accessToken')
    const wrong = await signInAnswer('nora@newco.test', 'not-nora-secret')
    expect(wrong.status).toBe(401)
    expect(wrong.body.message).toBe(SIGN_IN_FAILED)

    // Only a global admin opens it.
    const adminToken = await make.signIn(acme.admin)
    expect((await server.call('POST', `/api/accounts/toggle/${accountId}`, {}, adminToken)).status).toBe(403)
    const opened = await server.call('POST', `/api/accounts/toggle/${accountId}`, {}, global)
    expect(opened.status).toBe(201)
    expect(opened.body).toEqual({ id: accountId, enabled: true })

    const mails = await mailsTo(server, 'nora@newco.test')
    expect(mails).toHaveLength(2)
    expect(mails.map((m) => m.subject)).toContain('Your account is open')

    const signedIn = await signInAnswer('nora@newco.test', 'nora-secret')
    expect(signedIn.status).toBe(201)
    expect(signedIn.body.currentAccountId).toBe(accountId)
    expect(signedIn.body.principal).toMatchObject({ firstName: 'Nora', lastName: 'Newcomer' })
    expect(signedIn.body.canManageUsers).toBe(true)
    expect(signedIn.body.canManageAccounts).toBe(false)
  })

  test('signed in, POST /api/accounts is still a sign-up and cannot touch another account', async () => {
    const token = await make.signIn(await make.user(acme))
    const email = 'second@newco.test'
    const answer = await server.call('POST', '/api/accounts', form({ email, repeatEmail: email, company: 'Second Co' }), token)
    expect(answer.status).toBe(201)
    const made = await server.knex('accounts').where({ company: 'Second Co' }).first('id', 'enabled')
    expect(Number(made.id)).not.toBe(acme.id)
    expect(Boolean(made.enabled)).toBe(false)
    expect((await signInAnswer(email, 'nora-secret')).status).toBe(403)
  })

  test('sign-ups are limited per client address; a refused one creates nothing', async () => {
    await server.knex('rate_limits').where('key', 'like', 'signup:%').delete()
    // A form the server refuses (400) is no attempt.
    expect((await server.call('POST', '/api/accounts', form({ repeatPassword: 'other' }))).status).toBe(400)
    for (let i = 0; i < server.config.signUpLimit.max; i++) {
      const email = `limit-${i}@newco.test`
      expect((await server.call('POST', '/api/accounts', form({ email, repeatEmail: email, company: `Limit ${i}` }))).status).toBe(201)
    }
    const accountsBefore = Number((await server.knex('accounts').count({ n: '*' }))[0]!.n)
    const refused = await server.call('POST', '/api/accounts', form({ email: 'late@newco.test', repeatEmail: 'late@newco.test', company: 'Late Oy' }))
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(Number((await server.knex('accounts').count({ n: '*' }))[0]!.n)).toBe(accountsBefore)
    expect(await server.knex('users').where({ username: 'late@newco.test' }).first('id')).toBeUndefined()
    expect(await mailsTo(server, 'late@newco.test')).toHaveLength(0)
  })
})

describe('who may sign in', () => {
  test('a user disabled in their account cannot sign in, and their token stops working', async () => {
    const user = await make.user(acme)
    const { username, id: userId } = user
    const userToken = await make.signIn(user)
    const adminToken = await make.signIn(acme.admin)
    const toggle = (id: number, token: string) => server.call('POST', `/api/accountusers/${acme.id}/toggle/${id}`, {}, token)

    const off = await toggle(userId, adminToken)
    expect(off.status).toBe(201)
    expect(off.body).toEqual({ userId, enabled: false })
    expect((await validate(userToken)).status).toBe(401)
    expect((await server.call('GET', '/api/contexts', undefined, userToken)).status).toBe(401)
    const refused = await signInAnswer(username)
    expect(refused.status).toBe(401)
    expect(refused.body.message).toBe(SIGN_IN_FAILED)

    // A plain user may not toggle anyone; an admin may not disable themselves.
    const other = await make.signIn(await make.user(acme))
    expect((await toggle(userId, other)).status).toBe(403)
    const self = await toggle(acme.admin.id, adminToken)
    expect(self.status).toBe(400)

    const on = await toggle(userId, adminToken)
    expect(on.body).toEqual({ userId, enabled: true })
    expect((await signInAnswer(username)).status).toBe(201)
  })

  test('a closed account: its users are signed out and cannot sign in; reopening mails its admins', async () => {
    const salesAccount = await make.account()
    const sales = salesAccount.id
    const salesAdmin = salesAccount.admin.username
    const salesToken = await make.signIn(salesAccount.admin)
    const consultant = await make.user(acme)
    await make.join(consultant, salesAccount)
    const consultantToken = await make.signIn(consultant)
    const consultantInSales = (await server.call('POST', `/api/contexts/${sales}`, {}, consultantToken)).body.accessToken as string
    expect((await validate(consultantInSales)).status).toBe(200)

    // A global admin cannot close the account they are signed in to.
    expect((await server.call('POST', `/api/accounts/toggle/${acme.id}`, {}, global)).status).toBe(400)

    const closed = await server.call('POST', `/api/accounts/toggle/${sales}`, {}, global)
    expect(closed.status).toBe(201)
    expect(closed.body).toEqual({ id: sales, enabled: false })

    expect((await validate(salesToken)).status).toBe(401)
    expect((await validate(consultantInSales)).status).toBe(401)
    expect((await signInAnswer(salesAdmin)).status).toBe(401)
    // The consultant still works in the other account, and no longer lists the closed one.
    expect((await validate(consultantToken)).status).toBe(200)
    const contexts = await server.call('GET', '/api/contexts', undefined, consultantToken)
    expect(contexts.body).toEqual([{ contextId: acme.id, name: acme.name }])
    expect((await server.call('POST', `/api/contexts/${sales}`, {}, consultantToken)).status).toBe(403)

    expect(await mailsTo(server, salesAdmin)).toHaveLength(0)
    const reopened = await server.call('POST', `/api/accounts/toggle/${sales}`, {}, global)
    expect(reopened.body).toEqual({ id: sales, enabled: true })
    const mails = await mailsTo(server, salesAdmin)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toBe('Your account is open')
    expect(mails[0]!.text).toContain(server.config.publicUrl)
    // Only account admins are told.
    expect(await mailsTo(server, consultant.username)).toHaveLength(0)

    const again = await signInAnswer(salesAdmin)
    expect(again.status).toBe(201)
    expect(again.body.currentAccountId).toBe(sales)
    // Tokens issued before the closing stay ended.
    expect((await validate(salesToken)).status).toBe(401)
  })

  test('an anonymised user cannot sign in, and their token stops working', async () => {
    const person = await make.user(acme)
    const token = await make.signIn(person)
    await server.knex('users').where({ id: person.id }).update({ anonymous: true })
    expect((await validate(token)).status).toBe(401)
    const refused = await signInAnswer(person.username)
    expect(refused.status).toBe(401)
    expect(refused.body.message).toBe(SIGN_IN_FAILED)
  })
})

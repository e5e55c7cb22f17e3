/**
 * Sign-in, silent sign-in, sign-out, token checks, contexts and two-factor over
 * real HTTP against a seeded server.
 */
import { DEMO_PASSWORD, startTestServer } from '@app/api/testing'
import jwt from 'jsonwebtoken'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SIGN_IN_FAILED } from './authentication'
import { clearOfStepEdge, codeAt, wrongCode } from './totp-testing'

let server: Awaited<ReturnType<typeof startTestServer>>
let engineering: number
let sales: number
beforeAll(async () => {
  server = await startTestServer()
  engineering = Number((await server.knex('accounts').where({ company: 'Demo Engineering' }).first('id')).id)
  sales = Number((await server.knex('accounts').where({ company: 'Demo Sales' }).first('id')).id)
})
afterAll(() => server?.close())

const signInAnswer = (username: string, password = DEMO_PASSWORD) => server.call('POST', '/api/authentication', { username, password })
const userIdOf = async (username: string) => Number((await server.knex('users').where({ username }).first('id')).id)
const validate = (token: string) => server.call('GET', '/api/authentication/validate', undefined, token)

const ALL_FLAGS = {
  canSeeCompany: true,
  canSeeProjects: true,
  canManageUsers: true,
  canManageCompanyUsers: true,
  canManageCompany: true,
  canManageProjects: true,
  canManageSettings: true,
  canManageAccounts: true,
}
const NO_FLAGS = Object.fromEntries(Object.keys(ALL_FLAGS).map((k) => [k, false]))
const ACCOUNT_ADMIN_FLAGS = { ...ALL_FLAGS, canManageAccounts: false }

describe('sign-in', () => {
  test('answers the token, the principal, two-factor state, the current account and the menu flags', async () => {
    const answer = await signInAnswer('admin@demo.test')
    expect(answer.status).toBe(201)
    const { body } = answer
    expect(typeof body.accessToken).toBe('string')
    expect(body.accessToken.split('.')).toHaveLength(3)
    expect(body.principal).toEqual({
      id: await userIdOf('admin@demo.test'),
      firstName: 'Aino',
      lastName: 'Admin',
      acronym: 'AAD',
      language: 'ENGLISH',
    })
    expect(body.hasTwoFactor).toBe(false)
    expect(body.currentAccountId).toBe(engineering)
    expect(body).toMatchObject(ACCOUNT_ADMIN_FLAGS)
    expect(body).not.toHaveProperty('challengeToken')
    expect(JSON.stringify(body)).not.toMatch(/password|argon2/i)
  })

  test.each([
    ['globaladmin@demo.test', 'engineering', ALL_FLAGS],
    ['admin@demo.test', 'engineering', ACCOUNT_ADMIN_FLAGS],
    ['user@demo.test', 'engineering', NO_FLAGS],
    ['manager@demo.test', 'engineering', { ...NO_FLAGS, canManageProjects: true, canSeeProjects: true }],
    ['sales@demo.test', 'sales', ACCOUNT_ADMIN_FLAGS],
  ])('%s gets the menu flags of their level in %s', async (username, account, flags) => {
    const { status, body } = await signInAnswer(username)
    expect(status).toBe(201)
    expect(body.currentAccountId).toBe(account === 'sales' ? sales : engineering)
    for (const flag of Object.keys(ALL_FLAGS)) expect(body[flag], flag).toBe((flags as Record<string, boolean>)[flag])
  })

  test('a user name is matched without regard to case', async () => {
    expect((await signInAnswer('User@Demo.Test')).status).toBe(201)
  })

  test('wrong password and unknown user answer the same 401', async () => {
    const wrong = await signInAnswer('admin@demo.test', 'not-the-password')
    const unknown = await signInAnswer('nobody@demo.test', DEMO_PASSWORD)
    for (const answer of [wrong, unknown]) {
      expect(answer.status).toBe(401)
      expect(answer.body.message).toBe(SIGN_IN_FAILED)
      expect(answer.body).not.toHaveProperty('accessToken')
    }
  })

  test('field errors: a bad e-mail, an empty password, a password over 100 characters', async () => {
    const badEmail = await signInAnswer('not-an-email', 'whatever')
    expect(badEmail.status).toBe(400)
    expect(badEmail.body.errors).toEqual({ username: 'This field value must be a valid email address' })

    const empty = await signInAnswer('admin@demo.test', '')
    expect(empty.status).toBe(400)
    expect(empty.body.errors).toEqual({ password: 'This field is required' })

    const long = await signInAnswer('admin@demo.test', 'x'.repeat(101))
    expect(long.status).toBe(400)
    expect(long.body.errors).toEqual({ password: 'The maximum number of characters is 100' })
  })

  test('silent sign-in: empty username and password with a bearer answer the same shape for that token', async () => {
    const token = await server.signIn('manager@demo.test')
    const answer = await server.call('POST', '/api/authentication', { username: '', password: '' }, token)
    expect(answer.status).toBe(201)
    expect(answer.body.accessToken).toBe(token)
    expect(answer.body.principal.firstName).toBe('Mikko')
    expect(answer.body.currentAccountId).toBe(engineering)
    expect(answer.body.canManageProjects).toBe(true)

    const withoutToken = await server.call('POST', '/api/authentication', { username: '', password: '' })
    expect(withoutToken.status).toBe(400)
    const badToken = await server.call('POST', '/api/authentication', { username: '', password: '' }, 'garbage')
    expect(badToken.status).toBe(401)
  })

  test('sign-out revokes the token: validate and every other call answer 401', async () => {
    const token = await server.signIn('user@demo.test')
    const valid = await validate(token)
    expect(valid.status).toBe(200)
    expect(valid.body).toEqual({ valid: true })
    expect((await server.call('GET', '/api/contexts', undefined, token)).status).toBe(200)

    expect((await server.call('DELETE', '/api/authentication', undefined, token)).status).toBe(200)
    expect((await validate(token)).status).toBe(401)
    expect((await server.call('GET', '/api/contexts', undefined, token)).status).toBe(401)
    expect((await server.call('GET', '/api/modules', undefined, token)).status).toBe(401)
    expect((await server.call('POST', '/api/authentication', { username: '', password: '' }, token)).status).toBe(401)
    // Another session of the same user is not affected.
    expect((await validate(await server.signIn('user@demo.test'))).status).toBe(200)
  })

  test('no token, a forged token and an expired token answer 401', async () => {
    expect((await server.call('GET', '/api/authentication/validate')).status).toBe(401)

    const token = await server.signIn('admin@demo.test')
    const payload = jwt.decode(token) as jwt.JwtPayload
    expect(payload.jti).toBeTruthy()
    const { iat: _iat, exp: _exp, ...claims } = payload
    const forged = jwt.sign(claims, 'another-secret-another-secret-another-secret', { algorithm: 'HS256', header: { alg: 'HS256', typ: 'access' } })
    expect((await validate(forged)).status).toBe(401)
    expect((await server.call('GET', '/api/contexts', undefined, forged)).status).toBe(401)
    const unsigned = jwt.sign(claims, '', { algorithm: 'none' } as jwt.SignOptions)
    expect((await validate(unsigned)).status).toBe(401)

    // Signed with the app's own secret for a live session, but past its expiry. Expiry counts in
    // whole seconds from the second it was signed in: 2 s leaves at least one for the first call.
    const auth = server.app.service('authentication') as any
    const expired: string = await auth.createAccessToken(
      { acc: payload.acc, kind: 'access' },
      { subject: payload.sub, jwtid: payload.jti, expiresIn: 2 },
    )
    expect((await validate(expired)).status).toBe(200)
    await new Promise((r) => setTimeout(r, 3100))
    expect((await validate(expired)).status).toBe(401)
    expect((await validate(token)).status).toBe(200)
  })

  test('passwords are stored as argon2id hashes', async () => {
    const rows = await server.knex('users').select('password_hash')
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows) expect(row.password_hash).toMatch(/^\$argon2id\$/)
  })
})

describe('contexts', () => {
  test('a member of two accounts lists both and switches to the other', async () => {
    const token = await server.signIn('consultant@demo.test')
    const list = await server.call('GET', '/api/contexts', undefined, token)
    expect(list.status).toBe(200)
    expect(list.body).toEqual([
      { contextId: engineering, name: 'Demo Engineering' },
      { contextId: sales, name: 'Demo Sales' },
    ])

    const switched = await server.call('POST', `/api/contexts/${sales}`, {}, token)
    expect(switched.status).toBe(201)
    const salesToken = switched.body.accessToken as string
    const silent = await server.call('POST', '/api/authentication', { username: '', password: '' }, salesToken)
    expect(silent.status).toBe(201)
    expect(silent.body.currentAccountId).toBe(sales)
    expect(silent.body.currentAccountName).toBe('Demo Sales')
    // The first token still answers for the first account.
    const first = await server.call('POST', '/api/authentication', { username: '', password: '' }, token)
    expect(first.body.currentAccountId).toBe(engineering)
  })

  test('a user of one account lists only it and cannot switch into another', async () => {
    const token = await server.signIn('user@demo.test')
    const list = await server.call('GET', '/api/contexts', undefined, token)
    expect(list.body).toEqual([{ contextId: engineering, name: 'Demo Engineering' }])
    const denied = await server.call('POST', `/api/contexts/${sales}`, {}, token)
    expect(denied.status).toBe(403)
    expect(denied.body).not.toHaveProperty('accessToken')
  })
})

describe('two-factor', () => {
  const username = 'manager@demo.test'

  test('enrol, confirm, then sign-in needs the code; the challenge is single-use and not an access token', async () => {
    await clearOfStepEdge()
    const token = await server.signIn(username)
    const enrolment = await server.call('POST', '/api/two-factor/enrolment', {}, token)
    expect(enrolment.status).toBe(201)
    const secret = enrolment.body.secret as string
    expect(enrolment.body.otpauthUri).toContain('otpauth://totp/')

    // Not on until a code is confirmed.
    expect((await signInAnswer(username)).body.hasTwoFactor).toBe(false)
    const badConfirm = await server.call('POST', '/api/two-factor/confirmation', { code: wrongCode(secret) }, token)
    expect(badConfirm.status).toBe(400)
    // Each code is accepted once: the previous window's confirms, the current one signs in.
    const confirm = await server.call('POST', '/api/two-factor/confirmation', { code: codeAt(secret, -1) }, token)
    expect(confirm.status).toBe(201)
    expect(confirm.body).toEqual({ hasTwoFactor: true })

    const first = await signInAnswer(username)
    expect(first.status).toBe(201)
    expect(first.body.hasTwoFactor).toBe(true)
    expect(first.body).not.toHaveProperty('accessToken')
    expect(first.body).not.toHaveProperty('principal')
    const challengeToken = first.body.challengeToken as string
    expect(typeof challengeToken).toBe('string')

    // The challenge is no access token.
    expect((await validate(challengeToken)).status).toBe(401)
    expect((await server.call('GET', '/api/contexts', undefined, challengeToken)).status).toBe(401)
    expect((await server.call('POST', '/api/authentication', { username: '', password: '' }, challengeToken)).status).toBe(401)

    const wrong = await server.call('POST', '/api/authentication/two-factor', { challengeToken, code: wrongCode(secret) })
    expect(wrong.status).toBe(201)
    expect(wrong.body).toEqual({ valid: false })

    const right = await server.call('POST', '/api/authentication/two-factor', { challengeToken, code: codeAt(secret, 0) })
    expect(right.status).toBe(201)
    expect(right.body.valid).toBe(true)
    expect((await validate(right.body.accessToken)).status).toBe(200)
    const silent = await server.call('POST', '/api/authentication', { username: '', password: '' }, right.body.accessToken)
    expect(silent.body.hasTwoFactor).toBe(true)
    expect(silent.body.principal.firstName).toBe('Mikko')

    const reused = await server.call('POST', '/api/authentication/two-factor', { challengeToken, code: codeAt(secret, 1) })
    expect(reused.status).toBe(401)
    expect(reused.body).not.toHaveProperty('accessToken')

    // Concurrent answers to one challenge: only one of them gets a token.
    const next = (await signInAnswer(username)).body.challengeToken as string
    const raced = await Promise.all(
      [1, 2, 3].map(() => server.call('POST', '/api/authentication/two-factor', { challengeToken: next, code: codeAt(secret, 1) })),
    )
    expect(raced.filter((a) => a.body?.accessToken)).toHaveLength(1)

    // An access token is no challenge.
    const asChallenge = await server.call('POST', '/api/authentication/two-factor', {
      challengeToken: right.body.accessToken,
      code: codeAt(secret, 1),
    })
    expect(asChallenge.status).toBe(401)
  })

  test('a code that is not six digits answers 400', async () => {
    const answer = await server.call('POST', '/api/authentication/two-factor', { challengeToken: 'x', code: '12ab' })
    expect(answer.status).toBe(400)
    expect(answer.body.errors).toEqual({ code: 'Only digits allowed' })
  })

  test('a global admin turns it off (another person\'s two-factor is identity); sign-in is direct again', async () => {
    const adminToken = await server.signIn('globaladmin@demo.test')
    const userId = await userIdOf(username)
    const off = await server.call('POST', `/api/accountusers/${engineering}/toggle/${userId}/2fa`, {}, adminToken)
    expect(off.status).toBe(201)
    expect(off.body).toEqual({ userId, hasTwoFactor: false })

    const answer = await signInAnswer(username)
    expect(answer.status).toBe(201)
    expect(answer.body.hasTwoFactor).toBe(false)
    expect((await validate(answer.body.accessToken)).status).toBe(200)

    // A user without the flag may not toggle it.
    const userToken = await server.signIn('user@demo.test')
    expect((await server.call('POST', `/api/accountusers/${engineering}/toggle/${userId}/2fa`, {}, userToken)).status).toBe(403)
  })
})

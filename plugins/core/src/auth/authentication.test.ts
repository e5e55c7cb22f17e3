/**
 * Sign-in, silent sign-in, sign-out, token checks, contexts and two-factor over
 * real HTTP, with the accounts and people the test makes. SQLite, or MariaDB with
 * TEST_DATABASE_URL.
 */
import { type AccountFixture, FIXTURE_PASSWORD, type Fixtures, type Person, type TestServer, fixtures, startTestServer } from '@app/testing'
import jwt from 'jsonwebtoken'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SIGN_IN_FAILED } from './authentication'
import { clearOfStepEdge, codeAt, wrongCode } from './totp-testing'

let server: TestServer
let make: Fixtures
let acme: AccountFixture
let other: AccountFixture
/** A person of each kind the flags differ for; `manager` may create projects, `consultant` belongs to both accounts. */
let people: Record<'globalAdmin' | 'admin' | 'user' | 'manager' | 'projectAdmin' | 'otherAdmin' | 'consultant', Person>

beforeAll(async () => {
  server = await startTestServer()
  make = fixtures(server)
  acme = await make.account({ name: 'Acme Engineering' })
  other = await make.account({ name: 'Borealis Sales' })
  const manager = await make.user(acme, 'user', { firstName: 'Mikko', lastName: 'Manager' })
  await make.grant(manager, { name: 'PROJECT_CREATE', resource: 'PROJECT', action: 'ADMINISTER' })
  const consultant = await make.user(acme)
  await make.join(consultant, other)
  const projectAdmin = await make.user(acme)
  await make.grantProject(projectAdmin, await make.project(acme), 'ADMINISTER')
  people = {
    globalAdmin: await make.user(acme, 'globalAdmin'),
    admin: await make.user(acme, 'accountAdmin', { firstName: 'Aino', lastName: 'Admin' }),
    user: await make.user(acme),
    manager,
    projectAdmin,
    otherAdmin: other.admin,
    consultant,
  }
})
afterAll(() => server?.close())

const signInAnswer = (username: string, password = FIXTURE_PASSWORD) => server.call('POST', '/api/authentication', { username, password })
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
    const answer = await signInAnswer(people.admin.username)
    expect(answer.status).toBe(201)
    const { body } = answer
    expect(typeof body.accessToken).toBe('string')
    expect(body.accessToken.split('.')).toHaveLength(3)
    const { acronym } = await server.knex('users').where({ id: people.admin.id }).first('acronym')
    expect(body.principal).toEqual({ id: people.admin.id, firstName: 'Aino', lastName: 'Admin', acronym, language: 'ENGLISH' })
    expect(body.hasTwoFactor).toBe(false)
    expect(body.currentAccountId).toBe(acme.id)
    expect(body).toMatchObject(ACCOUNT_ADMIN_FLAGS)
    expect(body).not.toHaveProperty('challengeToken')
    expect(JSON.stringify(body)).not.toMatch(/password|argon2/i)
  })

  test.each([
    ['globalAdmin', ALL_FLAGS],
    ['admin', ACCOUNT_ADMIN_FLAGS],
    ['user', NO_FLAGS],
    // A project manager chooses a new project's client among the companies.
    ['manager', { ...NO_FLAGS, canManageProjects: true, canSeeProjects: true, canSeeCompany: true }],
    // Administering one project is no right over the account's projects (creating, deleting, copying them).
    ['projectAdmin', { ...NO_FLAGS, canSeeProjects: true }],
    ['otherAdmin', ACCOUNT_ADMIN_FLAGS],
  ] as const)('%s gets the menu flags of their level in their account', async (who, flags) => {
    const { status, body } = await signInAnswer(people[who].username)
    expect(status).toBe(201)
    expect(body.currentAccountId).toBe(people[who].accountId)
    for (const flag of Object.keys(ALL_FLAGS)) expect(body[flag], flag).toBe((flags as Record<string, boolean>)[flag])
  })

  test('a user name is matched without regard to case', async () => {
    const mixedCase = [...people.user.username].map((c, i) => (i % 2 ? c.toUpperCase() : c)).join('')
    expect((await signInAnswer(mixedCase)).status).toBe(201)
  })

  test('wrong password and unknown user answer the same 401', async () => {
    const wrong = await signInAnswer(people.admin.username, 'not-the-password')
    const unknown = await signInAnswer('nobody@fixture.test', FIXTURE_PASSWORD)
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

    const empty = await signInAnswer(people.admin.username, '')
    expect(empty.status).toBe(400)
    expect(empty.body.errors).toEqual({ password: 'This field is required' })

    const long = await signInAnswer(people.admin.username, 'x'.repeat(101))
    expect(long.status).toBe(400)
    expect(long.body.errors).toEqual({ password: 'The maximum number of characters is 100' })
  })

  test('silent sign-in: empty username and password with a bearer answer the same shape for that token', async () => {
    const token = await make.signIn(people.manager)
    const answer = await server.call('POST', '/api/authentication', { username: '', password: '' }, token)
    expect(answer.status).toBe(201)
    expect(answer.body.accessToken).toBe(token)
    expect(answer.body.principal.firstName).toBe('Mikko')
    expect(answer.body.currentAccountId).toBe(acme.id)
    expect(answer.body.canManageProjects).toBe(true)

    const withoutToken = await server.call('POST', '/api/authentication', { username: '', password: '' })
    expect(withoutToken.status).toBe(400)
    const badToken = await server.call('POST', '/api/authentication', { username: '', password: '' }, 'garbage')
    expect(badToken.status).toBe(401)
  })

  test('sign-out revokes the token: validate and every other call answer 401', async () => {
    const token = await make.signIn(people.user)
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
    expect((await validate(await make.signIn(people.user))).status).toBe(200)
  })

  test('no token, a forged token and an expired token answer 401', async () => {
    expect((await server.call('GET', '/api/authentication/validate')).status).toBe(401)

    const token = await make.signIn(people.admin)
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
    const auth = server.app.service('authentication')
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
    const token = await make.signIn(people.consultant)
    const list = await server.call('GET', '/api/contexts', undefined, token)
    expect(list.status).toBe(200)
    expect(list.body).toEqual([
      { contextId: acme.id, name: 'Acme Engineering' },
      { contextId: other.id, name: 'Borealis Sales' },
    ])

    const switched = await server.call('POST', `/api/contexts/${other.id}`, {}, token)
    expect(switched.status).toBe(201)
    const salesToken = switched.body.accessToken as string
    const silent = await server.call('POST', '/api/authentication', { username: '', password: '' }, salesToken)
    expect(silent.status).toBe(201)
    expect(silent.body.currentAccountId).toBe(other.id)
    expect(silent.body.currentAccountName).toBe('Borealis Sales')
    // The first token still answers for the first account.
    const first = await server.call('POST', '/api/authentication', { username: '', password: '' }, token)
    expect(first.body.currentAccountId).toBe(acme.id)
  })

  test('a user of one account lists only it and cannot switch into another', async () => {
    const token = await make.signIn(people.user)
    const list = await server.call('GET', '/api/contexts', undefined, token)
    expect(list.body).toEqual([{ contextId: acme.id, name: 'Acme Engineering' }])
    const denied = await server.call('POST', `/api/contexts/${other.id}`, {}, token)
    expect(denied.status).toBe(403)
    expect(denied.body).not.toHaveProperty('accessToken')
  })
})

describe('two-factor', () => {
  const username = () => people.manager.username

  test('enrol, confirm, then sign-in needs the code; the challenge is single-use and not an access token', async () => {
    await clearOfStepEdge()
    const token = await make.signIn(people.manager)
    const enrolment = await server.call('POST', '/api/two-factor/enrolment', {}, token)
    expect(enrolment.status).toBe(201)
    const secret = enrolment.body.secret as string
    expect(enrolment.body.otpauthUri).toContain('otpauth://totp/')

    // Not on until a code is confirmed.
    expect((await signInAnswer(username())).body.hasTwoFactor).toBe(false)
    const badConfirm = await server.call('POST', '/api/two-factor/confirmation', { code: wrongCode(secret) }, token)
    expect(badConfirm.status).toBe(400)
    // Each code is accepted once: the previous window's confirms, the current one signs in.
    const confirm = await server.call('POST', '/api/two-factor/confirmation', { code: codeAt(secret, -1) }, token)
    expect(confirm.status).toBe(201)
    expect(confirm.body).toEqual({ hasTwoFactor: true })

    const first = await signInAnswer(username())
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
    const next = (await signInAnswer(username())).body.challengeToken as string
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
    const adminToken = await make.signIn(people.globalAdmin)
    const userId = people.manager.id
    const off = await server.call('POST', `/api/accountusers/${acme.id}/toggle/${userId}/2fa`, {}, adminToken)
    expect(off.status).toBe(201)
    expect(off.body).toEqual({ userId, hasTwoFactor: false })

    const answer = await signInAnswer(username())
    expect(answer.status).toBe(201)
    expect(answer.body.hasTwoFactor).toBe(false)
    expect((await validate(answer.body.accessToken)).status).toBe(200)

    // A user without the flag may not toggle it.
    const userToken = await make.signIn(people.user)
    expect((await server.call('POST', `/api/accountusers/${acme.id}/toggle/${userId}/2fa`, {}, userToken)).status).toBe(403)
  })
})

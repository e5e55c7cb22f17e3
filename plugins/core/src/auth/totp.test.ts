/**
 * Two-factor codes are accepted once (the time step is remembered per user) and the
 * secrets are stored sealed with the server's TOTP key, over real HTTP.
 */
import { randomBytes } from 'node:crypto'
import { type Fixtures, type Person, type TestServer, fixtures, startTestServer } from '@app/testing'
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import { openSecret, sealPlainSecrets, sealSecret } from './totp'
import { clearOfStepEdge, codeAt } from './totp-testing'

let server: TestServer
let make: Fixtures
let person: Person
let userId: number

beforeAll(async () => {
  server = await startTestServer()
  make = fixtures(server)
  person = await make.user(await make.account())
  userId = person.id
})
afterAll(() => server?.close())
// Each test starts from a user without two-factor and with no failed codes.
beforeEach(async () => {
  await server.knex('users').where({ id: userId }).update({ two_factor_enabled: false, two_factor_secret: null, two_factor_last_step: null })
  await server.knex('rate_limits').where('key', 'like', 'totp:%').delete()
  await clearOfStepEdge()
})

const stored = async () => (await server.knex('users').where({ id: userId }).first('two_factor_secret', 'two_factor_last_step'))

/** Enrols the user and confirms with the previous window's code; answers the plain secret. */
const enrol = async () => {
  const token = await make.signIn(person)
  const secret = (await server.call('POST', '/api/two-factor/enrolment', {}, token)).body.secret as string
  expect((await server.call('POST', '/api/two-factor/confirmation', { code: codeAt(secret, -1) }, token)).status).toBe(201)
  return secret
}

const secondStep = async (code: string) => {
  const challengeToken = (await server.call('POST', '/api/authentication', { username: person.username, password: person.password })).body.challengeToken as string
  return server.call('POST', '/api/authentication/two-factor', { challengeToken, code })
}

test('a code is accepted once: the same code again, or one of an earlier window, is refused', async () => {
  const secret = await enrol()
  // The confirming code is spent too.
  expect((await secondStep(codeAt(secret, -1))).body).toEqual({ valid: false })

  const now = codeAt(secret, 0)
  const first = await secondStep(now)
  expect(first.body.valid).toBe(true)
  expect((await stored()).two_factor_last_step).toBeTruthy()

  const replay = await secondStep(now)
  expect(replay.status).toBe(201)
  expect(replay.body).toEqual({ valid: false })
  expect(replay.body).not.toHaveProperty('accessToken')
  expect((await secondStep(codeAt(secret, -1))).body).toEqual({ valid: false })
  // A later window's code still works.
  expect((await secondStep(codeAt(secret, 1))).body.valid).toBe(true)
})

test('parallel uses of one code on separate challenges: one token', async () => {
  const secret = await enrol()
  const code = codeAt(secret, 0)
  const challenges = await Promise.all([1, 2, 3].map(() => server.call('POST', '/api/authentication', { username: person.username, password: person.password })))
  const answers = await Promise.all(
    challenges.map((c) => server.call('POST', '/api/authentication/two-factor', { challengeToken: c.body.challengeToken, code })),
  )
  expect(answers.filter((a) => a.body?.accessToken)).toHaveLength(1)
})

test('the secret is stored sealed (AES-256-GCM under the TOTP key), never as the authenticator gets it', async () => {
  const secret = await enrol()
  const { two_factor_secret: sealed } = await stored()
  expect(sealed).toMatch(/^v1:/)
  expect(sealed).not.toContain(secret)
  expect(openSecret(server.config.totpKey, userId, sealed)).toBe(secret)
  // Bound to its user and its key: copied to another user, or opened with another key, it is no secret.
  expect(openSecret(server.config.totpKey, userId + 1, sealed)).toBeUndefined()
  expect(openSecret(randomBytes(32), userId, sealed)).toBeUndefined()
})

test('a secret stored in plain text before sealing still works, and the start-up step seals it', async () => {
  const secret = await enrol()
  await server.knex('users').where({ id: userId }).update({ two_factor_secret: secret, two_factor_last_step: null })
  expect((await secondStep(codeAt(secret, 0))).body.valid).toBe(true)

  expect(await sealPlainSecrets(server.knex, server.config.totpKey)).toBe(1)
  const { two_factor_secret: sealed } = await stored()
  expect(sealed).toMatch(/^v1:/)
  expect(await sealPlainSecrets(server.knex, server.config.totpKey)).toBe(0)
  expect((await secondStep(codeAt(secret, 1))).body.valid).toBe(true)
})

test('a secret sealed under another key is refused like a wrong code, not a 500', async () => {
  const secret = await enrol()
  await server.knex('users').where({ id: userId }).update({ two_factor_secret: sealSecret(randomBytes(32), userId, secret), two_factor_last_step: null })
  const answer = await secondStep(codeAt(secret, 0))
  expect(answer.status).toBe(201)
  expect(answer.body).toEqual({ valid: false })
})

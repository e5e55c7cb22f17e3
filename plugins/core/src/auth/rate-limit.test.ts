/**
 * Sign-in attempts are limited per user name and per client address; past the
 * limit even the right password answers 429 with Retry-After. An attempt is counted
 * before the password is checked, so parallel guesses are refused like a sequence,
 * and behind a proxy the address is the one the proxy saw, not one the client wrote.
 */
import { FIXTURE_PASSWORD, type Person, type TestServer, fixtures, startTestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

type Server = TestServer

/** A test server with the given limits, and two people of one account to sign in as. */
const serverWithPeople = async (overrides: Parameters<typeof startTestServer>[0]) => {
  const server = await startTestServer({ ...overrides })
  const make = fixtures(server)
  const account = await make.account()
  return { server, user: await make.user(account), admin: account.admin }
}

const expectLimited = (answer: { status: number; body: any; headers: Headers }, windowSeconds: number) => {
  expect(answer.status).toBe(429)
  expect(answer.body).not.toHaveProperty('accessToken')
  const retryAfter = Number(answer.headers.get('retry-after'))
  expect(retryAfter).toBeGreaterThan(0)
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds)
}

/** A sign-in as it reaches the server through a proxy that sent `forwardedFor`. */
const signInVia = async (server: Server, username: string, password: string, forwardedFor?: string) => {
  const response = await fetch(`${server.url}/api/authentication`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    body: JSON.stringify({ username, password }),
  })
  return { status: response.status, body: await response.json(), headers: response.headers }
}

const counters = async (server: Server): Promise<Record<string, number>> =>
  Object.fromEntries((await server.knex('rate_limits').where('key', 'like', 'signin:%').select('key', 'count')).map((r: any) => [r.key, Number(r.count)]))

const statuses = (answers: { status: number }[]) => {
  const counts: Record<number, number> = {}
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1
  return counts
}

describe('in sequence, without a proxy', () => {
  // Per user 3 failures; per address 6, so the per-user case (3 failures) stays under the address limit.
  const PER_USER = { max: 3, windowSeconds: 60 }
  const PER_ADDRESS = { max: 6, windowSeconds: 60 }
  let server: Server
  let user: Person
  let admin: Person
  beforeAll(async () => {
    ;({ server, user, admin } = await serverWithPeople({ rateLimit: { perUser: PER_USER, perAddress: PER_ADDRESS } }))
  })
  afterAll(() => server?.close())
  const signIn = (username: string, password: string) => signInVia(server, username, password)

  test('a user name is blocked after 3 failures, even with the right password; others are not', async () => {
    for (let i = 0; i < PER_USER.max; i++) expect((await signIn(user.username, `wrong-${i}`)).status).toBe(401)
    expectLimited(await signIn(user.username, FIXTURE_PASSWORD), 60)
    expectLimited(await signIn(user.username.toUpperCase(), FIXTURE_PASSWORD), 60)
    // Successful sign-ins hand their attempt back, and another user is not affected.
    for (let i = 0; i < 3; i++) expect((await signIn(admin.username, FIXTURE_PASSWORD)).status).toBe(201)
    expect((await counters(server))[`signin:user:${admin.username}`]).toBe(0)
  })

  test('a client address is blocked after 6 failures over distinct user names; X-Forwarded-For is not read', async () => {
    // 3 failures from the first test, 3 more here reach the address limit, whatever the client claims to be.
    for (let i = 0; i < PER_ADDRESS.max - PER_USER.max; i++)
      expect((await signInVia(server, `nobody-${i}@fixture.test`, 'wrong-password', `198.51.100.${i}`)).status).toBe(401)
    expectLimited(await signInVia(server, 'someone-else@fixture.test', 'wrong-password', '198.51.100.99'), 60)
    // Even a right password of a user with no failures of their own.
    expectLimited(await signIn(admin.username, FIXTURE_PASSWORD), 60)
    expect(Object.keys(await counters(server)).some((key) => key.includes('198.51.100'))).toBe(false)
  })

  test('the counters are shared through the database and end with their window', async () => {
    expect((await counters(server))[`signin:user:${user.username}`]).toBe(PER_USER.max)
    // When the window has passed, sign-in works again.
    await server.knex('rate_limits').where('key', 'like', 'signin:%').update({ reset_at: Date.now() - 1 })
    expect((await signIn(user.username, FIXTURE_PASSWORD)).status).toBe(201)
  })
})

describe('in parallel, behind one proxy (TRUST_PROXY=1)', () => {
  const LIMIT = { max: 10, windowSeconds: 60 }
  let server: Server
  let user: Person
  let admin: Person
  beforeAll(async () => {
    ;({ server, user, admin } = await serverWithPeople({ trustProxy: 1, rateLimit: { perUser: LIMIT, perAddress: LIMIT } }))
  })
  afterAll(() => server?.close())

  test('30 parallel wrong passwords for one user: 10 are checked, 20 answer 429', async () => {
    // Each from its own client, so only the user's limit applies.
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => signInVia(server, user.username, `wrong-${i}`, `192.0.2.${i + 1}`)))
    expect(statuses(answers)).toEqual({ 401: 10, 429: 20 })
    expect((await counters(server))[`signin:user:${user.username}`]).toBe(10)
    expectLimited(await signInVia(server, user.username, FIXTURE_PASSWORD, '192.0.2.200'), 60)
    // Refused calls counted nowhere: each client holds only the attempt that was checked.
    const perClient = Object.entries(await counters(server)).filter(([key]) => key.startsWith('signin:ip:192.0.2.'))
    expect(perClient.reduce((sum, [, count]) => sum + count, 0)).toBe(10)
  })

  test('30 parallel guesses over user names from one client: 10 are checked, 20 answer 429', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => signInVia(server, `guess-${i}@fixture.test`, 'wrong-password', '203.0.113.5')))
    expect(statuses(answers)).toEqual({ 401: 10, 429: 20 })
    expect((await counters(server))['signin:ip:203.0.113.5']).toBe(10)
  })

  test('the address is the right-most X-Forwarded-For entry: forged left-most values do not escape the limit', async () => {
    const proxied = '203.0.113.77'
    for (let i = 0; i < LIMIT.max; i++)
      expect((await signInVia(server, `forger-${i}@fixture.test`, 'wrong-password', `10.0.0.${i}, ${proxied}`)).status).toBe(401)
    expectLimited(await signInVia(server, admin.username, FIXTURE_PASSWORD, `10.9.9.9, 127.0.0.1, ${proxied}`), 60)
    const keys = Object.keys(await counters(server))
    expect(keys).toContain(`signin:ip:${proxied}`)
    expect(keys.some((key) => key.startsWith('signin:ip:10.'))).toBe(false)
    // Another client, as the proxy saw it, is not affected.
    expect((await signInVia(server, admin.username, FIXTURE_PASSWORD, `${proxied}, 203.0.113.78`)).status).toBe(201)
  })
})

describe('behind two proxies (TRUST_PROXY=2)', () => {
  let server: Server
  beforeAll(async () => {
    server = await startTestServer({ trustProxy: 2, rateLimit: { perUser: { max: 10, windowSeconds: 60 }, perAddress: { max: 2, windowSeconds: 60 } } })
  })
  afterAll(() => server?.close())

  test('skips the inner proxy hop and takes the address the outer proxy saw', async () => {
    // client-written, the client as the outer proxy saw it, the outer proxy as the inner one saw it
    for (const forged of ['10.1.1.1', '10.2.2.2']) expect((await signInVia(server, 'x@fixture.test', 'wrong-password', `${forged}, 198.51.100.20, 172.16.0.2`)).status).toBe(401)
    expectLimited(await signInVia(server, 'x@fixture.test', 'wrong-password', '10.3.3.3, 198.51.100.20, 172.16.0.2'), 60)
    expect(Object.keys(await counters(server)).filter((key) => key.startsWith('signin:ip:'))).toEqual(['signin:ip:198.51.100.20'])
  })
})

/**
 * Sign-in failures are limited per user name and per client address; past the
 * limit even the right password answers 429 with Retry-After.
 */
import { DEMO_PASSWORD, startTestServer } from '@app/api/testing'
import { afterAll, beforeAll, expect, test } from 'vitest'

// Per user 3 failures; per address 6, so the per-user case (3 failures) stays under the address limit.
const PER_USER = { max: 3, windowSeconds: 60 }
const PER_ADDRESS = { max: 6, windowSeconds: 60 }

let server: Awaited<ReturnType<typeof startTestServer>>
beforeAll(async () => {
  server = await startTestServer({ rateLimit: { perUser: PER_USER, perAddress: PER_ADDRESS } })
})
afterAll(() => server?.close())

const signIn = (username: string, password: string) => server.call('POST', '/api/authentication', { username, password })

const expectLimited = (answer: Awaited<ReturnType<typeof signIn>>) => {
  expect(answer.status).toBe(429)
  expect(answer.body).not.toHaveProperty('accessToken')
  const retryAfter = Number(answer.headers.get('retry-after'))
  expect(retryAfter).toBeGreaterThan(0)
  expect(retryAfter).toBeLessThanOrEqual(60)
}

test('a user name is blocked after 3 failures, even with the right password; others are not', async () => {
  for (let i = 0; i < PER_USER.max; i++) expect((await signIn('user@demo.test', `wrong-${i}`)).status).toBe(401)
  expectLimited(await signIn('user@demo.test', DEMO_PASSWORD))
  expectLimited(await signIn('USER@demo.test', DEMO_PASSWORD))
  // Successful sign-ins do not count, and another user is not affected.
  for (let i = 0; i < 3; i++) expect((await signIn('admin@demo.test', DEMO_PASSWORD)).status).toBe(201)
})

test('a client address is blocked after 6 failures over distinct user names', async () => {
  // 3 failures from the first test, 3 more here reach the address limit.
  for (let i = 0; i < PER_ADDRESS.max - PER_USER.max; i++)
    expect((await signIn(`nobody-${i}@demo.test`, 'wrong-password')).status).toBe(401)
  expectLimited(await signIn('someone-else@demo.test', 'wrong-password'))
  expectLimited(await signIn('manager@demo.test', DEMO_PASSWORD))
})

test('the counters are shared through the database and end with their window', async () => {
  const rows = await server.knex('rate_limits').where('key', 'like', 'signin:%')
  expect(rows.some((r: any) => r.key === 'signin:user:user@demo.test' && Number(r.count) === PER_USER.max)).toBe(true)
  // When the window has passed, sign-in works again.
  await server.knex('rate_limits').where('key', 'like', 'signin:%').update({ reset_at: Date.now() - 1 })
  expect((await signIn('user@demo.test', DEMO_PASSWORD)).status).toBe(201)
})

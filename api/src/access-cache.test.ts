/**
 * A caller's session and grants are kept between calls (AUTH_CACHE_MS), yet every
 * change to them counts from the very next call: each test warms the caches first.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createKnex } from '@app/plugin-kit'
import { type AccountFixture, type Fixtures, type TestServer, fixtures } from '@app/testing'
import { startTestServer } from './testing'

let server: TestServer
let make: Fixtures
let account: AccountFixture

beforeAll(async () => {
  // The cache on, whatever TEST_AUTH_CACHE_MS says: these tests are about what it keeps.
  server = await startTestServer({ authCacheMs: 1000 })
  make = fixtures(server)
  account = await make.account()
})

afterAll(async () => {
  await server?.close()
})

/** The status of two calls in a row: the second is answered from the kept session and grants. */
const twice = async (path: string, token: string) => {
  const first = await server.call('GET', path, undefined, token)
  const second = await server.call('GET', path, undefined, token)
  expect(second.status).toBe(first.status)
  return second.status
}

describe('kept sessions and grants', () => {
  test('a grant counts from the next call, and so does taking it away in a transaction', async () => {
    const user = await make.user(account)
    const token = await make.signIn(user)
    expect(await twice('/api/privileges', token)).toBe(403)
    const id = await make.grant(user, { resource: 'ACCOUNT', action: 'ADMINISTER' })
    expect(await twice('/api/privileges', token)).toBe(200)
    await server.knex.transaction(async (trx) => {
      await trx('privileges').where({ id }).delete()
    })
    expect(await twice('/api/privileges', token)).toBe(403)
  })

  test('a member of two accounts disabled in the one they act in is signed out at the next call', async () => {
    const other = await make.account()
    const consultant = await make.join(await make.user(account), other)
    const token = await make.signIn(consultant)
    expect(await twice('/api/contexts', token)).toBe(200)
    const admin = await make.signIn(other.admin)
    const toggle = () => server.call('POST', `/api/accountusers/${other.id}/toggle/${consultant.id}`, {}, admin)
    const off = await toggle()
    expect(off.status, JSON.stringify(off.body)).toBe(201)
    expect(off.body.enabled).toBe(false)
    expect((await server.call('GET', '/api/contexts', undefined, token)).status).toBe(401)
    // Back on, the ended tokens stay ended.
    expect((await toggle()).body.enabled).toBe(true)
    expect((await server.call('GET', '/api/contexts', undefined, token)).status).toBe(401)
  })

  test('a write this process cannot see (another instance, a script) counts within AUTH_CACHE_MS', async () => {
    const user = await make.user(account)
    const token = await make.signIn(user)
    expect(await twice('/api/contexts', token)).toBe(200)
    const other = createKnex(server.config.database)
    try {
      await other('sessions').where({ user_id: user.id }).update({ revoked: true })
    } finally {
      await other.destroy()
    }
    await new Promise((resolve) => setTimeout(resolve, server.config.authCacheMs + 50))
    expect((await server.call('GET', '/api/contexts', undefined, token)).status).toBe(401)
  })
})

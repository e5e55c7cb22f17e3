/**
 * Idempotency-Key on creates, over real HTTP on a product service (companies) and a
 * test service whose create waits: a retry gets the first answer and writes nothing.
 * SQLite, or MariaDB with TEST_DATABASE_URL.
 */
import { type TestServer, fixtures, startTestServer } from '@app/testing'
import { BadRequest } from '@feathersjs/errors'
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { definePlugin } from './define-plugin'
import { IDEMPOTENCY_TABLE, IDEMPOTENCY_TTL_MS, purgeIdempotencyKeys } from './idempotency'

/** A create that waits until the test lets it finish, and one that is refused or fails on demand. */
let release = () => {}
const slowPlugin = definePlugin({
  id: 'kit-idempotency-test',
  module: 'core',
  version: '0.0.0',
  permissions: [],
  migrations: [],
  services: [
    {
      path: 'kit-test-slow',
      methods: ['create'],
      scope: { kind: 'none', why: 'Test service of the kit: a create that takes its time.' },
      service: () => ({
        async create(data: { outcome?: string }) {
          if (data.outcome === 'refused') throw new BadRequest('Refused')
          if (data.outcome === 'bug') throw new Error('A bug after the write')
          await new Promise<void>((resolve) => {
            release = resolve
          })
          return { done: true }
        },
      }),
    },
    {
      path: 'kit-test-route/:thing',
      methods: ['create'],
      scope: { kind: 'none', why: 'Test service of the kit: a create addressed by a path placeholder.' },
      service: () => ({
        async create(_data: unknown, params: { route: { thing: string } }) {
          return { thing: params.route.thing }
        },
      }),
    },
  ],
})

let server: TestServer
let admin: string
/** The admin of another account. */
let sales: string
const post = (path: string, body: unknown, token: string, key?: string) =>
  server.call('POST', path, body, token, key === undefined ? {} : { 'idempotency-key': key })
/** Where the table keeps a key: its hash, never the key itself. */
const stored = (key: string) => server.knex(IDEMPOTENCY_TABLE).where({ idempotency_key: createHash('sha256').update(key).digest('hex') })
const companies = (name: string) => server.knex('companies').where({ name }).count({ n: '*' }).then((rows) => Number(rows[0]!.n))

beforeAll(async () => {
  server = await startTestServer({}, { extraPlugins: [slowPlugin] })
  const make = fixtures(server)
  admin = await make.signIn((await make.account()).admin)
  sales = await make.signIn((await make.account()).admin)
})
afterAll(() => server?.close())

describe('Idempotency-Key on creates', () => {
  test('a retry with the same key gets the first answer and writes nothing', async () => {
    const first = await post('/api/companies', { name: 'Retry Oy', city: 'Oulu' }, admin, 'key-retry-1')
    expect(first.status).toBe(201)
    expect(first.headers.get('idempotent-replayed')).toBeNull()
    const again = await post('/api/companies', { city: 'Oulu', name: 'Retry Oy' }, admin, 'key-retry-1')
    expect(again.status).toBe(201)
    expect(again.body).toEqual(first.body)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(await companies('Retry Oy')).toBe(1)
    // The table holds neither the key nor the answer in the clear.
    const row = await stored('key-retry-1').first()
    expect(JSON.stringify(row)).not.toMatch(/key-retry-1|Retry Oy|Oulu/)
    // Without a key, the same body is a new create.
    expect((await post('/api/companies', { name: 'Retry Oy', city: 'Oulu' }, admin)).status).toBe(201)
    expect(await companies('Retry Oy')).toBe(2)
  })

  test('the same key with another body, or on another path, answers 422 and writes nothing', async () => {
    expect((await post('/api/companies', { name: 'Keyed Oy' }, admin, 'key-mismatch')).status).toBe(201)
    const other = await post('/api/companies', { name: 'Other Oy' }, admin, 'key-mismatch')
    expect(other.status).toBe(422)
    expect(other.body.message).toBe('This Idempotency-Key was used for a different request')
    expect(await companies('Other Oy')).toBe(0)
    expect((await post('/api/kit-test-slow', { name: 'Keyed Oy' }, admin, 'key-mismatch')).status).toBe(422)
    // The same path template with another value in it is another request.
    expect((await post('/api/kit-test-route/1', {}, admin, 'key-route')).status).toBe(201)
    expect((await post('/api/kit-test-route/2', {}, admin, 'key-route')).status).toBe(422)
  })

  test("another account's caller with the same key is independent", async () => {
    const mine = await post('/api/companies', { name: 'Shared Key Oy' }, admin, 'key-shared')
    const theirs = await post('/api/companies', { name: 'Shared Key Oy' }, sales, 'key-shared')
    expect(theirs.status).toBe(201)
    expect(theirs.body.id).not.toBe(mine.body.id)
    expect(theirs.headers.get('idempotent-replayed')).toBeNull()
    expect(await companies('Shared Key Oy')).toBe(2)
  })

  test('a refused create frees its key; a key that is not 1 to 255 visible characters is refused', async () => {
    const refused = await post('/api/companies', { name: '' }, admin, 'key-refused')
    expect(refused.status).toBe(400)
    expect((await post('/api/companies', { name: 'Fixed Oy' }, admin, 'key-refused')).status).toBe(201)
    expect((await post('/api/companies', { name: 'Spaced Oy' }, admin, 'has a space')).status).toBe(400)
    expect((await post('/api/companies', { name: 'Long Oy' }, admin, 'k'.repeat(256))).status).toBe(400)
    expect(await companies('Spaced Oy')).toBe(0)
  })

  test('a duplicate while the first runs answers 409; so does a retry after a 5xx, whose outcome is unknown', async () => {
    const first = post('/api/kit-test-slow', {}, admin, 'key-slow')
    // The first call holds the key once its row is written.
    for (let i = 0; i < 100 && !(await stored('key-slow').first()); i++)
      await new Promise((resolve) => setTimeout(resolve, 20))
    const duplicate = await post('/api/kit-test-slow', {}, admin, 'key-slow')
    expect(duplicate.status).toBe(409)
    expect(duplicate.body.message).toMatch(/in progress/)
    release()
    expect((await first).status).toBe(201)
    expect((await post('/api/kit-test-slow', {}, admin, 'key-slow')).body).toEqual({ done: true })

    expect((await post('/api/kit-test-slow', { outcome: 'bug' }, admin, 'key-bug')).status).toBe(500)
    expect((await post('/api/kit-test-slow', { outcome: 'bug' }, admin, 'key-bug')).status).toBe(409)
    expect((await post('/api/kit-test-slow', { outcome: 'refused' }, admin, 'key-refused-2')).status).toBe(400)
    expect(await stored('key-refused-2').first()).toBeUndefined()
  })

  test('keys are kept for a day: an older one is purged and may be used again', async () => {
    expect((await post('/api/companies', { name: 'Yesterday Oy' }, admin, 'key-old')).status).toBe(201)
    const dayAndMinuteAgo = new Date(Date.now() - IDEMPOTENCY_TTL_MS - 60_000).toISOString()
    await stored('key-old').update({ created_at: dayAndMinuteAgo })
    expect((await post('/api/companies', { name: 'Yesterday Oy' }, admin, 'key-old')).headers.get('idempotent-replayed')).toBeNull()
    expect(await companies('Yesterday Oy')).toBe(2)

    await stored('key-old').update({ created_at: dayAndMinuteAgo })
    await purgeIdempotencyKeys(server.knex)
    expect(await stored('key-old').first()).toBeUndefined()
    expect(await stored('key-retry-1').first()).toBeDefined()
  })
})

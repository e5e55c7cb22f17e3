/**
 * The action helper over real HTTP: the path's ids arrive as numbers (junk is 404 before
 * the action runs), the body is checked by its schema (none means empty), flags and
 * sign-in are the kit's as for any service. SQLite, or MariaDB with TEST_DATABASE_URL.
 */
import { type TestServer, fixtures, startTestServer } from '@app/testing'
import { NotFound } from '@feathersjs/errors'
import { Type } from '@sinclair/typebox'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { defineAction } from './action'
import { definePlugin } from './define-plugin'

let runs = 0
const actionPlugin = definePlugin({
  id: 'kit-action-test',
  module: 'core',
  version: '0.0.0',
  permissions: [],
  migrations: [],
  services: [
    defineAction({
      path: 'kit-test-action/:accountId/things/:thingId',
      scope: { kind: 'tenant', routeParam: 'accountId' },
      flags: ['canManageUsers'],
      data: Type.Object({ note: Type.String({ maxLength: 10 }) }, { additionalProperties: false }),
      run: async ({ caller, ids, data }) => {
        runs++
        return { caller: caller.id, ids, note: data.note }
      },
    }),
    defineAction({
      path: 'kit-test-action-found/:thingId',
      scope: { kind: 'tenant' },
      data: Type.Object({ note: Type.String({ maxLength: 10 }) }, { additionalProperties: false }),
      exists: async ({ ids }) => {
        if (ids.thingId !== 7) throw new NotFound('No such thing')
      },
      run: async ({ ids, data }) => {
        runs++
        return { thingId: ids.thingId, note: data.note }
      },
    }),
    defineAction({
      path: 'kit-test-action-public',
      public: true,
      scope: { kind: 'none', why: 'Test action of the kit: answers signed out.' },
      run: async ({ caller }) => ({ signedIn: caller.id }),
    }),
    defineAction({
      path: 'kit-test-action-open',
      public: true,
      scope: { kind: 'none', why: 'Test action of the kit: answers signed out without asking who calls.' },
      run: async () => ({ open: true }),
    }),
    defineAction({
      path: 'kit-test-action-query',
      public: true,
      scope: { kind: 'none', why: 'Test action of the kit: reads its query.' },
      query: Type.Object({ email: Type.String({ maxLength: 10 }) }, { additionalProperties: false }),
      run: async ({ params }) => ({ email: params.query?.email }),
    }),
  ],
})

let server: TestServer
let admin: { token: string; id: number; accountId: number }
let user: string

beforeAll(async () => {
  server = await startTestServer({}, { extraPlugins: [actionPlugin] })
  const make = fixtures(server)
  const account = await make.account()
  admin = { token: await make.signIn(account.admin), id: account.admin.id, accountId: account.id }
  user = await make.signIn(await make.user(account, 'user'))
})
afterAll(() => server?.close())

const post = (path: string, body: unknown, token?: string) => server.call('POST', `/api/${path}`, body, token)

describe('an action', () => {
  test('runs with the caller, the body and the ids of its path as numbers', async () => {
    const answer = await post(`kit-test-action/${admin.accountId}/things/42`, { note: 'hello' }, admin.token)
    expect(answer.status).toBe(201)
    expect(answer.body).toEqual({ caller: admin.id, ids: { accountId: admin.accountId, thingId: 42 }, note: 'hello' })
  })

  test.each(['abc', '0', '-3', '1.5'])('answers 404 to the id %s without running', async (id) => {
    const before = runs
    const answer = await post(`kit-test-action/${admin.accountId}/things/${id}`, { note: 'x' }, admin.token)
    expect(answer.status).toBe(404)
    expect(runs).toBe(before)
  })

  test('checks the body by its schema: 400 naming the field', async () => {
    const answer = await post(`kit-test-action/${admin.accountId}/things/1`, { note: 'far too long a note' }, admin.token)
    expect(answer.status).toBe(400)
    expect(answer.body.errors).toHaveProperty('note')
    expect((await post(`kit-test-action/${admin.accountId}/things/1`, { note: 'ok', extra: 1 }, admin.token)).status).toBe(400)
  })

  test('keeps the declared flag and sign-in', async () => {
    expect((await post(`kit-test-action/${admin.accountId}/things/1`, { note: 'x' }, user)).status).toBe(403)
    expect((await post(`kit-test-action/${admin.accountId}/things/1`, { note: 'x' })).status).toBe(401)
  })

  test('without a schema takes only an empty body', async () => {
    expect((await post('kit-test-action-public', { anything: 1 }, admin.token)).status).toBe(400)
    expect(await post('kit-test-action-public', {}, admin.token)).toMatchObject({ status: 201, body: { signedIn: admin.id } })
  })

  test('with `exists`, what the path names is found before the body is looked at: 404 whatever is sent, then 400', async () => {
    const before = runs
    for (const body of [{ note: 'ok' }, {}, { note: 'far too long a note' }]) {
      const missing = await post('kit-test-action-found/8', body, admin.token)
      expect([missing.status, missing.body.message], JSON.stringify(body)).toEqual([404, 'No such thing'])
    }
    const bad = await post('kit-test-action-found/7', { note: 'far too long a note' }, admin.token)
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toHaveProperty('note')
    expect(runs).toBe(before)
    // The account the tenancy hook stamps on the body is not the client's key: it passes the schema.
    expect(await post('kit-test-action-found/7', { note: 'ok' }, admin.token)).toMatchObject({ status: 201, body: { thingId: 7, note: 'ok' } })
  })

  test('a public action answers signed out, and reading the caller there is 401', async () => {
    expect((await post('kit-test-action-public', {})).status).toBe(401)
    expect(await post('kit-test-action-open', {})).toMatchObject({ status: 201, body: { open: true } })
  })

  test('a query is checked by its schema; without one any query key is 400', async () => {
    expect(await post('kit-test-action-query?email=a%40b', {})).toMatchObject({ status: 201, body: { email: 'a@b' } })
    const long = await post('kit-test-action-query?email=far-too-long-an-address', {})
    expect(long.status).toBe(400)
    expect(long.body.errors).toHaveProperty('email')
    expect((await post('kit-test-action-query?email=a&other=1', {})).status).toBe(400)
    expect((await post('kit-test-action-public?email=a', {}, admin.token)).status).toBe(400)
  })
})

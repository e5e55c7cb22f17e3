/**
 * POST /api/accounts/toggle/:accountId over real HTTP: only global admins open and close
 * accounts; a closed account signs its users out at once. SQLite, or MariaDB with
 * TEST_DATABASE_URL.
 */
import { type TestServer, type World, fixtures, startTestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

let server: TestServer
let callers: World

beforeAll(async () => {
  server = await startTestServer()
  callers = await fixtures(server).world()
})
afterAll(() => server?.close())

const snapshot = async () => ({
  accounts: await server.knex('accounts').select('*').orderBy('id'),
  sessions: await server.knex('sessions').select('*').orderBy('id'),
})
const toggle = (caller: Parameters<World['as']>[0], id: number, body: unknown = {}) => callers.as(caller, 'POST', `/api/accounts/toggle/${id}`, body)

describe('POST /api/accounts/toggle/:accountId', () => {
  test('only global admins toggle: 403 for the others, 401 signed out, nothing changes', async () => {
    const before = await snapshot()
    for (const caller of ['accountAdmin', 'salesAdmin', 'companyAdmin', 'user', 'otherAccount'] as const)
      expect((await toggle(caller, callers.b.id)).status, caller).toBe(403)
    expect((await toggle('anonymous', callers.b.id)).status).toBe(401)
    expect(await snapshot()).toEqual(before)
  })

  test('a closed account signs its users out at once; opened again, they sign in', async () => {
    const other = callers.b.id
    const token = await callers.make.signIn(callers.b.admin)
    expect((await toggle('globalAdmin', other)).body).toEqual({ id: other, enabled: false })
    expect((await server.call('GET', '/api/accounts', undefined, token)).status).toBe(401)
    expect((await server.call('GET', '/api/authentication/validate', undefined, token)).status).toBe(401)
    const listed = await callers.as('globalAdmin', 'GET', `/api/accounts?filter=${encodeURIComponent(callers.b.name)}`)
    expect(listed.body.data[0].enabled).toBe(false)
    expect((await toggle('globalAdmin', other)).body).toEqual({ id: other, enabled: true })
    expect((await server.call('GET', '/api/accounts', undefined, await callers.make.signIn(callers.b.admin))).status).toBe(200)
  })

  test('the account a global admin is signed in to is not closed by them; a missing or bad id is 404; a body is 400', async () => {
    const before = await snapshot()
    const own = await toggle('globalAdmin', callers.a.id)
    expect(own.status).toBe(400)
    expect(own.body.message).toBe('You cannot disable the account you are signed in to')
    for (const id of ['987654', 'abc', '0']) expect((await callers.as('globalAdmin', 'POST', `/api/accounts/toggle/${id}`, {})).status, id).toBe(404)
    expect((await toggle('globalAdmin', callers.b.id, { enabled: false })).status).toBe(400)
    expect(await snapshot()).toEqual(before)
  })
})

/**
 * The account info the admin remote edits goes through core's PATCH /api/accounts/{id}:
 * the answers the screen relies on, for a person of every rank made by fixtures.
 */
import { CALLERS, type Caller, type TestServer, type World, fixtures, startTestServer } from '@app/testing'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { SETTINGS_ONLY } from './roles'

let server: TestServer
let callers: World

beforeAll(async () => {
  server = await startTestServer()
  callers = await fixtures(server).world()
})
afterAll(() => server?.close())

const patch = (accountId: number, body: object, role: Caller) => server.call('PATCH', `/api/accounts/${accountId}`, body, callers.tokens[role])

test('settings managers change their account info; others are refused and change nothing', async () => {
  const before = await server.knex('accounts').where({ id: callers.a.id }).first()
  for (const role of CALLERS) {
    if (SETTINGS_ONLY[role] === 200) continue
    expect((await patch(callers.a.id, { city: 'Nowhere' }, role)).status, role).toBe(SETTINGS_ONLY[role])
  }
  expect(await server.knex('accounts').where({ id: callers.a.id }).first()).toEqual(before)
  const saved = await patch(callers.a.id, { city: 'Espoo', website: 'www.fixture.test', zip: '02100' }, 'accountAdmin')
  expect(saved.status).toBe(200)
  expect(saved.body).toMatchObject({ city: 'Espoo', website: 'www.fixture.test', zip: '02100' })
})

test("a global admin changes another account's info", async () => {
  const saved = await patch(callers.b.id, { phone: '+47 22 00 00 00' }, 'globalAdmin')
  expect(saved.status).toBe(200)
  expect(saved.body.phone).toBe('+47 22 00 00 00')
})

test('bad input answers 400 on its field and changes nothing', async () => {
  const before = await server.knex('accounts').where({ id: callers.a.id }).first()
  const answer = await patch(callers.a.id, { company: 'D', country: 'Finland' }, 'accountAdmin')
  expect(answer.status).toBe(400)
  expect(Object.keys(answer.body.errors).sort()).toEqual(['company', 'country'])
  expect(await server.knex('accounts').where({ id: callers.a.id }).first()).toEqual(before)
})

/**
 * The account info the admin remote edits goes through core's PATCH /api/accounts/{id}:
 * the answers the screen relies on, for a person of every rank made by fixtures.
 */
import { type TestServer, startTestServer } from '@app/testing'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { ALL_ROLES, type Callers, type Role, SETTINGS_ONLY, signInRoles } from './roles'

let server: TestServer
let callers: Callers

beforeAll(async () => {
  server = await startTestServer()
  callers = await signInRoles(server)
})
afterAll(() => server?.close())

const patch = (accountId: number, body: object, role: Role) => server.call('PATCH', `/api/accounts/${accountId}`, body, callers.tokens[role])

test('settings managers change their account info; others are refused and change nothing', async () => {
  const before = await server.knex('accounts').where({ id: callers.account }).first()
  for (const role of ALL_ROLES) {
    if (SETTINGS_ONLY[role] === 200) continue
    expect((await patch(callers.account, { city: 'Nowhere' }, role)).status, role).toBe(SETTINGS_ONLY[role])
  }
  expect(await server.knex('accounts').where({ id: callers.account }).first()).toEqual(before)
  const saved = await patch(callers.account, { city: 'Espoo', website: 'www.fixture.test', zip: '02100' }, 'accountAdmin')
  expect(saved.status).toBe(200)
  expect(saved.body).toMatchObject({ city: 'Espoo', website: 'www.fixture.test', zip: '02100' })
})

test("a global admin changes another account's info", async () => {
  const saved = await patch(callers.other, { phone: '+47 22 00 00 00' }, 'globalAdmin')
  expect(saved.status).toBe(200)
  expect(saved.body.phone).toBe('+47 22 00 00 00')
})

test('bad input answers 400 on its field and changes nothing', async () => {
  const before = await server.knex('accounts').where({ id: callers.account }).first()
  const answer = await patch(callers.account, { company: 'D', country: 'Finland' }, 'accountAdmin')
  expect(answer.status).toBe(400)
  expect(Object.keys(answer.body.errors).sort()).toEqual(['company', 'country'])
  expect(await server.knex('accounts').where({ id: callers.account }).first()).toEqual(before)
})

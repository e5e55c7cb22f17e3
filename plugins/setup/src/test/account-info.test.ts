/**
 * The account info the admin remote edits goes through core's PATCH /api/accounts/{id}:
 * the answers the screen relies on, per demo role.
 */
import { type TestServer, startTestServer } from '@app/api/testing'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type Demo, ROLES, type Role, SETTINGS_ONLY, signInDemo } from './roles'

let server: TestServer
let demo: Demo

beforeAll(async () => {
  server = await startTestServer()
  demo = await signInDemo(server)
})
afterAll(() => server?.close())

const patch = (accountId: number, body: object, role: Role) => server.call('PATCH', `/api/accounts/${accountId}`, body, demo.tokens[role])

test('settings managers change their account info; others are refused and change nothing', async () => {
  const before = await server.knex('accounts').where({ id: demo.engineering }).first()
  for (const role of [...ROLES, 'anonymous'] as Role[]) {
    if (SETTINGS_ONLY[role] === 200) continue
    expect((await patch(demo.engineering, { city: 'Nowhere' }, role)).status, role).toBe(SETTINGS_ONLY[role])
  }
  expect(await server.knex('accounts').where({ id: demo.engineering }).first()).toEqual(before)
  const saved = await patch(demo.engineering, { city: 'Espoo', website: 'www.demo.test', zip: '02100' }, 'admin')
  expect(saved.status).toBe(200)
  expect(saved.body).toMatchObject({ city: 'Espoo', website: 'www.demo.test', zip: '02100' })
})

test("a global admin changes another account's info", async () => {
  const saved = await patch(demo.sales, { phone: '+47 22 00 00 00' }, 'globaladmin')
  expect(saved.status).toBe(200)
  expect(saved.body.phone).toBe('+47 22 00 00 00')
})

test('bad input answers 400 on its field and changes nothing', async () => {
  const before = await server.knex('accounts').where({ id: demo.engineering }).first()
  const answer = await patch(demo.engineering, { company: 'D', country: 'Finland' }, 'admin')
  expect(answer.status).toBe(400)
  expect(Object.keys(answer.body.errors).sort()).toEqual(['company', 'country'])
  expect(await server.knex('accounts').where({ id: demo.engineering }).first()).toEqual(before)
})

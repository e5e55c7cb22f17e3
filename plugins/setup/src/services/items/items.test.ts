/** The setup lists over HTTP, as a person of every rank, made by fixtures (SQLite, or MariaDB with TEST_DATABASE_URL). */
import { CALLERS, type Caller, type TestServer, type World, fixtures, startTestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ANY_MEMBER, SETTINGS_ONLY, rowsOf } from '../../test/roles'
import { SETUP_LISTS } from './items.schema'

let server: TestServer
let callers: World

beforeAll(async () => {
  server = await startTestServer()
  callers = await fixtures(server).world()
})
afterAll(() => server?.close())

const as = (role: Caller) => callers.tokens[role]

/** A valid row of the list, every field made from `seed`. */
const rowFor = (list: (typeof SETUP_LISTS)[number], seed: string) => Object.fromEntries(list.fields.map((f) => [f.name, `${seed} ${f.name}`]))

for (const list of SETUP_LISTS) {
  describe(list.id, () => {
    const base = () => `/api/setup/${callers.a.id}/${list.id}`

    test('every member reads; other accounts get 404, signed out 401', async () => {
      for (const role of CALLERS) {
        const answer = await server.call('GET', base(), undefined, as(role))
        expect(answer.status, `${role}: ${JSON.stringify(answer.body)}`).toBe(ANY_MEMBER[role])
      }
    })

    test('settings managers add, change and remove; others change nothing', async () => {
      const before = await rowsOf(server, list.table)
      for (const role of CALLERS.filter((r) => SETTINGS_ONLY[r] !== 200)) {
        const answer = await server.call('POST', base(), rowFor(list, 'Denied'), as(role))
        expect(answer.status, `${role}: ${JSON.stringify(answer.body)}`).toBe(SETTINGS_ONLY[role])
      }
      expect(await rowsOf(server, list.table)).toEqual(before)

      const created = await server.call('POST', base(), rowFor(list, 'First'), as('accountAdmin'))
      expect(created.status, JSON.stringify(created.body)).toBe(201)
      expect(created.body).toMatchObject({ ...rowFor(list, 'First'), accountId: callers.a.id })
      const id = created.body.id

      const change = { [list.unique]: 'Changed value' }
      for (const role of ['user', 'salesAdmin'] as const)
        expect((await server.call('PATCH', `${base()}/${id}`, change, as(role))).status).toBe(403)
      expect((await server.call('PATCH', `/api/setup/${callers.b.id}/${list.id}/${id}`, change, as('otherAccount'))).status).toBe(404)
      const patched = await server.call('PATCH', `${base()}/${id}`, change, as('globalAdmin'))
      expect(patched.status).toBe(200)
      expect(patched.body[list.unique]).toBe('Changed value')

      const filtered = await server.call('GET', `${base()}?filter=changed`, undefined, as('user'))
      expect(filtered.body.data.map((r: { id: number }) => r.id)).toEqual([id])

      expect((await server.call('DELETE', `${base()}/${id}`, undefined, as('user'))).status).toBe(403)
      expect((await server.call('DELETE', `/api/setup/${callers.b.id}/${list.id}/${id}`, undefined, as('otherAccount'))).status).toBe(404)
      expect((await server.call('DELETE', `${base()}/${id}`, undefined, as('accountAdmin'))).status).toBe(200)
      expect(await rowsOf(server, list.table)).toEqual(before)
    })

    test(`a duplicate ${list.unique} answers 409 "${list.duplicate}"`, async () => {
      const first = await server.call('POST', base(), rowFor(list, 'Twin'), as('accountAdmin'))
      expect(first.status).toBe(201)
      const before = await rowsOf(server, list.table)
      const twin = { ...rowFor(list, 'Other'), [list.unique]: `twin ${list.unique}`.toUpperCase() }
      const again = await server.call('POST', base(), twin, as('accountAdmin'))
      expect(again.status).toBe(409)
      expect(again.body.message).toBe(list.duplicate)
      expect(again.body.errors).toEqual({ [list.unique]: list.duplicate })
      const other = await server.call('POST', base(), rowFor(list, 'Another'), as('accountAdmin'))
      const clash = await server.call('PATCH', `${base()}/${other.body.id}`, { [list.unique]: `Twin ${list.unique}` }, as('accountAdmin'))
      expect(clash.status).toBe(409)
      expect((await server.call('POST', `/api/setup/${callers.b.id}/${list.id}`, rowFor(list, 'Twin'), as('otherAccount'))).status).toBe(201)
      expect((await rowsOf(server, list.table)).filter((r: { account_id: number }) => r.account_id === callers.a.id)).toHaveLength(
        before.filter((r: { account_id: number }) => r.account_id === callers.a.id).length + 1,
      )
    })

    test('every field is required; bad input changes nothing', async () => {
      const before = await rowsOf(server, list.table)
      const answer = await server.call('POST', base(), {}, as('accountAdmin'))
      expect(answer.status).toBe(400)
      expect(answer.body.errors).toEqual(Object.fromEntries(list.fields.map((f) => [f.name, 'This field is required'])))
      const long = await server.call('POST', base(), { ...rowFor(list, 'Long'), [list.unique]: 'x'.repeat(101) }, as('accountAdmin'))
      expect(long.status).toBe(400)
      expect(long.body.errors[list.unique]).toMatch(/^The maximum number of characters is \d+$/)
      expect(await rowsOf(server, list.table)).toEqual(before)
    })
  })
}

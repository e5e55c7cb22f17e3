/** GET and PUT /api/accounts/:accountId/modules over real HTTP. SQLite, or MariaDB with TEST_DATABASE_URL. */
import { type TestServer, type World, fixtures, startTestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

let server: TestServer
let callers: World

beforeAll(async () => {
  server = await startTestServer()
  callers = await fixtures(server).world()
})
afterAll(() => server?.close())

const modulesOf = (id: number) => `/api/accounts/${id}/modules`
const switches = async (id: number) => server.knex('account_modules').where({ account_id: id }).orderBy('module_id').select('module_id', 'enabled')

describe('an account’s modules', () => {
  test('global admins read and switch them; core stays on', async () => {
    const other = callers.b.id
    const read = await callers.as('globalAdmin', 'GET', modulesOf(other))
    expect(read.status).toBe(200)
    expect(read.body.find((m: any) => m.id === 'core')).toEqual({ id: 'core', enabled: true, alwaysOn: true })
    const module = read.body.find((m: any) => m.id !== 'core')
    expect(module, 'a module besides core is installed').toBeDefined()
    const off = await callers.as('globalAdmin', 'PUT', modulesOf(other), { modules: [{ id: module.id, enabled: false }] })
    expect(off.body.find((m: any) => m.id === module.id).enabled).toBe(false)
    const on = await callers.as('globalAdmin', 'PUT', modulesOf(other), { modules: [{ id: module.id, enabled: true }] })
    expect(on.body.find((m: any) => m.id === module.id).enabled).toBe(true)

    const before = await switches(other)
    const coreOff = await callers.as('globalAdmin', 'PUT', modulesOf(other), { modules: [{ id: 'core', enabled: false }] })
    expect(coreOff.status).toBe(400)
    expect(coreOff.body.errors).toEqual({ 'modules.0.enabled': 'Module core cannot be switched off' })
    const unknown = await callers.as('globalAdmin', 'PUT', modulesOf(other), { modules: [{ id: 'nope', enabled: true }] })
    expect(unknown.body.errors).toEqual({ 'modules.0.id': 'Module nope is not installed' })
    expect((await callers.as('globalAdmin', 'GET', modulesOf(987654))).status).toBe(404)
    expect(await switches(other)).toEqual(before)
  })

  test('everyone else: 403; signed out: 401; nothing changes', async () => {
    const { a: home, b: other } = callers
    const before = [await switches(home.id), await switches(other.id)]
    for (const caller of ['accountAdmin', 'salesAdmin', 'companyAdmin', 'user', 'otherAccount'] as const) {
      expect((await callers.as(caller, 'GET', modulesOf(other.id))).status, caller).toBe(403)
      expect((await callers.as(caller, 'PUT', modulesOf(home.id), { modules: [] })).status, caller).toBe(403)
    }
    expect((await callers.as('anonymous', 'GET', modulesOf(other.id))).status).toBe(401)
    expect([await switches(home.id), await switches(other.id)]).toEqual(before)
  })
})

/**
 * The privilege catalogue, an account's grants and a role's switches over real HTTP,
 * called as every rank. SQLite by default, MariaDB with TEST_DATABASE_URL.
 */
import { describe, expect, test } from 'vitest'
import { serverWithPeople } from '../../test/people'

const { server, p } = await serverWithPeople()

describe('the catalogue', () => {
  test('GET /api/accounts/privileges and /global', async () => {
    const all = await p.as('accountAdmin', 'GET', '/api/accounts/privileges')
    expect(all.status).toBe(200)
    expect(all.body.map((e: any) => e.name)).toEqual(expect.arrayContaining(['ADMIN-ACCESS', 'PROJECT_CREATE', 'PROJECT', 'COMPANY']))
    const global = await p.as('accountAdmin', 'GET', '/api/accounts/privileges/global')
    expect(global.body.every((e: any) => e.global)).toBe(true)
    expect(global.body.length).toBeLessThan(all.body.length)
    for (const role of ['salesAdmin', 'companyAdmin', 'user'] as const) expect((await p.as(role, 'GET', '/api/accounts/privileges')).status, role).toBe(403)
    expect((await p.as('anonymous', 'GET', '/api/accounts/privileges/global')).status).toBe(401)
  })
})

describe("the account's grants", () => {
  test('GET /api/accounts/{accountId}/privileges: resource-specific by default, global with resourceSpecific=false', async () => {
    await p.make.grant(p.people.user, { name: 'PROJECT_CREATE', resource: 'PROJECT', action: 'ADMINISTER' })
    const url = `/api/accounts/${p.a.id}/privileges`
    const specific = await p.as('accountAdmin', 'GET', url)
    expect(specific.status).toBe(200)
    // The company administrator's grant on its company.
    expect(specific.body.data.map((g: any) => [g.userId, g.resource, g.resourceId])).toContainEqual([p.people.companyAdmin.id, 'COMPANY', p.company.id])
    expect(specific.body.data.every((g: any) => g.resourceId !== null)).toBe(true)
    const global = await p.as('accountAdmin', 'GET', `${url}?resourceSpecific=false`)
    expect(global.body.data.map((g: any) => g.name)).toContain('PROJECT_CREATE')
    expect(global.body.data.every((g: any) => g.resourceId === null)).toBe(true)
    for (const role of ['salesAdmin', 'companyAdmin', 'user'] as const) expect((await p.as(role, 'GET', url)).status, role).toBe(403)
    expect((await p.as('otherAccount', 'GET', url)).status).toBe(404)
  })

  test('POST /api/accounts/{accountId}/privileges/toggle/{privilegeId} gives a role a privilege and takes it back', async () => {
    const basic = Number((await server.knex('roles').where({ account_id: p.a.id, name: 'Basic' }).first('id')).id)
    const catalogue = (await p.as('accountAdmin', 'GET', '/api/accounts/privileges/global')).body
    const projectCreate = catalogue.find((e: any) => e.name === 'PROJECT_CREATE').id
    const globalAdmin = catalogue.find((e: any) => e.name === 'GLOBAL_ADMIN-ACCESS').id
    const url = (id: number | string) => `/api/accounts/${p.a.id}/privileges/toggle/${id}`
    const on = await p.as('accountAdmin', 'POST', url(projectCreate), { roleId: basic })
    expect(on.body).toEqual({ privilegeId: projectCreate, roleId: basic, granted: true })
    // The role's holders have it from their next sign-in.
    const user = p.people.user
    const userFlags = await server.call('POST', '/api/authentication', { username: user.username, password: user.password })
    expect(userFlags.body.canManageProjects).toBe(true)
    // A new project needs a client: whoever creates projects may list the companies.
    expect(userFlags.body.canSeeCompany).toBe(true)
    expect((await p.as('accountAdmin', 'POST', url(projectCreate), { roleId: basic })).body.granted).toBe(false)
    expect((await p.as('accountAdmin', 'POST', url(globalAdmin), { roleId: basic })).status).toBe(403)
    expect((await p.as('accountAdmin', 'POST', url(projectCreate), {})).status).toBe(400)
    const otherRole = Number((await server.knex('roles').where({ account_id: p.b.id, name: 'Basic' }).first('id')).id)
    expect((await p.as('accountAdmin', 'POST', url(projectCreate), { roleId: otherRole })).body.errors).toEqual({ roleId: `No role ${otherRole} in this account` })
    // An unknown privilege is not found, whatever the body.
    for (const body of [{ roleId: basic }, {}]) expect((await p.as('accountAdmin', 'POST', url(9999), body)).status).toBe(404)
    expect((await p.as('accountAdmin', 'POST', url('abc'), { roleId: basic })).status).toBe(404)
    expect((await p.as('user', 'POST', url(projectCreate), { roleId: basic })).status).toBe(403)
    expect((await p.as('otherAccount', 'POST', url(projectCreate), { roleId: basic })).status).toBe(404)
    expect(await server.knex('privileges').where({ role_id: basic })).toEqual([])
  })
})

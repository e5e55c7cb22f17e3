/**
 * The privilege endpoints over real HTTP as every demo role: a user's grants, add,
 * remove, add-or-modify-action, authorities, the catalogue, an account's grants and
 * a role's switches. SQLite by default, MariaDB with TEST_DATABASE_URL.
 */
import { DEMO_ROLES, DEMO_PASSWORD, startTestServer } from '@app/api/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

let server: Awaited<ReturnType<typeof startTestServer>>
let ENG: number
let nordic: number
const tokens: Record<string, string> = {}
const ROLES = DEMO_ROLES
type Role = (typeof ROLES)[number] | 'anonymous'

const userIdOf = async (username: string) => Number((await server.knex('users').where({ username }).first('id')).id)
const as = (role: Role, method: string, url: string, body?: unknown) =>
  server.call(method, url, body, role === 'anonymous' ? undefined : tokens[role])

beforeAll(async () => {
  server = await startTestServer()
  ENG = Number((await server.knex('accounts').where({ company: 'Demo Engineering' }).first('id')).id)
  const existing = await server.knex('companies').where({ account_id: ENG, name: 'Nordic Steel Oy' }).first('id')
  nordic = existing
    ? Number(existing.id)
    : Number((await server.knex('companies').insert({ account_id: ENG, name: 'Nordic Steel Oy', created_at: new Date().toISOString() }))[0])
  for (const role of ROLES) tokens[role] = await server.signIn(`${role}@demo.test`)
})
afterAll(() => server?.close())

describe('a user\'s privileges', () => {
  const grant = { action: 'VIEW', resource: 'COMPANY', resourceId: 0 }

  test('add, read, modify the action, read authorities, remove', async () => {
    const id = await userIdOf('user@demo.test')
    const body = { ...grant, resourceId: nordic }
    const added = await as('admin', 'POST', `/api/accountusers/${id}/privileges/add`, body)
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    expect(added.body).toMatchObject({ userId: id, resource: 'COMPANY', resourceId: nordic, action: 'VIEW' })
    const twice = await as('admin', 'POST', `/api/accountusers/${id}/privileges/add`, body)
    expect(twice.status).toBe(409)
    expect(twice.body.message).toBe('The user already has this privilege')

    const list = await as('admin', 'GET', `/api/accountusers/${id}/privileges`)
    expect(list.body.map((g: any) => [g.resource, g.resourceId, g.resourceName, g.action])).toEqual([['COMPANY', nordic, 'Nordic Steel Oy', 'VIEW']])
    const modified = await as('admin', 'POST', `/api/accountusers/${id}/privileges/add-or-modify-action`, { ...body, action: 'EDIT' })
    expect(modified.body.action).toBe('EDIT')
    const authorities = await as('admin', 'GET', `/api/accountusers/${id}/authorities/COMPANY/${nordic}`)
    expect(authorities.body.map((g: any) => g.action)).toEqual(['EDIT'])
    expect((await as('admin', 'GET', `/api/accountusers/${id}/privileges/projects`)).body).toEqual([])
    expect((await as('admin', 'GET', `/api/accountusers/${id}/privileges?projectId=1`)).body).toEqual([])

    const wrongAction = await as('admin', 'POST', `/api/accountusers/${id}/privileges/remove`, body)
    expect(wrongAction.status).toBe(404)
    expect((await as('admin', 'POST', `/api/accountusers/${id}/privileges/remove`, { ...body, action: 'EDIT' })).status).toBe(201)
    expect((await as('admin', 'GET', `/api/accountusers/${id}/privileges`)).body).toEqual([])
  })

  test('a global privilege of the catalogue: added by name, its action changed, removed', async () => {
    const id = await userIdOf('user@demo.test')
    const named = { action: 'VIEW', resource: 'COMPANY', name: 'COMPANY_CREATE' }
    expect((await as('admin', 'POST', `/api/accountusers/${id}/privileges/add`, named)).status).toBe(201)
    expect((await as('admin', 'POST', `/api/accountusers/${id}/privileges/add-or-modify-action`, { ...named, action: 'EDIT' })).status).toBe(201)
    const list = await as('admin', 'GET', `/api/accountusers/${id}/privileges`)
    expect(list.body).toEqual([expect.objectContaining({ name: 'COMPANY_CREATE', resource: 'COMPANY', resourceId: null, resourceName: null, action: 'EDIT' })])
    expect((await as('admin', 'POST', `/api/accountusers/${id}/privileges/remove`, { ...named, action: 'EDIT' })).status).toBe(201)
    // A privilege no installed plugin declares any more can still be taken away.
    await server.knex('privileges').insert({ account_id: ENG, user_id: id, name: 'RETIRED', resource: 'ACCOUNT', action: 'VIEW' })
    expect((await as('admin', 'POST', `/api/accountusers/${id}/privileges/remove`, { action: 'VIEW', resource: 'ACCOUNT', name: 'RETIRED' })).status).toBe(201)
    expect(await server.knex('privileges').where({ user_id: id })).toEqual([])
  })

  test('bad input answers 400 with the field and changes nothing', async () => {
    const id = await userIdOf('user@demo.test')
    const cases: [unknown, Record<string, string>][] = [
      [{}, { action: 'This field is required', resource: 'This field is required' }],
      [{ ...grant, resourceId: nordic, action: 'OWN' }, { action: 'Must be one of ACCESS, VIEW, DOWNLOAD, EDIT, ADMINISTER' }],
      [{ action: 'VIEW', resource: 'COMPANY' }, { resourceId: 'A resource id is required for projects and companies' }],
      [{ action: 'VIEW', resource: 'PROJECT', resourceId: 5 }, { resourceId: 'No project 5 in this account' }],
      [{ action: 'VIEW', resource: 'COMPANY', name: 'MAKE_COFFEE' }, { name: 'Choose a privilege from the catalogue' }],
      // A catalogue name under another resource than its own is no privilege either.
      [{ action: 'VIEW', resource: 'ACCOUNT', name: 'PROJECT_CREATE' }, { name: 'Choose a privilege from the catalogue' }],
      [{ action: 'VIEW', resource: 'COMPANY', name: 'COMPANY_CREATE', resourceId: nordic }, { resourceId: 'A named privilege applies to the whole account: it names no row' }],
    ]
    for (const [body, errors] of cases) {
      const answer = await as('admin', 'POST', `/api/accountusers/${id}/privileges/add`, body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.errors, JSON.stringify(body)).toEqual(errors)
    }
    expect(await server.knex('privileges').where({ user_id: id })).toEqual([])
  })

  test('roles: only user managers change grants; platform grants only for global admins; another account 404', async () => {
    const id = await userIdOf('user@demo.test')
    const body = { ...grant, resourceId: nordic }
    for (const role of ['salesadmin', 'companyadmin', 'user'] as const)
      expect((await as(role, 'POST', `/api/accountusers/${id}/privileges/add`, body)).status, role).toBe(403)
    expect((await as('anonymous', 'POST', `/api/accountusers/${id}/privileges/add`, body)).status).toBe(401)
    const foreign = await as('sales', 'POST', `/api/accountusers/${id}/privileges/add`, body)
    expect(foreign.status).toBe(404)
    // Not found before the body is looked at: a bad one gets the same answer.
    expect((await as('sales', 'POST', `/api/accountusers/${id}/privileges/add`, {})).status).toBe(404)
    // Another account's user is not found, on every read.
    for (const path of ['privileges', 'privileges/projects', `authorities/COMPANY/${nordic}`]) {
      const foreignRead = await as('sales', 'GET', `/api/accountusers/${id}/${path}`)
      expect(foreignRead.status, path).toBe(404)
      expect(foreignRead.body.message, path).toBe('User not found')
    }
    expect((await as('user', 'GET', `/api/accountusers/${id}/privileges`)).status).toBe(403)
    // A company manager reads only the grants of their companies' users.
    await server.knex('privileges').where({ user_id: await userIdOf('companyadmin@demo.test'), resource: 'COMPANY' }).update({ resource_id: nordic })
    const manager = await userIdOf('manager@demo.test')
    expect((await as('admin', 'GET', `/api/accountusers/${manager}/privileges`)).body).not.toEqual([])
    expect((await as('companyadmin', 'GET', `/api/accountusers/${manager}/privileges`)).body).toEqual([])
    const platform = { action: 'ADMINISTER', resource: 'GLOBAL_ADMIN' }
    expect((await as('admin', 'POST', `/api/accountusers/${id}/privileges/add`, platform)).status).toBe(403)
    expect((await as('globaladmin', 'POST', `/api/accountusers/${id}/privileges/add`, platform)).status).toBe(201)
    expect((await as('globaladmin', 'POST', `/api/accountusers/${id}/privileges/remove`, platform)).status).toBe(201)
    expect(await server.knex('privileges').where({ user_id: id })).toEqual([])
  })

  test('an account-level grant changes the menu flags at the next sign-in', async () => {
    const id = await userIdOf('user@demo.test')
    const signIn = async () => (await server.call('POST', '/api/authentication', { username: 'user@demo.test', password: DEMO_PASSWORD })).body
    expect((await signIn()).canManageSettings).toBe(false)
    expect((await as('admin', 'POST', `/api/accountusers/${id}/privileges/add`, { action: 'ADMINISTER', resource: 'ACCOUNT' })).status).toBe(201)
    expect((await signIn()).canManageSettings).toBe(true)
    await as('admin', 'POST', `/api/accountusers/${id}/privileges/remove`, { action: 'ADMINISTER', resource: 'ACCOUNT' })
    expect((await signIn()).canManageSettings).toBe(false)
  })
})

describe('the catalogue and the account\'s grants', () => {
  test('GET /api/accounts/privileges and /global', async () => {
    const all = await as('admin', 'GET', '/api/accounts/privileges')
    expect(all.status).toBe(200)
    expect(all.body.map((p: any) => p.name)).toEqual(expect.arrayContaining(['ADMIN-ACCESS', 'PROJECT_CREATE', 'PROJECT', 'COMPANY']))
    const global = await as('admin', 'GET', '/api/accounts/privileges/global')
    expect(global.body.every((p: any) => p.global)).toBe(true)
    expect(global.body.length).toBeLessThan(all.body.length)
    for (const role of ['salesadmin', 'companyadmin', 'user'] as const) expect((await as(role, 'GET', '/api/accounts/privileges')).status, role).toBe(403)
    expect((await as('anonymous', 'GET', '/api/accounts/privileges/global')).status).toBe(401)
  })

  test('GET /api/accounts/{accountId}/privileges: resource-specific by default, global with resourceSpecific=false', async () => {
    const specific = await as('admin', 'GET', `/api/accounts/${ENG}/privileges`)
    expect(specific.status).toBe(200)
    expect(specific.body.data.every((g: any) => g.resourceId !== null)).toBe(true)
    const global = await as('admin', 'GET', `/api/accounts/${ENG}/privileges?resourceSpecific=false`)
    expect(global.body.data.map((g: any) => g.name)).toContain('PROJECT_CREATE')
    expect(global.body.data.every((g: any) => g.resourceId === null)).toBe(true)
    for (const role of ['salesadmin', 'companyadmin', 'user'] as const) expect((await as(role, 'GET', `/api/accounts/${ENG}/privileges`)).status, role).toBe(403)
    expect((await as('sales', 'GET', `/api/accounts/${ENG}/privileges`)).status).toBe(404)
  })

  test('POST /api/accounts/{accountId}/privileges/toggle/{privilegeId} gives a role a privilege and takes it back', async () => {
    const basic = Number((await server.knex('roles').where({ account_id: ENG, name: 'Basic' }).first('id')).id)
    const catalogue = (await as('admin', 'GET', '/api/accounts/privileges/global')).body
    const projectCreate = catalogue.find((p: any) => p.name === 'PROJECT_CREATE').id
    const globalAdmin = catalogue.find((p: any) => p.name === 'GLOBAL_ADMIN-ACCESS').id
    const url = (id: number) => `/api/accounts/${ENG}/privileges/toggle/${id}`
    const on = await as('admin', 'POST', url(projectCreate), { roleId: basic })
    expect(on.body).toEqual({ privilegeId: projectCreate, roleId: basic, granted: true })
    const userFlags = await server.call('POST', '/api/authentication', { username: 'user@demo.test', password: DEMO_PASSWORD })
    expect(userFlags.body.canManageProjects).toBe(true)
    expect((await as('admin', 'POST', url(projectCreate), { roleId: basic })).body.granted).toBe(false)
    expect((await as('admin', 'POST', url(globalAdmin), { roleId: basic })).status).toBe(403)
    expect((await as('admin', 'POST', url(projectCreate), {})).status).toBe(400)
    expect((await as('admin', 'POST', url(9999), { roleId: basic })).status).toBe(404)
    expect((await as('user', 'POST', url(projectCreate), { roleId: basic })).status).toBe(403)
    expect((await as('sales', 'POST', url(projectCreate), { roleId: basic })).status).toBe(404)
    expect(await server.knex('privileges').where({ role_id: basic })).toEqual([])
  })
})

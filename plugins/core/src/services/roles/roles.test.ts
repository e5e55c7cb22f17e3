/**
 * Roles over real HTTP as each rank: the built-ins every account has, add,
 * rename, remove and who may. SQLite by default, MariaDB with TEST_DATABASE_URL.
 */
import { type Caller, type TestServer, type World, fixtures, startTestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { builtInRoles } from '../../migrations/007-built-in-roles'

let server: TestServer
let callers: World
let home: number

const as = (caller: Caller, method: string, url: string, body?: unknown) => callers.as(caller, method, url, body)
const namesOf = async (caller: Caller) => (await as(caller, 'GET', '/api/roles?$limit=500')).body.data.map((r: { name: string }) => r.name)
const roleId = async (accountId: number, name: string) => Number((await server.knex('roles').where({ account_id: accountId, name }).first('id')).id)

beforeAll(async () => {
  server = await startTestServer()
  callers = await fixtures(server).world()
  home = callers.a.id
})
afterAll(() => server?.close())

describe('built-in roles', () => {
  test('each account lists Administrators and Basic, marked built-in; a new account has them from the start, its first admin in Administrators', async () => {
    const answer = await as('accountAdmin', 'GET', '/api/roles?$sort[name]=1')
    expect(answer.status).toBe(200)
    expect(answer.body.data.map((r: any) => [r.name, r.securityGroup, r.builtIn])).toEqual([
      ['Administrators', 'ADMIN', true],
      ['Basic', 'USER', true],
    ])

    // A signed-up account has both at once; opened by a global admin, its admin lists them.
    const signUp = await server.call('POST', '/api/accounts', {
      firstName: 'Rolf',
      lastName: 'Roles',
      email: 'rolf@roles.test',
      repeatEmail: 'rolf@roles.test',
      password: 'secret-one',
      repeatPassword: 'secret-one',
      company: 'Roles Oy',
      country: 'FI',
      phone: '+358 40 123 4567',
    })
    expect(signUp.status, JSON.stringify(signUp.body)).toBe(201)
    // Sign-up answers alike for every e-mail, without the account's id.
    const accountId = Number((await server.knex('accounts').where({ company: 'Roles Oy' }).first('id')).id)
    const made = await server.knex('roles').where({ account_id: accountId }).orderBy('name')
    expect(made.map((r) => [r.name, r.security_group])).toEqual([
      ['Administrators', 'ADMIN'],
      ['Basic', 'USER'],
    ])
    const membership = await server.knex('account_users').where({ account_id: accountId }).first('role_id', 'access_level')
    expect([Number(membership.role_id), membership.access_level]).toEqual([Number(made[0].id), 'ACCOUNT_ADMIN'])
    expect((await as('globalAdmin', 'POST', `/api/accounts/toggle/${accountId}`)).status).toBe(201)
    const token = await server.signIn('rolf@roles.test', 'secret-one')
    const theirs = await server.call('GET', '/api/roles', undefined, token)
    expect(theirs.body.data.map((r: any) => [r.name, r.builtIn])).toEqual([
      ['Administrators', true],
      ['Basic', true],
    ])
  })

  test('migration 007 gives accounts made before built-in roles both of them, once', async () => {
    const [id] = await server.knex('accounts').insert({ account_no: 'OLD0001', company: 'Made before roles', enabled: true, trial: false, created_at: new Date().toISOString() })
    await builtInRoles.up(server.knex)
    await builtInRoles.up(server.knex)
    const names = await server.knex('roles').where({ account_id: Number(id) }).orderBy('name').pluck('name')
    expect(names).toEqual(['Administrators', 'Basic'])
  })

  test('a built-in role is neither renamed, regrouped nor removed (403), and its name is taken in any case', async () => {
    const basic = await roleId(home, 'Basic')
    for (const change of [{ name: 'Staff' }, { securityGroup: 'ADMIN' }]) {
      const answer = await as('accountAdmin', 'PATCH', `/api/roles/${basic}`, change)
      expect(answer.status, JSON.stringify(change)).toBe(403)
      expect(answer.body.message).toBe('A built-in role cannot be changed or removed')
    }
    expect((await as('accountAdmin', 'DELETE', `/api/roles/${await roleId(home, 'Administrators')}`)).status).toBe(403)
    const taken = await as('accountAdmin', 'POST', '/api/roles', { name: 'administrators' })
    expect(taken.status).toBe(409)
    expect(taken.body.message).toBe('A role with this name already exists')
    expect(await namesOf('accountAdmin')).toEqual(['Administrators', 'Basic'])
  })
})

describe('custom roles', () => {
  test('added with the name trimmed and USER by default, renamed, regrouped and removed', async () => {
    const added = await as('accountAdmin', 'POST', '/api/roles', { name: '  Surveyors ' })
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    expect(added.body).toMatchObject({ name: 'Surveyors', securityGroup: 'USER', builtIn: false, accountId: home })
    const renamed = await as('accountAdmin', 'PATCH', `/api/roles/${added.body.id}`, { name: 'Site surveyors', securityGroup: 'ADMIN' })
    expect(renamed.status).toBe(200)
    expect(renamed.body).toMatchObject({ name: 'Site surveyors', securityGroup: 'ADMIN', builtIn: false })
    // Its own name again (another case) is no conflict with itself.
    expect((await as('accountAdmin', 'PATCH', `/api/roles/${added.body.id}`, { name: 'SITE SURVEYORS' })).status).toBe(200)
    expect((await as('accountAdmin', 'DELETE', `/api/roles/${added.body.id}`)).status).toBe(200)
    expect(await namesOf('accountAdmin')).toEqual(['Administrators', 'Basic'])
  })

  test('bad names answer 400 with the field; a name in use, in any case, 409', async () => {
    const cases: [unknown, Record<string, string>][] = [
      [{}, { name: 'This field is required' }],
      [{ name: 'X' }, { name: 'You must enter at least 2 characters' }],
      [{ name: '   ' }, { name: 'You must enter at least 2 characters' }],
      [{ name: 'x'.repeat(101) }, { name: 'The maximum number of characters is 100' }],
      [{ name: 'Guests', securityGroup: 'OWNER' }, { securityGroup: 'Must be one of ADMIN, USER' }],
      [{ name: 'Guests', accountNo: 'X' }, { accountNo: 'Unknown field' }],
    ]
    for (const [body, errors] of cases) {
      const answer = await as('accountAdmin', 'POST', '/api/roles', body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.errors, JSON.stringify(body)).toEqual(errors)
    }
    const first = await as('accountAdmin', 'POST', '/api/roles', { name: 'Drafters' })
    const again = await as('accountAdmin', 'POST', '/api/roles', { name: 'DRAFTERS ' })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('A role with this name already exists')
    const other = await as('accountAdmin', 'POST', '/api/roles', { name: 'Checkers' })
    const clash = await as('accountAdmin', 'PATCH', `/api/roles/${other.body.id}`, { name: 'drafters' })
    expect(clash.status).toBe(409)
    // Another account may use the same name.
    const elsewhere = await as('otherAccount', 'POST', '/api/roles', { name: 'Drafters' })
    expect(elsewhere.status).toBe(201)
    for (const [role, id] of [
      ['accountAdmin', first.body.id],
      ['accountAdmin', other.body.id],
      ['otherAccount', elsewhere.body.id],
    ] as const)
      expect((await as(role, 'DELETE', `/api/roles/${id}`)).status).toBe(200)
  })

  test('a role given to users is not removed (409) until they have another; its privileges go with it', async () => {
    const role = await as('accountAdmin', 'POST', '/api/roles', { name: 'Inspectors' })
    const user = callers.people.user.id
    const basic = await roleId(home, 'Basic')
    const catalogue = (await as('accountAdmin', 'GET', '/api/accounts/privileges/global')).body
    const projectCreate = catalogue.find((p: any) => p.name === 'PROJECT_CREATE').id
    expect((await as('accountAdmin', 'POST', `/api/accounts/${home}/privileges/toggle/${projectCreate}`, { roleId: role.body.id })).body.granted).toBe(true)
    expect((await as('accountAdmin', 'POST', `/api/accountusers/${home}/securitygroups/${user}/${role.body.id}`)).status).toBe(201)

    const refused = await as('accountAdmin', 'DELETE', `/api/roles/${role.body.id}`)
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe('The role is given to users; give them another role first')

    expect((await as('accountAdmin', 'POST', `/api/accountusers/${home}/securitygroups/${user}/${basic}`)).status).toBe(201)
    expect((await as('accountAdmin', 'DELETE', `/api/roles/${role.body.id}`)).status).toBe(200)
    expect(await server.knex('privileges').where({ role_id: role.body.id })).toEqual([])
  })
})

describe('who may', () => {
  test('every signed-in member lists their own account\'s roles; only settings managers change them; another account 404', async () => {
    const role = await as('accountAdmin', 'POST', '/api/roles', { name: 'Reviewers' })
    const url = `/api/roles/${role.body.id}`
    for (const reader of ['globalAdmin', 'salesAdmin', 'companyAdmin', 'user'] as const) {
      expect((await as(reader, 'GET', '/api/roles')).status, reader).toBe(200)
      expect((await as(reader, 'GET', url)).status, reader).toBe(200)
    }
    for (const denied of ['salesAdmin', 'companyAdmin', 'user'] as const) {
      expect((await as(denied, 'POST', '/api/roles', { name: 'Mine' })).status, denied).toBe(403)
      expect((await as(denied, 'PATCH', url, { name: 'Mine' })).status, denied).toBe(403)
      expect((await as(denied, 'DELETE', url)).status, denied).toBe(403)
    }
    // The other account's admin does not see this account's role at all.
    expect(await namesOf('otherAccount')).not.toContain('Reviewers')
    for (const [method, body] of [['GET'], ['PATCH', { name: 'Theirs' }], ['DELETE']] as const)
      expect((await as('otherAccount', method, url, body)).status, method).toBe(404)
    for (const [method, path, body] of [['GET', '/api/roles'], ['POST', '/api/roles', { name: 'Nobody' }], ['PATCH', url, { name: 'Nobody' }], ['DELETE', url]] as const)
      expect((await as('anonymous', method, path, body)).status, `${method} ${path}`).toBe(401)
    expect((await as('globalAdmin', 'PATCH', url, { name: 'Peer reviewers' })).status).toBe(200)
    expect((await as('accountAdmin', 'DELETE', url)).status).toBe(200)
    expect(await server.knex('roles').where({ name: 'Mine' })).toEqual([])
  })
})

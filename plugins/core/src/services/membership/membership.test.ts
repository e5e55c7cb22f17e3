/**
 * A member's role, access level, enabled switch and the list's two-factor switch over real
 * HTTP, called as every rank. SQLite by default, MariaDB with TEST_DATABASE_URL.
 */
import { type Person, type TestServer, startTestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type People, userManagementPeople } from '../../test/people'

let server: TestServer
let p: People
let manager: Person

const roleId = async (accountId: number, name: string) => Number((await server.knex('roles').where({ account_id: accountId, name }).first('id')).id)

beforeAll(async () => {
  server = await startTestServer()
  p = await userManagementPeople(server)
  manager = await p.make.user(p.a, 'user')
})
afterAll(() => server?.close())

describe('role and access level', () => {
  test('POST /api/accountusers/{accountId}/securitygroups/{userId}/{groupId}', async () => {
    const admins = await roleId(p.a.id, 'Administrators')
    const url = (group: number) => `/api/accountusers/${p.a.id}/securitygroups/${manager.id}/${group}`
    const wrong = await p.as('accountAdmin', 'POST', url(await roleId(p.b.id, 'Basic')), {})
    expect(wrong.status).toBe(400)
    expect(wrong.body.errors).toEqual({ groupId: 'changing user group failed' })
    expect((await p.as('user', 'POST', url(admins), {})).status).toBe(403)
    expect((await p.as('companyAdmin', 'POST', url(admins), {})).status).toBe(403)
    expect((await p.as('otherAccount', 'POST', url(admins), {})).status).toBe(404)
    expect((await p.as('anonymous', 'POST', url(admins), {})).status).toBe(401)
    expect((await server.knex('account_users').where({ account_id: p.a.id, user_id: manager.id }).first('role_id')).role_id).not.toBe(admins)
    const ok = await p.as('accountAdmin', 'POST', url(admins), {})
    expect(ok.status).toBe(201)
    expect(ok.body.roleName).toBe('Administrators')
    const basic = await p.as('accountAdmin', 'POST', url(await roleId(p.a.id, 'Basic')), {})
    expect([basic.status, basic.body.roleName]).toEqual([201, 'Basic'])
  })

  test('POST /api/accountusers/{accountId}/accesslevel/{userId}/{level}', async () => {
    const url = (level: string, user = manager.id) => `/api/accountusers/${p.a.id}/accesslevel/${user}/${level}`
    expect((await p.as('accountAdmin', 'POST', url('SALES_ADMIN'), {})).body.accessLevel).toBe('SALES_ADMIN')
    const global = await p.as('accountAdmin', 'POST', url('GLOBAL_ADMIN'), {})
    expect(global.status).toBe(403)
    expect(global.body.message).toBe('Only global admins may give or take the global admin level')
    expect((await p.as('globalAdmin', 'POST', url('GLOBAL_ADMIN'), {})).status).toBe(201)
    // Nobody but a global admin acts on a global admin.
    expect((await p.as('accountAdmin', 'POST', url('ACCESS'), {})).status).toBe(403)
    expect((await p.as('globalAdmin', 'POST', url('ACCESS'), {})).body.accessLevel).toBe('ACCESS')
    expect((await p.as('accountAdmin', 'POST', url('BOSS'), {})).status).toBe(400)
    const self = await p.as('accountAdmin', 'POST', url('ACCESS', p.people.accountAdmin.id), {})
    expect([self.status, self.body.message]).toEqual([400, 'You cannot change your own access level'])
    for (const role of ['salesAdmin', 'companyAdmin', 'user'] as const) expect((await p.as(role, 'POST', url('ACCOUNT_ADMIN'), {})).status, role).toBe(403)
    expect((await p.as('otherAccount', 'POST', url('ACCESS'), {})).status).toBe(404)
    expect((await p.as('anonymous', 'POST', url('ACCESS'), {})).status).toBe(401)
    expect((await server.knex('account_users').where({ account_id: p.a.id, user_id: manager.id }).first('access_level')).access_level).toBe('ACCESS')
  })
})

describe('POST /api/accountusers/{accountId}/toggle/{userId}', () => {
  test("disables the membership and ends its sessions, enables it again; not oneself, not another account's", async () => {
    const member = await p.make.user(p.a, 'user')
    const token = await p.make.signIn(member)
    const url = (userId: number) => `/api/accountusers/${p.a.id}/toggle/${userId}`
    expect((await p.as('user', 'POST', url(member.id), {})).status).toBe(403)
    expect((await p.as('otherAccount', 'POST', url(member.id), {})).status).toBe(404)
    const self = await p.as('accountAdmin', 'POST', url(p.people.accountAdmin.id), {})
    expect([self.status, self.body.message]).toEqual([400, 'You cannot disable yourself'])
    expect((await p.as('accountAdmin', 'POST', url(member.id), {})).body).toEqual({ userId: member.id, enabled: false })
    expect((await server.call('GET', '/api/authentication/validate', undefined, token)).status).toBe(401)
    expect((await p.as('accountAdmin', 'POST', url(member.id), {})).body).toEqual({ userId: member.id, enabled: true })
    expect((await p.as('accountAdmin', 'POST', url(987654), {})).status).toBe(404)
  })
})

describe('POST /api/accountusers/{accountId}/toggle/{userId}/2fa', () => {
  test("another person's two-factor is a global admin's to switch; on only once they have set it up", async () => {
    const url = `/api/accountusers/${p.a.id}/toggle/${manager.id}/2fa`
    const admin = await p.as('accountAdmin', 'POST', url, {})
    expect([admin.status, admin.body.message]).toEqual([403, 'You do not have access to edit this user'])
    const notSetUp = await p.as('globalAdmin', 'POST', url, {})
    expect([notSetUp.status, notSetUp.body.message]).toEqual([409, 'The user must set up two-factor sign-in from their profile first'])
    expect((await p.as('otherAccount', 'POST', url, {})).status).toBe(404)
    expect((await server.knex('users').where({ id: manager.id }).first('two_factor_enabled')).two_factor_enabled).toBeFalsy()
  })
})

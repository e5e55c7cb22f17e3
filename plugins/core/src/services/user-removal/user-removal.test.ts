/**
 * A user anonymised or removed from the account over real HTTP, called as every rank.
 * SQLite by default, MariaDB with TEST_DATABASE_URL.
 */
import { describe, expect, test } from 'vitest'
import { serverWithPeople } from '../../test/people'

const { server, p } = await serverWithPeople()

describe('DELETE /api/accountusers/{userId}/anonymous', () => {
  test('data replaced, sign-in and tokens end; not oneself, not twice', async () => {
    const leaving = await p.make.user(p.a, 'user', { firstName: 'Tempo', lastName: 'Rary' })
    const token = await p.make.signIn(leaving)
    const url = `/api/accountusers/${leaving.id}/anonymous`
    for (const role of ['salesAdmin', 'companyAdmin', 'user'] as const) expect((await p.as(role, 'DELETE', url)).status, role).toBe(403)
    expect((await p.as('otherAccount', 'DELETE', url)).status).toBe(404)
    expect((await p.as('anonymous', 'DELETE', url)).status).toBe(401)
    const self = await p.as('accountAdmin', 'DELETE', `/api/accountusers/${p.people.accountAdmin.id}/anonymous`)
    expect(self.status).toBe(400)
    expect(self.body.message).toBe('You cannot anonymise yourself')
    expect((await server.knex('users').where({ id: leaving.id }).first('anonymous')).anonymous).toBeFalsy()

    const done = await p.as('accountAdmin', 'DELETE', url)
    expect(done.status).toBe(200)
    expect(done.body).toMatchObject({ anonymous: true, enabled: false, firstName: 'Anonymous' })
    expect(done.body.username).not.toContain(leaving.username)
    expect((await server.call('GET', '/api/authentication/validate', undefined, token)).status).toBe(401)
    expect((await server.call('POST', '/api/authentication', { username: leaving.username, password: leaving.password })).status).toBe(401)
    const twice = await p.as('accountAdmin', 'DELETE', url)
    expect(twice.status).toBe(409)
    expect(twice.body.message).toBe('The user is already anonymous')
    // Hidden from the default list, shown with onlyEditable=false.
    const list = (query: string) => p.as('accountAdmin', 'GET', `/api/accountusers/${p.a.id}?${query}`)
    expect((await list('filter=anonymous')).body.total).toBe(0)
    expect((await list('onlyEditable=false&filter=anonymous')).body.data.map((u: { id: number }) => u.id)).toEqual([leaving.id])
  })

  test('a user of other accounts too is removed, not anonymised', async () => {
    const answer = await p.as('accountAdmin', 'DELETE', `/api/accountusers/${p.both.id}/anonymous`)
    expect([answer.status, answer.body.message]).toEqual([409, 'The user belongs to other accounts: remove them from this account instead'])
    expect((await server.knex('users').where({ id: p.both.id }).first('username')).username).toBe(p.both.username)
  })
})

describe('DELETE /api/accountusers/{userId}/remove', () => {
  test('takes the membership away from the current account only', async () => {
    const staying = await p.make.user(p.a, 'user')
    await p.make.join(staying, p.b)
    await p.make.grant(staying, { resource: 'COMPANY', resourceId: p.company.id, action: 'VIEW' })
    const url = `/api/accountusers/${staying.id}/remove`
    expect((await p.as('user', 'DELETE', url)).status).toBe(403)
    // Another account's admin does not reach this account's members.
    expect((await p.as('otherAccount', 'DELETE', `/api/accountusers/${p.people.user.id}/remove`)).status).toBe(404)
    expect((await p.as('accountAdmin', 'DELETE', `/api/accountusers/${p.people.accountAdmin.id}/remove`)).status).toBe(400)
    expect((await p.as('accountAdmin', 'DELETE', url)).status).toBe(200)
    expect(await server.knex('account_users').where({ user_id: staying.id }).pluck('account_id')).toEqual([p.b.id])
    expect(await server.knex('privileges').where({ user_id: staying.id })).toEqual([])
    expect((await p.as('accountAdmin', 'GET', `/api/accountusers/user/${staying.id}`)).status).toBe(404)
  })
})

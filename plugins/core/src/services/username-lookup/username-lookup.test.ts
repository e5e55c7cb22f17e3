/**
 * The new-user wizard's e-mail look-ups over real HTTP: whether an e-mail is registered,
 * whether its person is a member already, and the account's users by e-mail.
 * SQLite by default, MariaDB with TEST_DATABASE_URL.
 */
import { describe, expect, test } from 'vitest'
import { serverWithPeople } from '../../test/people'

const { p } = await serverWithPeople()

const FREE = 'nobody-registered@fixture.test'

describe('the new-user wizard’s look-ups', () => {
  test('HEAD /api/accountusers?username= answers 200 for a registered e-mail, 404 for a free one', async () => {
    const taken = p.people.user.username
    expect((await p.as('accountAdmin', 'HEAD', `/api/accountusers?username=${taken}`)).status).toBe(200)
    expect((await p.as('accountAdmin', 'HEAD', `/api/accountusers?username=${FREE}`)).status).toBe(404)
    expect((await p.as('user', 'HEAD', `/api/accountusers?username=${taken}`)).status).toBe(403)
    expect((await p.as('anonymous', 'HEAD', `/api/accountusers?username=${taken}`)).status).toBe(401)
  })

  test('GET /api/accountusers/exists?username= answers {exists, member}', async () => {
    const exists = (username: string) => p.as('accountAdmin', 'GET', `/api/accountusers/exists?username=${encodeURIComponent(username)}`)
    expect((await exists(p.people.user.username.toUpperCase())).body).toEqual({ exists: true, member: true })
    // The other account's admin is registered, but no member of this account.
    expect((await exists(p.people.otherAccount.username)).body).toEqual({ exists: true, member: false })
    expect((await exists(FREE)).body).toEqual({ exists: false, member: false })
    expect((await p.as('salesAdmin', 'GET', `/api/accountusers/exists?username=${FREE}`)).status).toBe(403)
  })

  test('GET /api/accountusers?username= lists the matching users of the own account only', async () => {
    const answer = await p.as('otherAccount', 'GET', `/api/accountusers?username=${p.both.username}&includeExternal=true`)
    expect(answer.status).toBe(200)
    expect(answer.body.map((u: any) => u.accountId)).toEqual([p.b.id])
    // A company's user is external in acme: listed only when asked for.
    expect((await p.as('accountAdmin', 'GET', `/api/accountusers?username=${p.both.username}`)).body).toEqual([])
    const external = await p.as('accountAdmin', 'GET', `/api/accountusers?username=${p.both.username}&includeExternal=true`)
    expect(external.body.map((u: any) => [u.userId, u.accountId, u.companyName])).toEqual([[p.both.id, p.a.id, p.company.name]])
  })
})

/**
 * The account's users over real HTTP, called as every rank: the list, one user and the
 * edit form. SQLite by default, MariaDB with TEST_DATABASE_URL.
 */
import { type Caller, type Person, type TestServer, startTestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type People, userManagementPeople } from '../../test/people'

let server: TestServer
let p: People
let manager: Person

const ids = (body: { data: { id: number }[] }) => body.data.map((u) => u.id)
const usernames = (body: { data: { username: string }[] }) => body.data.map((u) => u.username)

beforeAll(async () => {
  server = await startTestServer()
  p = await userManagementPeople(server)
  manager = await p.make.user(p.a, 'user', { firstName: 'Mika', lastName: 'Manager' })
})
afterAll(() => server?.close())

describe('the ranks that read the users', () => {
  test('a sales admin manages companies but not users; a company administrator manages its companies’ users', async () => {
    const flags = async (person: Person) => (await server.call('POST', '/api/authentication', { username: person.username, password: person.password })).body
    expect(await flags(p.people.salesAdmin)).toMatchObject({ canManageCompany: true, canManageUsers: false, canManageSettings: false })
    expect(await flags(p.people.companyAdmin)).toMatchObject({ canManageCompanyUsers: true, canManageUsers: false, canSeeCompany: true })
  })
})

describe('GET /api/accountusers/{accountId}', () => {
  const list = (role: Caller, query = '', account = p.a.id) => p.as(role, 'GET', `/api/accountusers/${account}${query}`)

  test('each role gets its answer', async () => {
    for (const role of ['globalAdmin', 'accountAdmin', 'companyAdmin'] as const) expect((await list(role)).status, role).toBe(200)
    for (const role of ['salesAdmin', 'user'] as const) expect((await list(role)).status, role).toBe(403)
    expect((await list('anonymous')).status).toBe(401)
    expect((await list('otherAccount')).status).toBe(404)
  })

  test('a page: total, limit, skip and data sorted by last name; system users and anonymous ones hidden by default', async () => {
    const answer = await list('accountAdmin')
    expect(answer.body).toMatchObject({ limit: 50, skip: 0 })
    const names = usernames(answer.body)
    expect(names).toContain(p.people.user.username)
    expect(names).not.toContain(p.people.globalAdmin.username)
    expect(names).not.toContain(p.people.otherAccount.username)
    expect(answer.body.total).toBe(names.length)
    const lastNames = answer.body.data.map((u: any) => u.lastName)
    expect(lastNames).toEqual([...lastNames].sort((a: string, b: string) => a.localeCompare(b)))
    expect(usernames((await list('accountAdmin', '?includeSystem=true')).body)).toContain(p.people.globalAdmin.username)
  })

  test('filter by name, e-mail or acronym, case-insensitive; sort both ways; paging', async () => {
    const user = p.people.user
    const { acronym } = await server.knex('users').where({ id: user.id }).first('acronym')
    expect(ids((await list('accountAdmin', '?filter=ULLA')).body)).toEqual([user.id])
    expect(ids((await list('accountAdmin', '?filter=uusim')).body)).toEqual([user.id])
    expect(ids((await list('accountAdmin', `?filter=${acronym.toLowerCase()}`)).body)).toContain(user.id)
    expect((await list('accountAdmin', `?filter=${encodeURIComponent(p.both.username.toUpperCase())}`)).body.total).toBe(1)
    expect((await list('accountAdmin', '?filter=%25')).body.total).toBe(0)
    const down = usernames((await list('accountAdmin', '?$sort[username]=-1')).body)
    expect(down).toEqual([...down].sort().reverse())
    const page = await list('accountAdmin', '?$limit=2&$skip=1')
    expect(page.body.data).toHaveLength(2)
    expect(page.body.skip).toBe(1)
    expect((await list('accountAdmin', '?$sort[password]=1')).status).toBe(400)
  })

  test('removalRequested=true lists only the members who asked for their removal, false the others', async () => {
    const leaving = await p.make.user(p.a)
    expect((await p.as('accountAdmin', 'POST', `/api/accountusers/${leaving.id}/toggleRequestRemoval`, {})).body.removalRequested).toBe(true)
    try {
      const asked = (await list('accountAdmin', '?removalRequested=true&$limit=500')).body
      expect(ids(asked)).toEqual([leaving.id])
      expect(asked.total).toBe(1)
      expect(asked.data[0].removalRequested).toBe(true)
      const others = ids((await list('accountAdmin', '?removalRequested=false&$limit=500')).body)
      expect(others).toContain(p.people.user.id)
      expect(others).not.toContain(leaving.id)
      // The filter narrows the caller's own list: a company manager still sees only their companies' users.
      expect(ids((await list('companyAdmin', '?removalRequested=true')).body)).toEqual([])
      expect((await list('accountAdmin', '?removalRequested=maybe')).status).toBe(400)
    } finally {
      await p.as('accountAdmin', 'POST', `/api/accountusers/${leaving.id}/toggleRequestRemoval`, {})
    }
  })

  test('a company manager sees only the users of the companies they manage', async () => {
    expect(ids((await list('companyAdmin')).body)).toEqual([p.both.id])
  })

  test("each row names its member's company, as the companies plugin tells it; a member of none has no name", async () => {
    const rows = (await list('accountAdmin', '?$limit=500')).body.data as { id: number; companyName: string | null }[]
    const byId = new Map(rows.map((u) => [u.id, u.companyName]))
    expect(byId.get(p.both.id)).toBe(p.company.name)
    expect(byId.get(p.people.user.id)).toBeNull()
    const one = await p.as('accountAdmin', 'GET', `/api/accountusers/user/${p.both.id}`)
    expect(one.body.companyName).toBe(p.company.name)
  })
})

describe('GET /api/accountusers/user/{userId}', () => {
  test('the user, or User not found', async () => {
    const { id, username } = p.people.user
    const answer = await p.as('accountAdmin', 'GET', `/api/accountusers/user/${id}`)
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ id, username, roleName: 'Basic', accessLevel: 'ACCESS' })
    const missing = await p.as('accountAdmin', 'GET', '/api/accountusers/user/987654')
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe('User not found')
    expect((await p.as('otherAccount', 'GET', `/api/accountusers/user/${id}`)).status).toBe(404)
    // A company manager reads only the users of its companies.
    expect((await p.as('companyAdmin', 'GET', `/api/accountusers/user/${id}`)).status).toBe(404)
    expect((await p.as('companyAdmin', 'GET', `/api/accountusers/user/${p.both.id}`)).status).toBe(200)
    expect((await p.as('user', 'GET', `/api/accountusers/user/${p.people.accountAdmin.id}`)).status).toBe(403)
    expect((await p.as('anonymous', 'GET', `/api/accountusers/user/${id}`)).status).toBe(401)
  })
  test('everyone reads their own membership, removal request included', async () => {
    const { id } = p.people.user
    const own = await p.as('user', 'GET', `/api/accountusers/user/${id}`)
    expect(own.status).toBe(200)
    expect(own.body).toMatchObject({ id, accountId: p.a.id, removalRequested: false })
    await p.as('user', 'POST', `/api/accountusers/${id}/toggleRequestRemoval`, {})
    try {
      expect((await p.as('user', 'GET', `/api/accountusers/user/${id}`)).body.removalRequested).toBe(true)
    } finally {
      await p.as('user', 'POST', `/api/accountusers/${id}/toggleRequestRemoval`, {})
    }
    // A sales admin has no user flag either: their own record only.
    expect((await p.as('salesAdmin', 'GET', `/api/accountusers/user/${p.people.salesAdmin.id}`)).status).toBe(200)
    expect((await p.as('salesAdmin', 'GET', `/api/accountusers/user/${id}`)).status).toBe(403)
  })
})

describe('PUT /api/accountusers/{accountId}', () => {
  const edit = (role: Caller, body: unknown, account = p.a.id) => p.as(role, 'PUT', `/api/accountusers/${account}`, body)
  const of = async (person: Person) => {
    const u = await server.knex('users').where({ id: person.id }).first()
    return { id: person.id, username: u.username, firstName: u.first_name, lastName: u.last_name, acronym: u.acronym }
  }

  test('validation and duplicates change nothing', async () => {
    const before = await of(manager)
    const taken = await of(p.people.user)
    const cases: [unknown, number, Record<string, string> | string][] = [
      [{ ...before, firstName: 'Mi' }, 400, { firstName: 'You must enter at least 3 characters' }],
      [{ ...before, acronym: '' }, 400, { acronym: 'This field is required' }],
      [{ ...before, username: '' }, 400, { username: 'This field is required' }],
      // The login e-mail is identity: an account admin changes none (src/identity.test.ts).
      [{ ...before, username: taken.username }, 403, 'You do not have access to edit this user'],
      [{ ...before, acronym: taken.acronym.toLowerCase() }, 409, 'Acronym is already in use'],
    ]
    for (const [body, status, expected] of cases) {
      const answer = await edit('accountAdmin', body)
      expect(answer.status, JSON.stringify(body)).toBe(status)
      if (typeof expected === 'string') expect(answer.body.message).toBe(expected)
      else expect(answer.body.errors).toEqual(expected)
    }
    const duplicate = await edit('globalAdmin', { ...before, username: taken.username })
    expect([duplicate.status, duplicate.body.message]).toEqual([409, 'Email is already registered'])
    expect(await of(manager)).toEqual(before)
  })

  test('admins edit anyone; a company manager only their company users; others 403; another account 404', async () => {
    const before = await of(manager)
    const ok = await edit('accountAdmin', { ...before, firstName: 'Mikael' })
    expect(ok.status).toBe(200)
    expect(ok.body.firstName).toBe('Mikael')
    const edited = { ...before, firstName: 'Mikael' }
    const denied = await edit('companyAdmin', { ...edited, firstName: 'Hacked' })
    expect(denied.status).toBe(403)
    expect(denied.body.message).toBe('You do not have access to edit this user')
    const consultant = await of(p.both)
    // The consultant belongs to the other account too: their names are theirs in both accounts.
    expect((await edit('companyAdmin', { ...consultant, lastName: 'Consult' })).status).toBe(403)
    expect((await edit('accountAdmin', { ...consultant, lastName: 'Consult' })).status).toBe(403)
    expect((await edit('globalAdmin', { ...consultant, lastName: 'Consult' })).status).toBe(200)
    expect((await edit('user', edited)).status).toBe(403)
    expect((await edit('salesAdmin', edited)).status).toBe(403)
    expect((await edit('otherAccount', edited)).status).toBe(404)
    expect((await edit('anonymous', edited)).status).toBe(401)
    expect((await of(manager)).firstName).toBe('Mikael')
    // The list's search keys follow the edit.
    const found = await p.as('accountAdmin', 'GET', `/api/accountusers/${p.a.id}?filter=mikael manager`)
    expect(ids(found.body)).toEqual([manager.id])
  })
})

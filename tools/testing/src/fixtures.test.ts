/** The builders make what they say: each rank signs in with the flags of that rank, in the account it was made for. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { CALLERS, CAST, type Caller, type Fixtures, type Person, type TestServer, fixtures, startTestServer } from './index'

describe('fixture builders', () => {
  let server: TestServer
  let make: Fixtures
  beforeAll(async () => {
    server = await startTestServer()
    make = fixtures(server)
  })
  afterAll(() => server?.close())

  const signedIn = async (token: string) => (await server.call('GET', '/api/authentication/validate', undefined, token)).status

  test('an account comes with its admin, who manages users and settings', async () => {
    const account = await make.account()
    const answer = await server.call('POST', '/api/authentication', { username: account.admin.username, password: account.admin.password })
    expect(answer.status).toBe(201)
    expect(answer.body).toMatchObject({ currentAccountId: account.id, canManageUsers: true, canManageSettings: true, canManageAccounts: false })
  })

  test.each([
    ['globalAdmin', { canManageAccounts: true, canManageUsers: true }],
    ['accountAdmin', { canManageAccounts: false, canManageUsers: true }],
    ['adminRole', { canManageAccounts: false, canManageUsers: true }],
    ['companyAdmin', { canManageUsers: false, canManageCompanyUsers: true }],
    ['salesAdmin', { canManageUsers: false, canManageCompany: true }],
    ['user', { canManageUsers: false, canManageCompanyUsers: false, canManageCompany: false }],
  ] as const)('a %s has that rank’s flags', async (rank, flags) => {
    const account = await make.account()
    const person = await make.user(account, rank)
    const answer = await server.call('POST', '/api/authentication', { username: person.username, password: person.password })
    expect(answer.body).toMatchObject({ currentAccountId: account.id, ...flags })
  })

  test('a company administrator administers the companies given, and appears in its company', async () => {
    const account = await make.account()
    const company = await make.company(account)
    const boss = await make.user(account, 'companyAdmin', { company })
    const token = await make.signIn(boss)
    const users = await server.call('GET', `/api/companies/${company.id}/users`, undefined, token)
    expect(users.status).toBe(200)
    expect(await server.knex('privileges').where({ user_id: boss.id, resource: 'COMPANY', resource_id: company.id, action: 'ADMINISTER' })).toHaveLength(1)
  })

  test('a person joined to a second account signs in to either', async () => {
    const first = await make.account()
    const second = await make.account()
    const person = await make.user(first, 'user')
    const there = await make.join(person, second, 'accountAdmin')
    const token = await make.signIn(there)
    expect(await signedIn(token)).toBe(200)
    const contexts = await server.call('GET', '/api/contexts', undefined, token)
    expect(contexts.body.map((c: { contextId: number }) => c.contextId).sort()).toEqual([first.id, second.id].sort())
    const users = await server.call('GET', `/api/accountusers/${second.id}`, undefined, token)
    expect(users.status).toBe(200)
  })

  test('a project grant to a person or to their role shows in their privileges; projects belong to their account', async () => {
    const account = await make.account()
    const project = await make.project(account)
    const role = await make.role(account)
    const person = await make.user(account, 'user', { role })
    await make.grantProject(person, project, 'VIEW')
    await make.grantProject(role, project, 'EDIT')
    expect(await server.knex('projects').where({ id: project.id }).first('account_id', 'symbol')).toMatchObject({ account_id: account.id, symbol: project.symbol })
    const answer = await server.call('GET', `/api/accountusers/${person.id}/privileges`, undefined, await make.signIn(account.admin))
    expect(answer.status).toBe(200)
    expect(answer.body).toContainEqual(expect.objectContaining({ resource: 'PROJECT', resourceId: project.id, action: 'VIEW' }))
    const member = await server.knex('account_users').where({ account_id: account.id, user_id: person.id }).first('role_id')
    expect(Number(member.role_id)).toBe(role.id)
  })

  test('the world: every rank of the cast in A, B’s admin apart, one person in both, each signed in', async () => {
    const world = await make.world({ names: { a: 'Acme Engineering' }, company: { name: 'Nordic Steel Oy' }, both: { inCompany: true } })
    expect(Object.keys(world.tokens).sort()).toEqual([...CALLERS].sort())
    // With a token, the sign-in call answers who the token is (as the web app asks on reload).
    const me = async (caller: Caller) => (await world.as(caller, 'POST', '/api/authentication', { username: '', password: '' })).body
    for (const caller of CAST) expect((await me(caller)).currentAccountId, caller).toBe(caller === 'otherAccount' ? world.b.id : world.a.id)
    expect(world.a.name).toBe('Acme Engineering')
    expect(world.people.accountAdmin).toEqual(world.a.admin)
    expect(world.people.otherAccount).toEqual(world.b.admin)
    expect((await me('globalAdmin')).canManageAccounts).toBe(true)
    expect((await me('salesAdmin')).canManageCompany).toBe(true)
    expect((await me('user')).canManageUsers).toBe(false)
    expect((await world.as('anonymous', 'GET', `/api/companies/${world.company.id}`)).status).toBe(401)
    const staff = await world.as('companyAdmin', 'GET', `/api/companies/${world.company.id}/users`)
    expect(staff.status).toBe(200)
    expect(staff.body.data.map((u: { userId: number }) => u.userId)).toEqual([world.both.id])
    expect(await server.knex('companies').where({ id: world.company.id }).first('name', 'account_id')).toMatchObject({ name: 'Nordic Steel Oy', account_id: world.a.id })
    const contexts = await server.call('GET', '/api/contexts', undefined, await make.signIn(world.both))
    expect(contexts.body.map((c: { contextId: number }) => c.contextId).sort()).toEqual([world.a.id, world.b.id].sort())
  })

  test('a world without `both` makes no one beyond the cast', async () => {
    const world = await make.world()
    expect('both' in world).toBe(false)
    const members = await server.knex('account_users').whereIn('account_id', [world.a.id, world.b.id]).count({ n: '*' }).first()
    expect(Number(members?.n)).toBe(CAST.length)
  })

  test('a project team: an editor with EDIT and a viewer with VIEW on its project, the admin and a stranger, each signed in', async () => {
    const team = await make.projectTeam({ editor: { firstName: 'Edith', lastName: 'Editor' } })
    expect(Object.keys(team.tokens).sort()).toEqual(['admin', 'editor', 'stranger', 'viewer'])
    expect(team.project.accountId).toBe(team.account.id)
    // With a token, the sign-in call answers who the token is.
    const me = async (token: string) => (await server.call('POST', '/api/authentication', { username: '', password: '' }, token)).body
    for (const who of ['editor', 'viewer', 'admin'] as const) expect((await me(team.tokens[who])).currentAccountId, who).toBe(team.account.id)
    expect((await me(team.tokens.admin)).canManageUsers).toBe(true)
    expect((await me(team.tokens.editor)).canManageUsers).toBe(false)
    const stranger = await me(team.tokens.stranger)
    expect(stranger.currentAccountId).not.toBe(team.account.id)
    expect(stranger.canManageUsers).toBe(true)
    const grants = async (person: Person) =>
      (await server.call('GET', `/api/accountusers/${person.id}/privileges`, undefined, team.tokens.admin)).body
        .filter((p: { resource: string }) => p.resource === 'PROJECT')
        .map((p: { resourceId: number; action: string }) => [p.resourceId, p.action])
    expect(await grants(team.editor)).toEqual([[team.project.id, 'EDIT']])
    expect(await grants(team.viewer)).toEqual([[team.project.id, 'VIEW']])
    expect(await server.knex('users').where({ id: team.editor.id }).first('first_name', 'last_name')).toEqual({ first_name: 'Edith', last_name: 'Editor' })
  })

  test("a document's files are those its Files tab lists, each with its place or type when given", async () => {
    const team = await make.projectTeam()
    const doc = await make.document(team.project)
    const plan = await make.file(doc, 'plan.pdf')
    await make.file(doc, 'quay.jpg', { mime: 'image/jpeg', place: { latitude: 60.16, longitude: 24.95 } })
    await make.file(doc, 'note.txt', { type: 'COMMENT' })
    expect(plan).toEqual({ id: expect.any(Number), documentId: doc.id, name: 'plan.pdf' })
    const listed = await server.call('GET', `/api/folders/${doc.id}/files`, undefined, team.tokens.viewer)
    expect(listed.status).toBe(200)
    const rows = (Array.isArray(listed.body) ? listed.body : listed.body.data) as { name: string; geolocation: unknown }[]
    expect(rows.map((row) => [row.name, row.geolocation])).toEqual([
      ['plan.pdf', null],
      ['quay.jpg', { latitude: 60.16, longitude: 24.95 }],
    ])
  })

  test('given names, numbers and a time, the builders write those instead of unique ones', async () => {
    const at = new Date('2026-03-02T09:00:00.000Z')
    const fixed = fixtures(server, { at })
    // Unique to this run only because test databases may be shared; the builders add nothing to them.
    const tag = Math.random().toString(36).slice(2, 7)
    const admin = { username: `helena.${tag}@acme.test`, firstName: 'Helena', lastName: 'Korhonen' }
    const account = await fixed.account({ name: 'Acme Engineering', number: `ACME-${tag}`, email: `office.${tag}@acme.test`, admin })
    const person = await fixed.user(account, 'user', { firstName: 'Aino', lastName: 'Virtanen', username: `aino.${tag}@acme.test`, acronym: 'AV' })
    expect(account.admin.username).toBe(admin.username)
    expect(person.username).toBe(`aino.${tag}@acme.test`)
    const row = await server.knex('accounts').where({ id: account.id }).first('account_no', 'email', 'created_at')
    expect(row).toMatchObject({ account_no: `ACME-${tag}`, email: `office.${tag}@acme.test` })
    expect(new Date(row.created_at).toISOString()).toBe(at.toISOString())
    expect(await server.knex('users').where({ id: account.admin.id }).first('first_name', 'last_name')).toEqual({ first_name: 'Helena', last_name: 'Korhonen' })
    const user = await server.knex('users').where({ id: person.id }).first('acronym', 'created_at')
    expect(user.acronym).toBe('AV')
    expect(new Date(user.created_at).toISOString()).toBe(at.toISOString())
  })

  test('builders never collide: names are unique within and across fixture sets', async () => {
    const other = fixtures(server)
    const a = await make.user(await make.account(), 'user')
    const b = await other.user(await other.account(), 'user')
    expect(a.username).not.toBe(b.username)
  })
})

/**
 * The list filter every list of project things uses (whereProjectAccess): "projects this
 * caller holds at least LEVEL on" as SQL, on real grants: a member's own and their role's
 * at different levels, another account's, and an account admin's. The plan reads the
 * grants through their indexes. SQLite by default, MariaDB with TEST_DATABASE_URL.
 */
import { ACCESS_LEVELS, type AccessLevel, type AuthUser, whereProjectAccess } from '@app/plugin-kit'
import { type AccountFixture, type Person, type ProjectFixture, fixtures, startTestServer } from '@app/testing'
import type { Knex } from 'knex'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

const server = await startTestServer()
const { app, knex } = server
afterAll(() => server.close())
const make = fixtures(server)

let own: AccountFixture
let other: AccountFixture
let projects: ProjectFixture[]
let theirs: ProjectFixture
let member: Person
let colleague: Person

/** The user as hooks see it, from a real sign-in. */
const userOf = async (person: Person): Promise<AuthUser> =>
  app.service('authentication').userOf({ authentication: { strategy: 'jwt', accessToken: await make.signIn(person) } })

/** The projects the filter lets through, joined and probed (`probe`, for queries led by a short list): both must agree. */
const visible = async (person: Person, level: AccessLevel, query: Knex.QueryBuilder = knex('projects').select('id')) => {
  const user = await userOf(person)
  const [joined, probed] = await Promise.all(
    [false, true].map(async (probe) => {
      const filtered = query.clone()
      await whereProjectAccess(app, user, filtered, { level, column: 'id', accountColumn: 'account_id', probe })
      return (await filtered).map((row: { id: number }) => Number(row.id)).sort((a: number, b: number) => a - b)
    }),
  )
  expect(probed, `${level}, probed`).toEqual(joined)
  return joined!
}

const ids = (...of: ProjectFixture[]) => of.map((p) => p.id).sort((a, b) => a - b)

beforeAll(async () => {
  own = await make.account()
  other = await make.account()
  projects = []
  for (let i = 0; i < 5; i++) projects.push(await make.project(own))
  theirs = await make.project(other)
  const role = await make.role(own)
  member = await make.user(own, 'user', { role })
  colleague = await make.user(own, 'user', { role })
  const [p0, p1, p2] = projects as [ProjectFixture, ProjectFixture, ProjectFixture]
  // p0: the role views it, the member edits it; p1: the member's own ACCESS; p2: the role administers it.
  await make.grantProject(role, p0, 'VIEW')
  await make.grantProject(member, p0, 'EDIT')
  await make.grantProject(member, p1, 'ACCESS')
  await make.grantProject(role, p2, 'ADMINISTER')
  // Grants naming another account's project, in that account or (stale) in this one, show nothing here.
  await make.grantProject(member, theirs, 'ADMINISTER')
  await make.grant(member, { resource: 'PROJECT', resourceId: theirs.id, action: 'ADMINISTER' })
})

describe('projects a caller holds at least LEVEL on', () => {
  test('a member: their own grants and their role’s, the higher of the two', async () => {
    const [p0, p1, p2] = projects as [ProjectFixture, ProjectFixture, ProjectFixture]
    const expected: Record<AccessLevel, ProjectFixture[]> = {
      NONE: projects,
      ACCESS: [p0, p1, p2],
      VIEW: [p0, p2],
      DOWNLOAD: [p0, p2],
      EDIT: [p0, p2],
      ADMINISTER: [p2],
    }
    for (const level of ACCESS_LEVELS) expect(await visible(member, level), level).toEqual(ids(...expected[level]))
  })

  test('a colleague in the same role sees the role’s projects, not the member’s own', async () => {
    const [p0, , p2] = projects as [ProjectFixture, ProjectFixture, ProjectFixture]
    expect(await visible(colleague, 'ACCESS')).toEqual(ids(p0, p2))
    expect(await visible(colleague, 'EDIT')).toEqual(ids(p2))
  })

  test('a member of no grant sees none; an account admin sees every project of the account and no other', async () => {
    expect(await visible(await make.user(own), 'ACCESS')).toEqual([])
    expect(await visible(own.admin, 'ADMINISTER')).toEqual(ids(...projects))
    expect(await visible(other.admin, 'ACCESS')).toEqual(ids(theirs))
  })

  test('it binds to the whole query, whatever ORs the query holds', async () => {
    const [, , p2, , p4] = projects as ProjectFixture[]
    const query = () => knex('projects').select('projects.id').where('name', p4!.name).orWhere('name', p2!.name).orWhere('name', theirs.name)
    expect(await visible(member, 'ADMINISTER', query())).toEqual(ids(p2!))
    expect(await visible(other.admin, 'ACCESS', query())).toEqual(ids(theirs))
  })

  test('the plan reads the grants through their indexes', async () => {
    const user = await userOf(member)
    const query = knex('projects').select('id')
    await whereProjectAccess(app, user, query, { level: 'VIEW', column: 'id', accountColumn: 'account_id' })
    const { sql, bindings } = query.toSQL()
    const mysql = knex.client.config.client === 'mysql2'
    const plan = mysql ? (await knex.raw(`explain ${sql}`, bindings))[0] : await knex.raw(`explain query plan ${sql}`, bindings)
    const text = JSON.stringify(plan)
    if (process.env.SHOW_PLAN) console.log(sql, JSON.stringify(plan, null, 1))
    expect(text, text).toContain('privileges_user_grants_idx')
    expect(text, text).toContain('privileges_role_grants_idx')
  })
})

describe('the company-client rule (part1 §6): a company’s administrator administers, its access views, the projects it is client of', () => {
  let clientA: Awaited<ReturnType<typeof make.company>>
  let clientB: Awaited<ReturnType<typeof make.company>>
  let ofA: ProjectFixture
  let ofB: ProjectFixture
  let granted: ProjectFixture
  let boss: Person
  let viewer: Person

  beforeAll(async () => {
    clientA = await make.company(own)
    clientB = await make.company(own)
    ofA = await make.project(own, { client: clientA })
    ofB = await make.project(own, { client: clientB })
    granted = await make.project(own)
    boss = await make.user(own, 'companyAdmin', { administers: [clientA] })
    await make.grant(boss, { resource: 'COMPANY', resourceId: clientB.id, action: 'ACCESS' })
    await make.grantProject(boss, granted, 'DOWNLOAD')
    viewer = await make.user(own)
    await make.grant(viewer, { resource: 'COMPANY', resourceId: clientB.id, action: 'EDIT' })
    // Named company privileges, and a resource-wide company grant, give nothing on projects.
    await make.grant(viewer, { resource: 'COMPANY', name: 'ASSIGN_USER_TO_COMPANY', action: 'ADMINISTER' })
    await make.grant(viewer, { resource: 'COMPANY', action: 'ADMINISTER' })
  })

  const levelOf = async (person: Person, project: ProjectFixture) => app.get('access').projectLevel(await userOf(person), project.id)

  test('the lists: administer on the administered company’s projects, view on the others’, own grants beside', async () => {
    expect(await visible(boss, 'ADMINISTER')).toEqual(ids(ofA))
    expect(await visible(boss, 'EDIT')).toEqual(ids(ofA))
    expect(await visible(boss, 'DOWNLOAD')).toEqual(ids(ofA, granted))
    expect(await visible(boss, 'VIEW')).toEqual(ids(ofA, ofB, granted))
    expect(await visible(boss, 'ACCESS')).toEqual(ids(ofA, ofB, granted))
    expect(await visible(viewer, 'VIEW')).toEqual(ids(ofB))
    expect(await visible(viewer, 'DOWNLOAD')).toEqual([])
  })

  test('a project’s level: the highest of its own grants and its client’s', async () => {
    expect(await levelOf(boss, ofA)).toBe('ADMINISTER')
    expect(await levelOf(boss, ofB)).toBe('VIEW')
    expect(await levelOf(boss, granted)).toBe('DOWNLOAD')
    expect(await levelOf(viewer, ofA)).toBe('NONE')
    expect(await levelOf(viewer, ofB)).toBe('VIEW')
    await make.grantProject(viewer, ofB, 'EDIT')
    expect(await levelOf(viewer, ofB)).toBe('EDIT')
  })

  test('a project whose client changes is reached by the new client’s people at once', async () => {
    const moving = await make.project(own, { client: clientA })
    expect(await levelOf(boss, moving)).toBe('ADMINISTER')
    await knex('projects').where({ id: moving.id }).update({ company_id: clientB.id })
    expect(await levelOf(boss, moving)).toBe('VIEW')
    expect(await visible(boss, 'EDIT')).not.toContain(moving.id)
    await knex('projects').where({ id: moving.id }).update({ company_id: null })
    expect(await levelOf(boss, moving)).toBe('NONE')
    expect(await visible(boss, 'ACCESS')).not.toContain(moving.id)
  })

  test('another account’s projects with the same client id are not reached', async () => {
    // A stale company grant naming another account's company, whose projects are of that account.
    const elsewhere = await make.company(other)
    const foreign = await make.project(other, { client: elsewhere })
    await make.grant(boss, { resource: 'COMPANY', resourceId: elsewhere.id, action: 'ADMINISTER' }, own.id)
    expect(await visible(boss, 'ACCESS')).not.toContain(foreign.id)
  })

  test('the plan reads the client’s projects through the projects’ account and client index', async () => {
    const query = knex('projects').select('id')
    await whereProjectAccess(app, await userOf(boss), query, { level: 'VIEW', column: 'id', accountColumn: 'account_id' })
    const { sql, bindings } = query.toSQL()
    const mysql = knex.client.config.client === 'mysql2'
    const plan = JSON.stringify(mysql ? (await knex.raw(`explain ${sql}`, bindings))[0] : await knex.raw(`explain query plan ${sql}`, bindings))
    expect(plan, plan).toContain('projects_account_company_index')
  })
})

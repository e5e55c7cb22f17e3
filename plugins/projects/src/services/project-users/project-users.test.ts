/**
 * A project's users over HTTP (spec part2 §2 "Project users page", §4, §6, §7): listed,
 * added by username (VIEW), Set, read one by one, removed; who can open the project; the
 * caller's privileges. As an account admin, a company administrator of the project's
 * client, and a plain member given ADMINISTER on the project. SQLite by default, MariaDB
 * with TEST_DATABASE_URL.
 */
import { type AccountFixture, type CompanyFixture, type Person, type ProjectFixture, fixtures, startTestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { PROJECT_USER_MESSAGES } from './project-users.schema'

const server = await startTestServer()
const { call, knex } = server
afterAll(() => server.close())
const make = fixtures(server)

let acme: AccountFixture
let client: CompanyFixture
let otherCompany: CompanyFixture
let project: ProjectFixture
let unclientProject: ProjectFixture
let boss: Person
let projectAdmin: Person
const tokens: Record<string, string> = {}

const users = (projectId: number, userId?: number) => `/api/projects/${projectId}/users${userId === undefined ? '' : `/${userId}`}`
const ownRows = (projectId: number, person: Person) =>
  knex('privileges').where({ user_id: person.id, resource: 'PROJECT', resource_id: projectId }).whereNull('name').pluck('action')

beforeAll(async () => {
  acme = await make.account()
  client = await make.company(acme)
  otherCompany = await make.company(acme)
  project = await make.project(acme, { client })
  unclientProject = await make.project(acme, { client: otherCompany })
  boss = await make.user(acme, 'companyAdmin', { company: client, administers: [client] })
  // The company administrator also holds ADMINISTER on a project of another client: still not theirs to give levels on.
  await make.grantProject(boss, unclientProject, 'ADMINISTER')
  projectAdmin = await make.user(acme)
  await make.grantProject(projectAdmin, project, 'ADMINISTER')
  tokens.admin = await make.signIn(acme.admin)
  tokens.boss = await make.signIn(boss)
  tokens.projectAdmin = await make.signIn(projectAdmin)
})

describe('the project users page', () => {
  test('add by username (VIEW), Set, read one, remove: the list follows, and the grant is the user’s own', async () => {
    const ulla = await make.user(acme)
    const added = await call('POST', users(project.id), { username: ulla.username.toUpperCase() }, tokens.admin)
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    expect(added.body).toMatchObject({ userId: ulla.id, accessLevel: 'VIEW', ownAccessLevel: 'VIEW', otherAccessLevel: 'NONE' })
    expect(await ownRows(project.id, ulla)).toEqual(['VIEW'])

    const again = await call('POST', users(project.id), { username: ulla.username }, tokens.admin)
    expect(again.status).toBe(409)
    expect(again.body.errors).toEqual({ username: PROJECT_USER_MESSAGES.alreadyUser })

    const listed = await call('GET', `${users(project.id)}?filter=${encodeURIComponent(ulla.username)}`, undefined, tokens.admin)
    expect(listed.status).toBe(200)
    expect(listed.body).toMatchObject({ total: 1, data: [{ userId: ulla.id, username: ulla.username, accessLevel: 'VIEW' }] })

    const set = await call('PUT', users(project.id), { userId: ulla.id, accessLevel: 'EDIT' }, tokens.admin)
    expect(set.status, JSON.stringify(set.body)).toBe(200)
    expect(set.body).toMatchObject({ accessLevel: 'EDIT', ownAccessLevel: 'EDIT' })
    expect(await ownRows(project.id, ulla)).toEqual(['EDIT'])
    expect((await call('GET', users(project.id, ulla.id), undefined, tokens.admin)).body).toMatchObject({ accessLevel: 'EDIT', ownAccessLevel: 'EDIT' })

    const removed = await call('DELETE', users(project.id, ulla.id), undefined, tokens.admin)
    expect(removed.status, JSON.stringify(removed.body)).toBe(200)
    expect(removed.body).toMatchObject({ accessLevel: 'NONE', ownAccessLevel: 'NONE' })
    expect(await ownRows(project.id, ulla)).toEqual([])
    const gone = await call('DELETE', users(project.id, ulla.id), undefined, tokens.admin)
    expect(gone.status).toBe(404)
    expect(gone.body.message).toBe(PROJECT_USER_MESSAGES.noAccess)
    expect((await call('GET', `${users(project.id)}?filter=${encodeURIComponent(ulla.username)}`, undefined, tokens.admin)).body.total).toBe(0)

    // Set to NONE takes the grant away too; a user with none is read as NONE.
    await call('PUT', users(project.id), { userId: ulla.id, accessLevel: 'DOWNLOAD' }, tokens.admin)
    expect((await call('PUT', users(project.id), { userId: ulla.id, accessLevel: 'NONE' }, tokens.admin)).body).toMatchObject({ accessLevel: 'NONE' })
    expect(await ownRows(project.id, ulla)).toEqual([])
  })

  test('an unknown username is the add box’s field error; bad bodies are 400; someone of another account is not found', async () => {
    const unknown = await call('POST', users(project.id), { username: 'nobody-here@fixture.test' }, tokens.admin)
    expect(unknown.status).toBe(400)
    expect(unknown.body.errors).toEqual({ username: PROJECT_USER_MESSAGES.userNotFound })
    expect((await call('POST', users(project.id), { username: 'abc' }, tokens.admin)).status).toBe(400)
    expect((await call('PUT', users(project.id), { userId: 1, accessLevel: 'OWNER' }, tokens.admin)).status).toBe(400)
    const stranger = await make.user(await make.account())
    expect((await call('POST', users(project.id), { username: stranger.username }, tokens.admin)).status).toBe(400)
    expect((await call('PUT', users(project.id), { userId: stranger.id, accessLevel: 'VIEW' }, tokens.admin)).status).toBe(404)
    expect((await call('GET', users(project.id, stranger.id), undefined, tokens.admin)).status).toBe(404)
    expect((await call('GET', users(project.id, 'abc' as unknown as number), undefined, tokens.admin)).status).toBe(404)
    const someone = await make.user(acme)
    const mismatch = await call('PUT', users(project.id, acme.admin.id), { userId: someone.id, accessLevel: 'VIEW' }, tokens.admin)
    expect(mismatch.status).toBe(400)
    expect(mismatch.body.errors).toEqual({ userId: PROJECT_USER_MESSAGES.otherUser })
    expect(await ownRows(project.id, someone)).toEqual([])
  })

  test('one user’s levels: their own grant, and what their role and the client company give', async () => {
    const role = await make.role(acme)
    const rita = await make.user(acme, 'user', { role })
    await make.grantProject(role, project, 'DOWNLOAD')
    await make.grantProject(rita, project, 'ACCESS')
    expect((await call('GET', users(project.id, rita.id), undefined, tokens.admin)).body).toMatchObject({
      accessLevel: 'DOWNLOAD',
      ownAccessLevel: 'ACCESS',
      otherAccessLevel: 'DOWNLOAD',
    })
    const viewer = await make.user(acme)
    await make.grant(viewer, { resource: 'COMPANY', resourceId: client.id, action: 'ACCESS' })
    expect((await call('GET', users(project.id, viewer.id), undefined, tokens.admin)).body).toMatchObject({
      accessLevel: 'VIEW',
      ownAccessLevel: 'NONE',
      otherAccessLevel: 'VIEW',
    })
    expect((await call('GET', users(project.id, acme.admin.id), undefined, tokens.admin)).body).toMatchObject({ accessLevel: 'ADMINISTER', ownAccessLevel: 'NONE' })
  })
})

describe('who may change whose level', () => {
  test('a company administrator of the client: its ordinary users, on its companies’ projects only', async () => {
    const ours = await make.user(acme, 'user', { company: client })
    const theirs = await make.user(acme, 'user', { company: otherCompany })
    const added = await call('POST', users(project.id), { username: ours.username }, tokens.boss)
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    const refused = await call('POST', users(project.id), { username: theirs.username }, tokens.boss)
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe('You do not have access to edit this user')
    expect((await call('PUT', users(project.id), { userId: acme.admin.id, accessLevel: 'VIEW' }, tokens.boss)).status).toBe(403)
    expect((await call('PUT', users(project.id), { userId: boss.id, accessLevel: 'VIEW' }, tokens.boss)).status).toBe(403)
    // ADMINISTER on another client's project through a grant: the users page opens, but it gives no levels there.
    const elsewhere = await call('POST', users(unclientProject.id), { username: ours.username }, tokens.boss)
    expect(elsewhere.status).toBe(403)
    expect(elsewhere.body.message).toBe(PROJECT_USER_MESSAGES.clientProjectsOnly)
    expect(await ownRows(unclientProject.id, ours)).toEqual([])
  })

  test('a member given ADMINISTER on the project: ordinary users, never themselves or an admin, and not ADMINISTER itself', async () => {
    const someone = await make.user(acme)
    expect((await call('POST', users(project.id), { username: someone.username }, tokens.projectAdmin)).status).toBe(201)
    expect((await call('PUT', users(project.id), { userId: someone.id, accessLevel: 'EDIT' }, tokens.projectAdmin)).status).toBe(200)
    // Administering one project is not managing projects: the ADMINISTER level is not theirs to offer (part2 §6).
    const offered = await call('PUT', users(project.id), { userId: someone.id, accessLevel: 'ADMINISTER' }, tokens.projectAdmin)
    expect(offered.status).toBe(403)
    expect(offered.body.message).toBe(PROJECT_USER_MESSAGES.administerNotOffered)
    expect(await ownRows(project.id, someone)).toEqual(['EDIT'])
    expect((await call('PUT', users(project.id), { userId: projectAdmin.id, accessLevel: 'VIEW' }, tokens.projectAdmin)).status).toBe(403)
    expect((await call('DELETE', users(project.id, projectAdmin.id), undefined, tokens.projectAdmin)).status).toBe(403)
    expect((await call('PUT', users(project.id), { userId: acme.admin.id, accessLevel: 'VIEW' }, tokens.projectAdmin)).status).toBe(403)
    expect(await ownRows(project.id, projectAdmin)).toEqual(['ADMINISTER'])
  })

  test('below ADMINISTER the users page is closed; another account’s project is not found', async () => {
    const editor = await make.user(acme)
    await make.grantProject(editor, project, 'EDIT')
    const token = await make.signIn(editor)
    const answer = await call('GET', users(project.id), undefined, token)
    expect(answer.status).toBe(403)
    expect(answer.body.message).toBe('This needs ADMINISTER access to the project')
    const foreign = await make.project(await make.account())
    expect((await call('GET', users(foreign.id), undefined, tokens.admin)).status).toBe(404)
  })
})

describe('who can open the project, and the caller’s privileges', () => {
  test('users-with-access: grant holders, the client’s people and account admins, with their levels; anonymised ones on request', async () => {
    const p = await make.project(acme, { client })
    const holder = await make.user(acme)
    await make.grantProject(holder, p, 'DOWNLOAD')
    const companyViewer = await make.user(acme)
    await make.grant(companyViewer, { resource: 'COMPANY', resourceId: client.id, action: 'VIEW' })
    const outsider = await make.user(acme)
    const ghost = await make.user(acme)
    await make.grantProject(ghost, p, 'VIEW')
    await knex('users').where({ id: ghost.id }).update({ anonymous: true })
    const list = async (query = '') => {
      const answer = await call('GET', `/api/projects/${p.id}/users-with-access?$limit=500${query}`, undefined, tokens.admin)
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      return new Map<number, string>(answer.body.data.map((u: { userId: number; accessLevel: string }) => [u.userId, u.accessLevel]))
    }
    const levels = await list()
    expect(levels.get(holder.id)).toBe('DOWNLOAD')
    expect(levels.get(companyViewer.id)).toBe('VIEW')
    expect(levels.get(boss.id)).toBe('ADMINISTER')
    expect(levels.get(acme.admin.id)).toBe('ADMINISTER')
    expect(levels.has(outsider.id)).toBe(false)
    expect(levels.has(ghost.id)).toBe(false)
    expect((await list('&filterAnonymous=false')).get(ghost.id)).toBe('VIEW')
    // The users page lists only those holding a grant on the project itself.
    const page = await call('GET', `/api/projects/${p.id}/users?$limit=500`, undefined, tokens.admin)
    expect(page.body.data.map((u: { userId: number }) => u.userId).sort()).toEqual([holder.id, ghost.id].sort())
  })

  test('the list reads its candidates by the project’s row in the privileges’ holders index, not every member’s grants', async () => {
    const seen: { sql: string; bindings: unknown[] }[] = []
    const listen = (query: { sql: string; bindings: unknown[] }) => void seen.push(query)
    knex.on('query', listen)
    try {
      expect((await call('GET', `/api/projects/${project.id}/users-with-access`, undefined, tokens.admin)).status).toBe(200)
    } finally {
      knex.removeListener('query', listen)
    }
    const page = seen.find((q) => q.sql.includes('levelRank'))!
    expect(page, 'the page query').toBeDefined()
    const mysql = knex.client.config.client === 'mysql2'
    const plan = JSON.stringify(mysql ? (await knex.raw(`explain ${page.sql}`, page.bindings as never))[0] : await knex.raw(`explain query plan ${page.sql}`, page.bindings as never))
    expect(plan, plan).toContain('privileges_row_holders_idx')
  })

  test('privileges: the caller’s level, the levels they may give and whether they may remove users', async () => {
    const viewer = await make.user(acme)
    await make.grantProject(viewer, project, 'VIEW')
    const mine = await call('GET', `/api/projects/${project.id}/privileges`, undefined, await make.signIn(viewer))
    expect(mine.status).toBe(200)
    expect(mine.body).toEqual({ projectId: project.id, accessLevel: 'VIEW', grantable: [], mayRemoveUsers: false })
    const admin = await call('GET', `/api/projects/${project.id}/privileges`, undefined, tokens.admin)
    expect(admin.body).toEqual({ projectId: project.id, accessLevel: 'ADMINISTER', grantable: ['ACCESS', 'VIEW', 'DOWNLOAD', 'EDIT', 'ADMINISTER'], mayRemoveUsers: true })
    expect((await call('GET', `/api/projects/${project.id}/privileges`, undefined, await make.signIn(await make.user(acme)))).status).toBe(403)
  })
})

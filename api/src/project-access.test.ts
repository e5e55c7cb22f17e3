/**
 * The project access test (ARCHITECTURE "Cross-cutting rules"): every service of scope
 * 'project' in the registry, every method, called by a member holding each of the six
 * levels on a project of their account (and by the account's admin), on that project,
 * on a project of another account and on one that does not exist. Too low a level is a
 * 403 naming the level; another account's project is the same 404 as a missing one; a
 * refused call changes nothing. Generated from the registry, so a project-scoped
 * service added later is covered without anyone remembering to.
 *
 * Until the projects issue brings real project-scoped services, two test-only services
 * stand in: notes addressed by their rows' projectId, and a summary addressed by path.
 * Background work (server code calling without a user) is proved on the notes.
 *
 * Runs on SQLite by default, on MariaDB with TEST_DATABASE_URL=mysql://…
 */
import { ACCESS_LEVELS, type AccessLevel, type AppParams, type Method, type ProjectScope, type RegisteredService, accessRank, serviceAt } from '@app/plugin-kit'
import { type AccountFixture, type ProjectFixture, fixtures } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { NOTES, notesPlugin } from './test/project-notes'
import { startTestServer } from './testing'

const VERB: Record<Method, string> = { find: 'GET', get: 'GET', create: 'POST', update: 'PUT', patch: 'PATCH', remove: 'DELETE' }
const MISSING = 987654321

const server = await startTestServer({}, { extraPlugins: [notesPlugin] })
const { app, call, knex } = server
afterAll(() => server.close())

const make = fixtures(server)
let own: AccountFixture
let other: AccountFixture
let ours: ProjectFixture
let theirs: ProjectFixture
/** Callers in `own`, by the level they hold on `ours`; `ADMIN` is the account's admin (no grant). */
const callers: Record<string, { token: string; holds: AccessLevel }> = {}
const adminTokens = new Map<number, string>()

beforeAll(async () => {
  own = await make.account()
  other = await make.account()
  ours = await make.project(own)
  theirs = await make.project(other)
  for (const level of ACCESS_LEVELS) {
    const person = await make.user(own)
    if (level !== 'NONE') await make.grantProject(person, ours, level)
    // A grant on another project of the account says nothing about this one.
    await make.grantProject(person, await make.project(own), 'ADMINISTER')
    callers[level] = { token: await make.signIn(person), holds: level }
  }
  adminTokens.set(own.id, await make.signIn(own.admin))
  adminTokens.set(other.id, await make.signIn(other.admin))
  callers.ADMIN = { token: adminTokens.get(own.id)!, holds: 'ADMINISTER' }
})

const registry: RegisteredService[] = app.get('registry')
const scoped = registry.filter((s) => s.scope.kind === 'project')

const rowsOf = async (table: string | undefined) => (table ? knex(table).orderBy('id').select('*') : [])
const snapshot = async (table: string | undefined) => ({
  rows: await rowsOf(table),
  privileges: await knex('privileges').orderBy('id').select('*'),
  projects: await knex('projects').orderBy('id').select('*'),
})

/** A 404 body with its id taken out, to compare another account's project with a missing one. */
const normalised = (body: any, id: unknown) => ({ ...body, message: String(body?.message).split(String(id)).join('<id>') })

describe('the registry', () => {
  test('has project-scoped services to check, each addressed in a way this test knows', () => {
    expect(scoped.length).toBeGreaterThan(0)
    for (const entry of scoped) {
      const source = (entry.scope as ProjectScope).projectIdFrom
      if ('routeParam' in source) expect(entry.path.match(/:\w+/g), `${entry.path}: only :${source.routeParam} can be filled`).toEqual([`:${source.routeParam}`])
      else
        expect(
          entry.methods.includes('create') && Boolean(entry.schemas?.data?.examples?.[0]),
          `${entry.path}: the test makes its rows through create with the data schema's first example`,
        ).toBe(true)
    }
  })
})

for (const entry of scoped) {
  const scope = entry.scope as ProjectScope
  const source = scope.projectIdFrom
  const byField = 'field' in source ? source.field : undefined
  const example = () => structuredClone(entry.schemas?.data?.examples?.[0] ?? {}) as Record<string, unknown>

  /** A row of the project made by its account's admin, for the methods that address one. */
  const rowIn = async (project: ProjectFixture) => {
    const answer = await call('POST', `/api/${entry.path}`, { ...example(), [byField!]: project.id }, adminTokens.get(project.accountId))
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    return Number(answer.body.id)
  }

  const bodyOf = (method: Method) => (method === 'find' || method === 'get' || method === 'remove' ? undefined : example())

  /** The URL and body of `method` on `project` (a fixture, or a missing id); a row of it is made first when the method needs one. */
  const target = async (method: Method, project: ProjectFixture | number): Promise<[string, unknown]> => {
    const projectId = typeof project === 'number' ? project : project.id
    if (!byField) {
      const param = (source as { routeParam: string }).routeParam
      return [`/api/${entry.path.replace(`:${param}`, String(projectId))}`, bodyOf(method)]
    }
    if (method === 'find') return [`/api/${entry.path}?${byField}=${projectId}`, undefined]
    if (method === 'create') return [`/api/${entry.path}`, { ...example(), [byField]: projectId }]
    return [`/api/${entry.path}/${typeof project === 'number' ? MISSING : await rowIn(project)}`, bodyOf(method)]
  }

  /** The answer of `method` on `project`, and whether the rows watched changed. */
  const callOn = async (method: Method, project: ProjectFixture | number, token: string) => {
    const [url, body] = await target(method, project)
    const before = await snapshot(source.table)
    const answer = await call(VERB[method], url, body, token)
    return { ...answer, changed: JSON.stringify(await snapshot(source.table)) !== JSON.stringify(before) }
  }

  for (const method of entry.methods) {
    const needs = scope.level[method]!
    describe(`${VERB[method]} ${entry.path} (${method}, needs ${needs})`, () => {
      for (const holds of [...ACCESS_LEVELS, 'ADMIN'] as const)
        test(`a member holding ${holds === 'ADMIN' ? 'no grant but account admin' : holds}`, async () => {
          const { token, holds: level } = callers[holds]!
          const mine = await callOn(method, ours, token)
          if (accessRank(level) >= accessRank(needs)) expect(mine.status, JSON.stringify(mine.body)).toBeLessThan(300)
          else {
            expect(mine.status, JSON.stringify(mine.body)).toBe(403)
            expect(mine.body.message).toBe(`This needs ${needs} access to the project`)
            expect(mine.changed, 'a refused call changed something').toBe(false)
          }
          // Another account's project (or its row), and one that does not exist: the same 404, nothing changed.
          const missing = await callOn(method, MISSING, token)
          const foreign = await callOn(method, theirs, token)
          expect(missing.status, JSON.stringify(missing.body)).toBe(404)
          expect(foreign.status, JSON.stringify(foreign.body)).toBe(404)
          expect(normalised(foreign.body, foreign.body.message.match(/\d+/)?.[0]), 'another account answers unlike a missing id').toEqual(normalised(missing.body, MISSING))
          expect(Object.keys(foreign.body).sort()).toEqual(['className', 'code', 'message', 'name'])
          expect(missing.changed || foreign.changed, 'a call on another account changed something').toBe(false)
        })

      if (method === 'find' && 'field' in source && source.listsAcross)
        for (const holds of [...ACCESS_LEVELS, 'ADMIN'] as const)
          test(`naming no project lists the projects a member holding ${holds === 'ADMIN' ? 'no grant but account admin' : holds} may ${method}`, async () => {
            const { token, holds: level } = callers[holds]!
            const [mine, foreign] = [await rowIn(ours), await rowIn(theirs)]
            const answer = await call('GET', `/api/${entry.path}?$limit=500`, undefined, token)
            expect(answer.status, JSON.stringify(answer.body)).toBe(200)
            const rows: Record<string, unknown>[] = answer.body.data
            const listed = new Set(rows.map((row) => Number(row.id)))
            expect(listed.has(mine), `the row of the caller's project at ${level}`).toBe(accessRank(level) >= accessRank(needs))
            expect(listed.has(foreign), "another account's row").toBe(false)
            for (const row of rows) expect(row.accountId).toBe(own.id)
            expect(answer.body.total).toBe(rows.length)
          })
    })
  }
}

describe('a project-scoped call answers as the rules say', () => {
  const token = () => callers.EDIT!.token

  test('find lists the named project’s rows only, and knows the caller’s level', async () => {
    await make.grantProject(await make.user(own), ours, 'VIEW')
    const other = await make.project(own)
    await knex(NOTES).insert({ account_id: own.id, project_id: other.id, text: 'elsewhere' })
    const answer = await call('GET', `/api/test-project-notes?projectId=${ours.id}&$limit=500`, undefined, token())
    expect(answer.status).toBe(200)
    expect(answer.body.data.length).toBeGreaterThan(0)
    for (const row of answer.body.data) expect(row.projectId).toBe(ours.id)
    const summary = await call('GET', `/api/test-projects/${ours.id}/summary`, undefined, token())
    expect(summary.body).toEqual({ projectId: ours.id, level: 'EDIT' })
    expect((await call('GET', `/api/test-projects/${ours.id}/summary`, undefined, callers.ADMIN!.token)).body.level).toBe('ADMINISTER')
  })

  test('no project, or a malformed id, is not found (a list across projects aside)', async () => {
    for (const url of ['/api/test-project-notes?projectId=abc', '/api/test-project-notes?projectId=-1', '/api/test-projects/abc/summary'])
      expect((await call('GET', url, undefined, token())).status, url).toBeOneOf([400, 404])
    expect((await call('GET', '/api/test-projects/0/summary', undefined, token())).status).toBe(404)
    expect((await call('GET', '/api/test-project-notes/abc', undefined, token())).status).toBe(404)
    expect((await call('POST', '/api/test-project-notes', { text: 'nowhere' }, token())).status).toBeOneOf([400, 404])
  })

  test('a row does not move to another project, even one the caller administers', async () => {
    const admin = callers.ADMIN!.token
    const id = Number((await call('POST', '/api/test-project-notes', { projectId: ours.id, text: 'stays' }, admin)).body.id)
    const elsewhere = await make.project(own)
    const answer = await call('PATCH', `/api/test-project-notes/${id}`, { projectId: elsewhere.id }, admin)
    expect(answer.status).toBe(400)
    expect(answer.body.errors).toEqual({ projectId: 'A row cannot move to another project' })
    expect(Number((await knex(NOTES).where({ id }).first('project_id')).project_id)).toBe(ours.id)
  })

  test('the account comes from the caller, never from the client', async () => {
    const answer = await call('POST', '/api/test-project-notes', { projectId: ours.id, text: 'mine', accountId: other.id }, token())
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    expect(answer.body.accountId).toBe(own.id)
  })
})

describe('background work names its account and project', () => {
  const notes = () => serviceAt(app, 'test-project-notes')

  test('a call that names neither, or only one, is refused and writes nothing', async () => {
    const before = await knex(NOTES).count({ n: '*' })
    await expect(notes().find({})).rejects.toThrow(/without naming its account and project/)
    await expect(notes().create({ projectId: ours.id, text: 'no scope' }, {})).rejects.toThrow(/without naming its account and project/)
    await expect(notes().create({ projectId: ours.id, text: 'no project' }, { tenant: { accountId: own.id } } as AppParams)).rejects.toThrow(/without naming/)
    await expect(notes().find({ project: { id: ours.id } } as AppParams)).rejects.toThrow(/without naming/)
    expect(await knex(NOTES).count({ n: '*' })).toEqual(before)
  })

  test('a named account and project confine the call: rows of that project only, writes stamped with both', async () => {
    const params = { tenant: { accountId: own.id }, project: { id: ours.id } } as AppParams
    // A create names the project in its row too (the schema requires it); another than the named one is not found.
    await expect(notes().create({ projectId: (await make.project(own)).id, text: 'elsewhere' }, params)).rejects.toMatchObject({ code: 404 })
    const made = (await notes().create({ projectId: ours.id, text: 'converted' }, params)) as { id: number; accountId: number; projectId: number }
    expect(made).toMatchObject({ accountId: own.id, projectId: ours.id })
    const page = (await notes().find({ ...params, query: { $limit: 500 } })) as { data: { projectId: number; accountId: number }[] }
    expect(page.data.length).toBeGreaterThan(0)
    for (const row of page.data) expect(row).toMatchObject({ projectId: ours.id, accountId: own.id })
    expect(await notes().patch(made.id, { text: 'processed' }, params)).toMatchObject({ text: 'processed' })
  })

  test('a project of another account, or a row of another project, is not found', async () => {
    await expect(notes().find({ tenant: { accountId: own.id }, project: { id: theirs.id } } as AppParams)).rejects.toMatchObject({ code: 404 })
    const elsewhere = await make.project(own)
    const [id] = await knex(NOTES).insert({ account_id: own.id, project_id: elsewhere.id, text: 'other project' })
    await expect(notes().patch(Number(id), { text: 'x' }, { tenant: { accountId: own.id }, project: { id: ours.id } } as AppParams)).rejects.toMatchObject({ code: 404 })
    await expect(notes().get(Number(id), { tenant: { accountId: other.id }, project: { id: elsewhere.id } } as AppParams)).rejects.toMatchObject({ code: 404 })
    expect((await knex(NOTES).where({ id }).first('text')).text).toBe('other project')
  })

  test('a tenant service called with a named account sees that account only', async () => {
    await make.company(own)
    await make.company(other)
    const page = (await app.service('companies').find({ tenant: { accountId: own.id }, query: { $limit: 500 } } as AppParams)) as { data: { accountId: number }[] }
    expect(page.data.length).toBeGreaterThan(0)
    for (const row of page.data) expect(row.accountId).toBe(own.id)
  })
})

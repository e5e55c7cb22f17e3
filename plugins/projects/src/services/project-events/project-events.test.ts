/**
 * The project event log over real HTTP: every write of a project-scoped service is
 * recorded by the kit's project scope in the projects plugin's log, and the project's
 * administrators read it, newest first, with who made each change. A test plugin stands
 * in for the project modules to come (checklists, documents).
 */
import { type Migration, TableService, definePlugin } from '@app/plugin-kit'
import { Type } from '@sinclair/typebox'
import { type AccountFixture, type ProjectFixture, fixtures, startTestServer, type TestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

const THINGS = 'test_event_things'
const thingsTable: Migration = {
  name: '2026-11-24-900-test-event-things',
  async up(knex) {
    await knex.schema.createTable(THINGS, (t) => {
      t.increments('id')
      t.integer('account_id').unsigned().notNullable()
      t.integer('project_id').unsigned().notNullable()
      t.string('title', 100).notNullable()
    })
  },
  async down(knex) {
    await knex.schema.dropTableIfExists(THINGS)
  },
}
const thing = Type.Object({ id: Type.Integer(), accountId: Type.Integer(), projectId: Type.Integer(), title: Type.String() }, { additionalProperties: false })
const thingData = Type.Object({ projectId: Type.Integer({ minimum: 1 }), title: Type.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false, examples: [{ title: 'A thing' }] })
const thingPatch = Type.Object({ title: Type.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false })

const thingsPlugin = definePlugin({
  id: 'test-event-things',
  module: 'project',
  version: '0.0.1',
  migrations: [thingsTable],
  permissions: [],
  services: [
    {
      path: 'test-event-things',
      methods: ['create', 'patch', 'remove'],
      scope: { kind: 'project', level: { create: 'EDIT', patch: 'EDIT', remove: 'ADMINISTER' }, projectIdFrom: { field: 'projectId', table: THINGS } },
      schemas: { data: thingData, patch: thingPatch, result: thing },
      service: (app) => new TableService({ Model: app.get('knex'), name: THINGS, result: thing }),
    },
  ],
})

let server: TestServer
let own: AccountFixture
let other: AccountFixture
let project: ProjectFixture
let theirs: ProjectFixture
const tokens: Record<string, string> = {}
const people: Record<string, number> = {}

beforeAll(async () => {
  server = await startTestServer({}, { extraPlugins: [thingsPlugin] })
  const make = fixtures(server)
  own = await make.account()
  other = await make.account()
  project = await make.project(own)
  theirs = await make.project(other)
  for (const level of ['VIEW', 'EDIT', 'ADMINISTER'] as const) {
    const person = await make.user(own, 'user', { firstName: `Holds`, lastName: level })
    await make.grantProject(person, project, level)
    tokens[level] = await make.signIn(person)
    people[level] = person.id
  }
  tokens.admin = await make.signIn(own.admin)
  tokens.other = await make.signIn(other.admin)
})
afterAll(() => server?.close())

const call = (token: string, method: string, url: string, body?: unknown) => server.call(method, url, body, token)
const events = (token: string, projectId = project.id, query = '') => call(token, 'GET', `/api/projects/${projectId}/events${query}`)

describe('the project event log', () => {
  test('records each write with who, what and when; administrators read it newest first', async () => {
    const created = await call(tokens.EDIT!, 'POST', '/api/test-event-things', { projectId: project.id, title: 'Crane foundation' })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect((await call(tokens.EDIT!, 'PATCH', `/api/test-event-things/${created.body.id}`, { title: 'Crane base' })).status).toBe(200)
    expect((await call(tokens.ADMINISTER!, 'DELETE', `/api/test-event-things/${created.body.id}`)).status).toBe(200)

    const answer = await events(tokens.ADMINISTER!)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body.total).toBe(3)
    const [removed, changed, made] = answer.body.data
    expect(made).toMatchObject({
      eventType: 'test-event-things create',
      eventName: 'Created',
      subject: 'Crane foundation',
      modifiedBy: { id: people.EDIT, firstName: 'Holds', lastName: 'EDIT' },
    })
    expect(changed).toMatchObject({ eventType: 'test-event-things patch', eventName: 'Changed', subject: 'Crane base' })
    expect(removed).toMatchObject({ eventType: 'test-event-things remove', eventName: 'Removed', subject: 'Crane base', modifiedBy: { id: people.ADMINISTER } })
    expect(Date.parse(made.creationDate)).toBeGreaterThan(Date.now() - 60_000)
    expect(removed.id).toBeGreaterThan(made.id)
    // The account's admin administers every project of the account.
    expect((await events(tokens.admin!)).body.total).toBe(3)
  })

  test('pages: $limit and $skip, the total of the whole log', async () => {
    const page = await events(tokens.ADMINISTER!, project.id, '?$limit=1&$skip=1')
    expect(page.status).toBe(200)
    expect(page.body).toMatchObject({ total: 3, limit: 1, skip: 1 })
    expect(page.body.data).toHaveLength(1)
    expect(page.body.data[0].eventName).toBe('Changed')
    expect((await events(tokens.ADMINISTER!, project.id, '?sort=name')).status).toBe(400)
  })

  test('a refused write records nothing', async () => {
    const before = (await events(tokens.admin!)).body.total
    expect((await call(tokens.VIEW!, 'POST', '/api/test-event-things', { projectId: project.id, title: 'Not allowed' })).status).toBe(403)
    expect((await call(tokens.EDIT!, 'POST', '/api/test-event-things', { projectId: project.id, title: '' })).status).toBe(400)
    expect((await events(tokens.admin!)).body.total).toBe(before)
  })

  test('only administrators of the project read it; another account’s project is not found', async () => {
    for (const level of ['VIEW', 'EDIT'] as const) {
      const answer = await events(tokens[level]!)
      expect(answer.status).toBe(403)
      expect(answer.body.message).toBe('This needs ADMINISTER access to the project')
    }
    expect((await events(tokens.admin!, theirs.id)).status).toBe(404)
    expect((await events(tokens.other!, project.id)).status).toBe(404)
    expect((await call(tokens.other!, 'GET', `/api/projects/${theirs.id}/events`)).body.total).toBe(0)
  })

  test('background work is recorded without a person', async () => {
    const service = server.app.service('test-event-things' as any) as any
    await service.create({ projectId: project.id, title: 'Converted' }, { tenant: { accountId: own.id }, project: { id: project.id } })
    const [latest] = (await events(tokens.admin!)).body.data
    expect(latest).toMatchObject({ eventName: 'Created', subject: 'Converted', modifiedBy: null })
    const stored = await server.knex('project_events').where({ id: latest.id }).first()
    expect(Number(stored.account_id)).toBe(own.id)
  })
})

describe('changes of the project itself and of its users', () => {
  test('are recorded: the project’s changes, and a user given and taken away', async () => {
    const renamed = await call(tokens.ADMINISTER!, 'PATCH', `/api/projects/${project.id}`, { name: 'Harbour crane' })
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200)
    const make = fixtures(server)
    const newcomer = await make.user(own, 'user', { firstName: 'New', lastName: 'Comer' })
    const username = (await server.knex('users').where({ id: newcomer.id }).first('username')).username
    const added = await call(tokens.admin!, 'POST', `/api/projects/${project.id}/users`, { username })
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    expect((await call(tokens.admin!, 'DELETE', `/api/projects/${project.id}/users/${newcomer.id}`)).status).toBe(200)

    const [removed, given, changed] = (await events(tokens.ADMINISTER!, project.id, '?$limit=3')).body.data
    expect(changed).toMatchObject({ eventType: 'projects patch', eventName: 'Changed', subject: `${project.symbol} - Harbour crane`, modifiedBy: { id: people.ADMINISTER } })
    expect(given).toMatchObject({ eventType: 'projects/:projectId/users create', eventName: 'Created', subject: 'New Comer' })
    expect(removed).toMatchObject({ eventType: 'projects/:projectId/users remove', eventName: 'Removed', subject: 'New Comer' })
  })

  test('removing a project leaves no event behind and answers as before', async () => {
    const make = fixtures(server)
    const doomed = await make.project(own)
    const answer = await call(tokens.admin!, 'DELETE', `/api/projects/${doomed.id}`)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(await server.knex('project_events').where({ project_id: doomed.id })).toEqual([])
  })
})

describe('a create sent again with its Idempotency-Key', () => {
  test('is recorded once', async () => {
    const before = (await events(tokens.admin!)).body.total
    const send = () =>
      fetch(`${server.url}/api/test-event-things`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.EDIT}`, 'idempotency-key': 'event-once-1' },
        body: JSON.stringify({ projectId: project.id, title: 'Sent twice' }),
      })
    const first = await send()
    const again = await send()
    expect(first.status).toBe(201)
    expect(again.status).toBe(201)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect((await events(tokens.admin!)).body.total).toBe(before + 1)
  })
})

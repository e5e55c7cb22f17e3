/**
 * The projects plugin's dashboard calls over real HTTP: the caller's recent projects
 * (visits, newest first and then by name, only projects they may still open), a
 * project's figures, its status boxes (counted by the documents module) and its
 * timeline (the project's dates and the bubbles' marks, set and cleared with EDIT).
 */
import { definePlugin, projectStatusBoxes } from '@app/plugin-kit'
import { type AccountFixture, type Person, type ProjectFixture, type TestServer, fixtures, startTestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

let server: TestServer
let own: AccountFixture
let other: AccountFixture
let viewer: Person
const tokens: Record<string, string> = {}
let projects: ProjectFixture[]
let theirs: ProjectFixture

beforeAll(async () => {
  server = await startTestServer()
  const make = fixtures(server)
  own = await make.account()
  other = await make.account()
  projects = [
    await make.project(own, { name: 'Bravo' }),
    await make.project(own, { name: 'Alpha' }),
    await make.project(own, { name: 'Charlie' }),
    await make.project(own, { name: 'Delta' }),
  ]
  theirs = await make.project(other)
  viewer = await make.user(own, 'user', { firstName: 'Vera', lastName: 'Viewer' })
  for (const project of projects) await make.grantProject(viewer, project, 'VIEW')
  const editor = await make.user(own, 'user', { firstName: 'Eddie', lastName: 'Editor' })
  await make.grantProject(editor, projects[0]!, 'EDIT')
  // A role's grant counts too.
  const role = await make.role(own)
  await make.grantProject(role, projects[0]!, 'VIEW')
  await make.user(own, 'user', { role })
  tokens.viewer = await make.signIn(viewer)
  tokens.editor = await make.signIn(editor)
  tokens.admin = await make.signIn(own.admin)
  tokens.other = await make.signIn(other.admin)
})
afterAll(() => server?.close())

const call = (who: string, method: string, url: string, body?: unknown) => server.call(method, url, body, tokens[who])

describe('GET /dashboard/projects', () => {
  test('the caller’s visits, last visited first and then by name, only projects they still hold a level on', async () => {
    // Opening a project records the visit.
    expect((await call('viewer', 'GET', `/api/projects/${projects[3]!.id}`)).status).toBe(200)
    const visits = server.knex('project_visits')
    const at = Date.now() - 60_000
    await visits.clone().insert([
      { account_id: own.id, user_id: viewer.id, project_id: projects[0]!.id, visited_at: at },
      { account_id: own.id, user_id: viewer.id, project_id: projects[1]!.id, visited_at: at },
      { account_id: own.id, user_id: viewer.id, project_id: projects[2]!.id, visited_at: at - 1000 },
      // Another person's visit and another account's project are not the caller's.
      { account_id: own.id, user_id: own.admin.id, project_id: projects[2]!.id, visited_at: at + 5000 },
      { account_id: other.id, user_id: other.admin.id, project_id: theirs.id, visited_at: at },
    ])
    const answer = await call('viewer', 'GET', '/api/dashboard/projects')
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body).toMatchObject({ total: 4, limit: 10, skip: 0 })
    expect(answer.body.data.map((p: { name: string }) => p.name)).toEqual(['Delta', 'Alpha', 'Bravo', 'Charlie'])
    expect(answer.body.data[1]).toEqual({ id: projects[1]!.id, symbol: projects[1]!.symbol, name: 'Alpha', lastVisited: at })
    expect(answer.body.data[0].lastVisited).toBeGreaterThan(at)

    const two = await call('viewer', 'GET', '/api/dashboard/projects?$limit=2')
    expect(two.body.data.map((p: { name: string }) => p.name)).toEqual(['Delta', 'Alpha'])
    expect(two.body.total).toBe(4)

    // A level taken away takes the project off the list.
    await server.knex('privileges').where({ user_id: viewer.id, resource: 'PROJECT', resource_id: projects[1]!.id }).delete()
    const after = await call('viewer', 'GET', '/api/dashboard/projects')
    expect(after.body.data.map((p: { name: string }) => p.name)).toEqual(['Delta', 'Bravo', 'Charlie'])
    expect((await call('other', 'GET', '/api/dashboard/projects')).body.data.map((p: { id: number }) => p.id)).toEqual([theirs.id])
    expect((await call('viewer', 'GET', '/api/dashboard/projects?userId=1')).status).toBe(400)
  })
})

describe('GET /dashboard/info/project/:projectId', () => {
  test('the members holding a grant on it, own or their role’s, and its square metres', async () => {
    const project = projects[0]!
    expect((await call('admin', 'PATCH', `/api/projects/${project.id}`, { squareMeters: 1250.5 })).status).toBe(200)
    const answer = await call('viewer', 'GET', `/api/dashboard/info/project/${project.id}`)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    // The viewer, the editor and the role's member.
    expect(answer.body).toEqual({ userCount: 3, squareMeters: 1250.5 })
    expect((await call('viewer', 'GET', `/api/dashboard/info/project/${projects[3]!.id}`)).body).toEqual({ userCount: 1, squareMeters: null })
    expect((await call('admin', 'GET', `/api/dashboard/info/project/${theirs.id}`)).status).toBe(404)
  })
})

describe('GET /dashboard?projectId=', () => {
  test('every box, 0 for a project without documents; the documents module counts them', async () => {
    const answer = await call('viewer', 'GET', `/api/dashboard?projectId=${projects[0]!.id}`)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body.counted).toBe(true)
    expect(Object.keys(answer.body.boxes)).toHaveLength(14)
    expect(Object.values(answer.body.boxes).every((n) => n === 0)).toBe(true)
    expect(answer.body.personal).toEqual({ checkedOut: 0, recent: 0, favourite: 0 })
    expect((await call('viewer', 'GET', '/api/dashboard')).status).toBe(400)
    expect((await call('viewer', 'GET', `/api/dashboard?projectId=${theirs.id}`)).status).toBe(404)
  })

  test('with a plugin that counts, its boxes as the caller sees them', async () => {
    const counting = definePlugin({
      id: 'test-status-boxes',
      module: 'project',
      version: '0.0.0',
      migrations: [],
      services: [],
      permissions: [],
      configure(app) {
        app.get('extensions').contribute(projectStatusBoxes, {
          boxes: async (_app, params, projectId) => ({ inProgress: projectId % 7, totalDocuments: 12, checkedOut: params.user ? 1 : 0 }),
        })
      },
    })
    const second = await startTestServer({}, { extraPlugins: [counting] })
    try {
      const make = fixtures(second)
      const account = await make.account()
      const project = await make.project(account)
      const answer = await second.call('GET', `/api/dashboard?projectId=${project.id}`, undefined, await make.signIn(account.admin))
      expect(answer.body).toMatchObject({ counted: true, boxes: { inProgress: project.id % 7, totalDocuments: 12, forControl: 0 }, personal: { checkedOut: 1, recent: 0 } })
    } finally {
      await second.close()
    }
  })
})

describe('the project timeline', () => {
  const url = (key: string, project = projects[0]!) => `/api/dashboard/time-line/project/${project.id}/${key}`

  test('GET: the project’s dates, the documents’ figures and the bubbles’ marks', async () => {
    const dates = { startDate: Date.UTC(2026, 0, 5), endDate: Date.UTC(2026, 11, 18), deliveryDate: Date.UTC(2026, 10, 2), inspectionDate: null, shipmentDate: Date.UTC(2026, 9, 1) }
    expect((await call('admin', 'PATCH', `/api/projects/${projects[0]!.id}`, dates)).status).toBe(200)
    const answer = await call('viewer', 'GET', `/api/dashboard/time-line?projectId=${projects[0]!.id}`)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body).toEqual({ projectId: projects[0]!.id, ...dates, documentStats: [], marks: [] })
  })

  test('POST marks a bubble for the whole project, again changes it, DELETE clears it; EDIT needed', async () => {
    const partial = await call('editor', 'POST', url('delivery'), { progress: 'PARTIAL' })
    expect(partial.status, JSON.stringify(partial.body)).toBe(201)
    expect(partial.body).toMatchObject({ projectId: projects[0]!.id, key: 'delivery', progress: 'PARTIAL', markedBy: { firstName: 'Eddie', lastName: 'Editor' } })
    expect((await call('editor', 'POST', url('start'), {})).body.progress).toBe('FULL')
    expect((await call('editor', 'POST', url('delivery'), { progress: 'FULL' })).body.progress).toBe('FULL')

    const timeline = (await call('viewer', 'GET', `/api/dashboard/time-line?projectId=${projects[0]!.id}`)).body
    expect(timeline.marks.map((m: { key: string; progress: string }) => `${m.key} ${m.progress}`)).toEqual(['start FULL', 'delivery FULL'])
    // Another project's timeline is its own.
    expect((await call('viewer', 'GET', `/api/dashboard/time-line?projectId=${projects[2]!.id}`)).body.marks).toEqual([])

    const cleared = await call('editor', 'DELETE', url('delivery'))
    expect(cleared.status).toBe(200)
    expect(cleared.body).toEqual({ projectId: projects[0]!.id, key: 'delivery', progress: null })
    expect((await call('editor', 'DELETE', url('delivery'))).status).toBe(200)
    expect((await call('viewer', 'GET', `/api/dashboard/time-line?projectId=${projects[0]!.id}`)).body.marks.map((m: { key: string }) => m.key)).toEqual(['start'])

    const refused = await call('viewer', 'POST', url('end'), {})
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe('This needs EDIT access to the project')
    expect((await call('viewer', 'DELETE', url('start'))).status).toBe(403)
  })

  test('a key that is no bubble is not found; a progress that is none of them is a 400; the marks are logged', async () => {
    expect((await call('editor', 'POST', url('lunch'), {})).status).toBe(404)
    expect((await call('editor', 'DELETE', url('lunch'))).status).toBe(404)
    expect((await call('editor', 'DELETE', `${url('start')}/5`)).status).toBe(404)
    const bad = await call('editor', 'POST', url('end'), { progress: 'HALF' })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.errors)).toEqual(['progress'])
    expect((await call('admin', 'POST', url('end', theirs), {})).status).toBe(404)
    const log = (await call('admin', 'GET', `/api/projects/${projects[0]!.id}/events?$limit=2`)).body.data
    expect(log[0]).toMatchObject({ eventType: 'dashboard/time-line/project/:projectId/:key remove', eventName: 'Removed', subject: 'delivery' })
    // The second DELETE of the same bubble (above) found no mark: it changed nothing and is not logged.
    expect(log[1]).not.toMatchObject({ eventName: 'Removed', subject: 'delivery' })
  })
})

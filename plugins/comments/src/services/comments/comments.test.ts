/**
 * Comments over real HTTP, on projects (the projects plugin's comment target): read and
 * added with VIEW, changed or removed by their author or the project's administrators;
 * the author and the dates are the server's; another account's project, an unknown
 * module or a junk id is not found. Their changes go to the project's event log.
 */
import { type AccountFixture, type ProjectFixture, type TestServer, fixtures, startTestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

let server: TestServer
let own: AccountFixture
let other: AccountFixture
let project: ProjectFixture
let theirs: ProjectFixture
const tokens: Record<string, string> = {}
const ids: Record<string, number> = {}

beforeAll(async () => {
  server = await startTestServer()
  const make = fixtures(server)
  own = await make.account()
  other = await make.account()
  project = await make.project(own)
  theirs = await make.project(other)
  for (const [key, level] of [
    ['access', 'ACCESS'],
    ['viewer', 'VIEW'],
    ['editor', 'EDIT'],
    ['administrator', 'ADMINISTER'],
  ] as const) {
    const person = await make.user(own, 'user', { firstName: key, lastName: 'Fixture' })
    await make.grantProject(person, project, level)
    tokens[key] = await make.signIn(person)
    ids[key] = person.id
  }
  tokens.admin = await make.signIn(own.admin)
  tokens.other = await make.signIn(other.admin)
  tokens.globalAdmin = await make.signIn(await make.user(own, 'globalAdmin'))
})
afterAll(() => server?.close())

const call = (who: string, method: string, url: string, body?: unknown) => server.call(method, url, body, tokens[who])
const list = (who: string, projectId = project.id, query = '') => call(who, 'GET', `/api/comments/project/${projectId}${query}`)
const add = (who: string, content: unknown, projectId = project.id) => call(who, 'POST', `/api/comments/project/${projectId}`, { content })

describe('comments on a project', () => {
  test('a viewer adds one: the author and the dates are the server’s', async () => {
    const before = Date.now()
    const answer = await add('viewer', 'Foundations poured.\nWaiting for inspection.')
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    expect(answer.body).toMatchObject({
      module: 'project',
      moduleId: project.id,
      content: 'Foundations poured.\nWaiting for inspection.',
      author: { id: ids.viewer, firstName: 'viewer', lastName: 'Fixture' },
      owner: true,
      canEdit: true,
      changeDate: null,
      changedBy: null,
    })
    expect(Date.parse(answer.body.creationDate)).toBeGreaterThanOrEqual(before - 1000)
    expect(answer.body.date).toBe(answer.body.creationDate)
    // What the client may not say: who wrote it, when, or where else it belongs.
    for (const extra of [{ author: ids.editor }, { creationDate: '2020-01-01T00:00:00.000Z' }, { authorId: ids.editor }, { moduleId: theirs.id }]) {
      const refused = await call('viewer', 'POST', `/api/comments/project/${project.id}`, { content: 'Sneaky', ...extra })
      expect(refused.status, JSON.stringify(extra)).toBe(400)
      expect(refused.body.errors[Object.keys(extra)[0]!]).toBe('Unknown field')
    }
  })

  test('an empty comment, or only blanks, is refused with the field’s message', async () => {
    for (const content of ['', '   \n ', undefined]) {
      const answer = await add('viewer', content)
      expect(answer.status).toBe(400)
      expect(answer.body.errors).toEqual({ content: 'This field is required' })
    }
    expect((await add('viewer', 'x'.repeat(4001))).body.errors).toEqual({ content: 'The maximum number of characters is 4000' })
  })

  test('the list: newest first, paged, with the names and what the caller may do', async () => {
    expect((await add('editor', 'Crane arrives Monday')).status).toBe(201)
    expect((await add('administrator', 'Approved by the client')).status).toBe(201)
    const answer = await list('viewer')
    expect(answer.status).toBe(200)
    expect(answer.body.total).toBe(3)
    expect(answer.body.data.map((c: { content: string }) => c.content)).toEqual(['Approved by the client', 'Crane arrives Monday', 'Foundations poured.\nWaiting for inspection.'])
    expect(answer.body.data.map((c: { canEdit: boolean }) => c.canEdit)).toEqual([false, false, true])
    expect(answer.body.data[1].author).toMatchObject({ id: ids.editor, firstName: 'editor' })
    // The project's administrators may change anyone's.
    expect((await list('administrator')).body.data.every((c: { canEdit: boolean }) => c.canEdit)).toBe(true)
    expect((await list('admin')).body.data.every((c: { canEdit: boolean; owner: boolean }) => c.canEdit && !c.owner)).toBe(true)
    const page = await list('viewer', project.id, '?$limit=1&$skip=1')
    expect(page.body).toMatchObject({ total: 3, limit: 1, skip: 1 })
    expect(page.body.data.map((c: { content: string }) => c.content)).toEqual(['Crane arrives Monday'])
  })

  test('below VIEW is 403; another account’s project, an unknown module or a junk id is 404', async () => {
    for (const answer of [await list('access'), await add('access', 'Hello')]) {
      expect(answer.status).toBe(403)
      expect(answer.body.message).toBe('This needs VIEW access to the project')
    }
    expect((await list('admin', theirs.id)).status).toBe(404)
    expect((await add('admin', 'Hello', theirs.id)).status).toBe(404)
    expect((await list('other', project.id)).status).toBe(404)
    expect((await list('admin', 987654321)).status).toBe(404)
    expect((await call('admin', 'GET', `/api/comments/nothing/${project.id}`)).status).toBe(404)
    expect((await call('admin', 'POST', `/api/comments/nothing/${project.id}`, { content: 'Hello' })).status).toBe(404)
    expect((await call('admin', 'GET', '/api/comments/project/abc')).status).toBe(404)
    expect((await call(undefined as never, 'GET', `/api/comments/project/${project.id}`)).status).toBe(401)
    // None of it wrote anything.
    expect(Number((await server.knex('comments').count({ n: '*' }))[0]!.n)).toBe(3)
  })

  test('its author changes it; so does an administrator of the project; nobody else', async () => {
    const [mine] = (await list('editor')).body.data.filter((c: { owner: boolean }) => c.owner)
    const changed = await call('editor', 'PUT', `/api/comments/${mine.id}`, { content: 'Crane arrives Tuesday' })
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    expect(changed.body).toMatchObject({ id: mine.id, content: 'Crane arrives Tuesday', author: { id: ids.editor }, changedBy: { id: ids.editor }, creationDate: mine.creationDate })
    expect(changed.body.changeDate).toEqual(expect.any(String))

    const refused = await call('viewer', 'PUT', `/api/comments/${mine.id}`, { content: 'Crane never arrives' })
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe('Only its author or an administrator may change this comment')
    expect((await call('viewer', 'DELETE', `/api/comments/${mine.id}`)).status).toBe(403)

    const byAdministrator = await call('administrator', 'PUT', `/api/comments/${mine.id}`, { content: 'Crane arrives Wednesday' })
    expect(byAdministrator.body).toMatchObject({ author: { id: ids.editor }, changedBy: { id: ids.administrator } })
    // An edited comment is required too; the body carries the content alone.
    expect((await call('editor', 'PUT', `/api/comments/${mine.id}`, { content: ' ' })).body.errors).toEqual({ content: 'This field is required' })
    expect((await call('editor', 'PUT', `/api/comments/${mine.id}`, { content: 'x', authorId: ids.viewer })).status).toBe(400)
    // Another account's admin: the same 404 as a missing comment.
    const foreign = await call('other', 'PUT', `/api/comments/${mine.id}`, { content: 'Mine now' })
    const missing = await call('other', 'PUT', '/api/comments/987654321', { content: 'Mine now' })
    expect(foreign.status).toBe(404)
    expect(missing.status).toBe(404)
    expect((await list('viewer')).body.data.find((c: { id: number }) => c.id === mine.id).content).toBe('Crane arrives Wednesday')
  })

  test('its author or an administrator removes it', async () => {
    const [mine] = (await list('viewer')).body.data.filter((c: { owner: boolean }) => c.owner)
    expect((await call('editor', 'DELETE', `/api/comments/${mine.id}`)).status).toBe(403)
    expect((await call('other', 'DELETE', `/api/comments/${mine.id}`)).status).toBe(404)
    const removed = await call('viewer', 'DELETE', `/api/comments/${mine.id}`)
    expect(removed.status).toBe(200)
    expect(removed.body.id).toBe(mine.id)
    expect((await call('viewer', 'DELETE', `/api/comments/${mine.id}`)).status).toBe(404)
    const [editors] = (await list('viewer')).body.data.filter((c: { author: { id: number } }) => c.author.id === ids.editor)
    expect((await call('administrator', 'DELETE', `/api/comments/${editors.id}`)).status).toBe(200)
    expect((await list('viewer')).body.total).toBe(1)
  })

  test('the project’s event log shows the comments’ changes', async () => {
    const log = (await call('administrator', 'GET', `/api/projects/${project.id}/events`)).body.data as { eventType: string; eventName: string; subject: string; modifiedBy: { id: number } }[]
    const ofComments = log.filter((e) => e.eventType.startsWith('comments'))
    expect(ofComments.map((e) => `${e.eventName} ${e.subject}`)).toEqual([
      'Removed Crane arrives Wednesday',
      'Removed Foundations poured. Waiting for inspection.',
      'Saved Crane arrives Wednesday',
      'Saved Crane arrives Tuesday',
      'Created Approved by the client',
      'Created Crane arrives Monday',
      'Created Foundations poured. Waiting for inspection.',
    ])
    expect(ofComments[0]!.modifiedBy.id).toBe(ids.administrator)
    expect(ofComments[0]!.eventType).toBe('comments remove')
    expect(ofComments.at(-1)!.eventType).toBe('comments/:module/:moduleId create')
  })

  test('with the project module switched off, the account’s project comments are refused', async () => {
    const switchProject = (enabled: boolean) => call('globalAdmin', 'PUT', `/api/accounts/${own.id}/modules`, { modules: [{ id: 'project', enabled }] })
    expect((await switchProject(false)).status).toBe(200)
    try {
      const answer = await list('admin')
      expect(answer.status).toBe(403)
      expect(answer.body.message).toBe('Module project is not enabled for this account')
    } finally {
      expect((await switchProject(true)).status).toBe(200)
    }
    expect((await list('admin')).status).toBe(200)
  })
})

describe('a project with comments', () => {
  test('is kept: the delete blockers name who commented', async () => {
    const { projectDeleteBlockers } = await import('@app/plugin-kit')
    const blockers = server.app.get('extensions').all(projectDeleteBlockers)
    const ask = async (p: ProjectFixture) => (await Promise.all(blockers.map((b) => b.find(server.app, { ...p })))).flat()
    expect(await ask(project)).toEqual([{ reason: 'has comment by', item: 'administrator Fixture' }])
    expect(await ask(theirs)).toEqual([])
  })
})

describe('a document with notes', () => {
  test('is kept: the delete blockers name who wrote them, each once', async () => {
    const { documentDeleteBlockers } = await import('@app/plugin-kit')
    const blockers = server.app.get('extensions').all(documentDeleteBlockers)
    const ask = async (doc: { id: number; accountId: number; projectId: number }) => (await Promise.all(blockers.map((b) => b.find(server.app, doc)))).flat()
    const make = fixtures(server)
    const noted = await make.document(project)
    const quiet = await make.document(project)
    for (const [who, content] of [
      ['viewer', 'Check the flange sizes.'],
      ['viewer', 'And the bolts.'],
      ['editor', 'Checked.'],
    ] as const)
      expect((await call(who, 'POST', `/api/comments/folder/${noted.id}`, { content })).status).toBe(201)
    expect(await ask(noted)).toEqual(
      expect.arrayContaining([
        { reason: 'has comment by', item: 'viewer Fixture' },
        { reason: 'has comment by', item: 'editor Fixture' },
      ]),
    )
    expect(await ask(noted)).toHaveLength(2)
    // A comment on another kind of thing with the same id is no note of the document.
    await server.knex('comments').insert({ account_id: own.id, module: 'project', module_id: quiet.id, content: 'Same id', author_id: ids.viewer, created_at: new Date().toISOString() })
    expect(await ask(quiet)).toEqual([])
  })
})

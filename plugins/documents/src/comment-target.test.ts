/**
 * Notes on a document over real HTTP (the comments plugin's /comments/folder/:folderId,
 * with this plugin's comment target): read and added with VIEW on the document's project,
 * changed or removed by their author or the project's administrators; another account's
 * document, or none, is not found; the notes' changes are in the project's event log; a
 * document with notes is not deleted. SQLite, or MariaDB with TEST_DATABASE_URL.
 */
import { type AccountFixture, type DocumentFixture, type ProjectFixture, type TestServer, fixtures, startTestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

let server: TestServer
let make: ReturnType<typeof fixtures>
let own: AccountFixture
let project: ProjectFixture
let doc: DocumentFixture
let theirs: DocumentFixture
const tokens: Record<string, string> = {}
const ids: Record<string, number> = {}

beforeAll(async () => {
  server = await startTestServer()
  make = fixtures(server)
  own = await make.account()
  const other = await make.account()
  project = await make.project(own)
  doc = await make.document(project, { symbol: 'N-1', name: 'Noted' })
  theirs = await make.document(await make.project(other))
  for (const [key, level] of [
    ['access', 'ACCESS'],
    ['viewer', 'VIEW'],
    ['editor', 'EDIT'],
    ['administrator', 'ADMINISTER'],
  ] as const) {
    const person = await make.user(own, 'user', { firstName: key === 'viewer' ? 'Vera' : key, lastName: key === 'viewer' ? 'Viewer' : 'Fixture' })
    await make.grantProject(person, project, level)
    tokens[key] = await make.signIn(person)
    ids[key] = person.id
  }
  tokens.admin = await make.signIn(own.admin)
  tokens.other = await make.signIn(other.admin)
})
afterAll(() => server?.close())

const call = (who: string, method: string, url: string, body?: unknown) => server.call(method, `/api${url}`, body, tokens[who])
const notes = (who: string, folderId = doc.id) => call(who, 'GET', `/comments/folder/${folderId}`)
const add = (who: string, content: string, folderId = doc.id) => call(who, 'POST', `/comments/folder/${folderId}`, { content })

describe('notes on a document', () => {
  test('a viewer of its project adds one and reads them, newest first, with the author', async () => {
    const added = await add('viewer', 'Check the flange sizes.')
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    expect(added.body).toMatchObject({ module: 'folder', moduleId: doc.id, content: 'Check the flange sizes.', author: { id: ids.viewer, firstName: 'Vera' }, owner: true, canEdit: true })
    expect((await add('editor', 'Sizes checked.')).status).toBe(201)
    const listed = await notes('viewer')
    expect(listed.status).toBe(200)
    expect(listed.body.total).toBe(2)
    expect(listed.body.data.map((n: { content: string; canEdit: boolean }) => [n.content, n.canEdit])).toEqual([
      ['Sizes checked.', false],
      ['Check the flange sizes.', true],
    ])
    // Its project's administrator may change anyone's.
    expect((await notes('administrator')).body.data.every((n: { canEdit: boolean }) => n.canEdit)).toBe(true)
  })

  test('below VIEW is 403; another account’s document, a missing one or a junk id is 404', async () => {
    expect((await notes('access')).status).toBe(403)
    expect((await add('access', 'Let me in')).status).toBe(403)
    expect((await notes('other')).status).toBe(404)
    expect((await add('other', 'Hello')).status).toBe(404)
    expect((await notes('admin', theirs.id)).status).toBe(404)
    expect((await notes('admin', 2_000_000_000)).status).toBe(404)
    expect((await call('admin', 'GET', '/comments/folder/abc')).status).toBe(404)
    expect((await add('viewer', '   ')).status).toBe(400)
  })

  test('its author changes their own; an editor may not change another’s, the project’s administrator may', async () => {
    const mine = (await add('viewer', 'Draft note')).body
    expect((await call('editor', 'PUT', `/comments/${mine.id}`, { content: 'Hijacked' })).status).toBe(403)
    expect((await call('editor', 'DELETE', `/comments/${mine.id}`)).status).toBe(403)
    const changed = await call('viewer', 'PUT', `/comments/${mine.id}`, { content: 'Final note' })
    expect(changed.status).toBe(200)
    expect(changed.body).toMatchObject({ content: 'Final note', changedBy: { id: ids.viewer } })
    expect((await call('administrator', 'PUT', `/comments/${mine.id}`, { content: 'Moderated' })).status).toBe(200)
    expect((await call('administrator', 'DELETE', `/comments/${mine.id}`)).status).toBe(200)
    expect((await notes('viewer')).body.data.map((n: { content: string }) => n.content)).not.toContain('Moderated')
  })

  test('the notes’ changes are in the document’s project’s event log', async () => {
    const log = await call('admin', 'GET', `/projects/${project.id}/events?$limit=50`)
    expect(log.status).toBe(200)
    const subjects = log.body.data.filter((e: { eventType: string }) => e.eventType.startsWith('comments')).map((e: { eventName: string; subject: string }) => `${e.eventName} ${e.subject}`)
    expect(subjects).toEqual(expect.arrayContaining(['Created Check the flange sizes.', 'Saved Final note', 'Removed Moderated']))
  })

  test('with the documents module switched off, the account’s document notes are refused', async () => {
    const globalAdmin = await make.signIn(await make.user(own, 'globalAdmin'))
    const switchDocuments = (enabled: boolean) => server.call('PUT', `/api/accounts/${own.id}/modules`, { modules: [{ id: 'document', enabled }] }, globalAdmin)
    expect((await switchDocuments(false)).status).toBe(200)
    try {
      const refused = await notes('admin')
      expect(refused.status).toBe(403)
      expect(refused.body.message).toBe('Module document is not enabled for this account')
    } finally {
      expect((await switchDocuments(true)).status).toBe(200)
    }
    expect((await notes('admin')).status).toBe(200)
  })
})

describe('a document with notes', () => {
  test('is kept, naming who wrote them; once they are gone it is deleted', async () => {
    const refused = await call('admin', 'DELETE', `/folders/${doc.id}`)
    expect(refused.status).toBe(409)
    expect(refused.body.data.blocks).toEqual(
      expect.arrayContaining([
        { reason: 'has comment by', item: 'Vera Viewer' },
        { reason: 'has comment by', item: 'editor Fixture' },
      ]),
    )
    expect(refused.body.data.blocks).toHaveLength(2)
    for (const note of (await notes('administrator')).body.data) expect((await call('administrator', 'DELETE', `/comments/${note.id}`)).status).toBe(200)
    expect((await call('admin', 'DELETE', `/folders/${doc.id}`)).status).toBe(200)
    expect((await call('admin', 'GET', `/folders/${doc.id}`)).status).toBe(404)
  })
})

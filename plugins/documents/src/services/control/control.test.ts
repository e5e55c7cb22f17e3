/**
 * The control process and revisions over real HTTP: archiving needs the three ticks; an
 * archived document keeps its title, files and ticks and takes no upload; unarchive undoes
 * it; a new revision keeps the archived files under their revision and starts empty; every
 * step is in the change log. SQLite, or MariaDB with TEST_DATABASE_URL.
 */
import { type DocumentFixture, type Person, type ProjectFixture, type TestServer, fixtures, startTestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { UPLOAD_MESSAGES } from '../uploads/uploads.schema'
import { nextRevision } from './control.class'
import { CONTROL_MESSAGES } from './control.schema'

let server: TestServer
let project: ProjectFixture
let editor: Person
const tokens: Record<string, string> = {}
const DAY = Date.UTC(2026, 10, 2)

beforeAll(async () => {
  server = await startTestServer()
  const team = await fixtures(server).projectTeam()
  project = team.project
  editor = team.editor
  Object.assign(tokens, team.tokens)
})
afterAll(() => server?.close())

const call = (method: string, url: string, body?: unknown, token = tokens.editor) => server.call(method, `/api${url}`, body, token)
const attach = async (folderId: number, name: string) => {
  const form = new FormData()
  form.append('file', new Blob([new TextEncoder().encode(name)]), name)
  expect((await server.call('POST', `/api/folders/${folderId}/files`, form, tokens.editor)).status).toBe(201)
}
const tickAll = async (folderId: number) => {
  for (const role of ['EDIT', 'CONTROL', 'APPROVE']) expect((await call('PUT', `/folders/${folderId}/control/${role}`, { doneOn: DAY })).status).toBe(200)
}
const fileNames = async (folderId: number) => (await call('GET', `/folders/${folderId}/files`)).body.data.map((f: { name: string }) => f.name)
const eventTypes = async (folderId: number) => (await call('GET', `/event/folder/${folderId}`)).body.data.map((e: { eventType: string }) => e.eventType)

describe('the control process', () => {
  let doc: DocumentFixture
  beforeAll(async () => {
    doc = await fixtures(server).document(project, { name: 'Pump room', symbol: 'PR-1' })
    await attach(doc.id, 'layout.pdf')
  })

  test('archiving needs edited, controlled and approved, each ticked with a day; VIEW reads the ticks and sets none', async () => {
    const ticked = await call('PUT', `/folders/${doc.id}/control/EDIT`, { doneOn: DAY })
    expect(ticked.body).toHaveLength(1)
    expect(ticked.body[0]).toMatchObject({ role: 'EDIT', by: { id: editor.id }, doneOn: DAY })
    const refused = await call('POST', `/folders/${doc.id}/archive`, {})
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe(CONTROL_MESSAGES.notTicked)
    expect((await call('PUT', `/folders/${doc.id}/control/CONTROL`, { doneOn: DAY }, tokens.viewer)).status).toBe(403)
    expect((await call('GET', `/folders/${doc.id}/control`, undefined, tokens.viewer)).body).toHaveLength(1)
    expect((await call('PUT', `/folders/${doc.id}/control/SIGN`, { doneOn: DAY })).status).toBe(400)
    expect((await call('PUT', `/folders/${doc.id}/control/CONTROL`, {})).status).toBe(400)
    expect((await call('GET', `/folders/${doc.id}/control`, undefined, tokens.stranger)).status).toBe(404)
    // Taken away again, a tick is missing once more.
    await tickAll(doc.id)
    expect((await call('DELETE', `/folders/${doc.id}/control/APPROVE`)).body.map((t: { role: string }) => t.role)).toEqual(['EDIT', 'CONTROL'])
    expect((await call('POST', `/folders/${doc.id}/archive`, {})).status).toBe(409)
    expect((await server.knex('folders').where({ id: doc.id }).first()).state).toBe('IN_PROGRESS')
  })

  test('an archived revision keeps its title, files and ticks, takes no upload; unarchive undoes it', async () => {
    await tickAll(doc.id)
    const archived = await call('POST', `/folders/${doc.id}/archive`, {})
    expect(archived.status, JSON.stringify(archived.body)).toBe(201)
    expect(archived.body).toMatchObject({ state: 'ARCHIVED', revision: 'A' })
    expect((await call('POST', `/folders/${doc.id}/archive`, {})).status).toBe(409)
    const upload = await call('POST', `/folders/${doc.id}/uploads`, { fileName: 'late.pdf', size: 3 })
    expect(upload.status).toBe(409)
    expect(upload.body.message).toBe(UPLOAD_MESSAGES.archived)
    expect((await call('PATCH', `/folders/${doc.id}`, { name: 'Renamed' })).status).toBe(400)
    expect((await call('PATCH', `/folders/${doc.id}`, { format: 'A1' })).status).toBe(200)
    expect((await call('DELETE', `/folders/${doc.id}/control/EDIT`)).status).toBe(409)
    expect((await call('DELETE', `/folders/${doc.id}/files/clear`)).status).toBe(409)
    expect((await call('GET', `/folders/${doc.id}/revisions`)).body).toMatchObject([{ revision: 'A', current: true, fileCount: 1, controls: [{ role: 'EDIT' }, { role: 'CONTROL' }, { role: 'APPROVE' }] }])

    expect((await call('POST', `/folders/${doc.id}/unarchive`, {}, tokens.viewer)).status).toBe(403)
    const undone = await call('POST', `/folders/${doc.id}/unarchive`, {})
    expect(undone.body).toMatchObject({ state: 'IN_PROGRESS', revision: null })
    expect((await call('GET', `/folders/${doc.id}/revisions`)).body).toEqual([])
    expect(await fileNames(doc.id)).toEqual(['layout.pdf'])
    expect((await call('POST', `/folders/${doc.id}/unarchive`, {})).status).toBe(409)
  })

  test('a new revision keeps the archived files under it and starts with none and no ticks; the next is B; a label in use is refused', async () => {
    expect((await call('POST', `/folders/${doc.id}/revisions`, {})).status).toBe(409)
    expect((await call('POST', `/folders/${doc.id}/archive`, {})).body.revision).toBe('A')
    const begun = await call('POST', `/folders/${doc.id}/revisions`, {})
    expect(begun.status, JSON.stringify(begun.body)).toBe(201)
    expect(begun.body).toMatchObject({ state: 'IN_PROGRESS', revision: 'A', fileCount: 0 })
    expect(await fileNames(doc.id)).toEqual([])
    expect((await call('GET', `/folders/${doc.id}/control`)).body).toEqual([])
    expect((await call('GET', `/folders/${doc.id}/revisions`)).body).toMatchObject([{ revision: 'A', current: false, fileCount: 1 }])

    await attach(doc.id, 'layout rev B.pdf')
    await tickAll(doc.id)
    const taken = await call('POST', `/folders/${doc.id}/archive`, { revision: 'A' })
    expect(taken.status).toBe(400)
    expect(taken.body.errors).toEqual({ revision: CONTROL_MESSAGES.revisionTaken })
    expect((await call('POST', `/folders/${doc.id}/archive`, {})).body.revision).toBe('B')
    expect((await call('GET', `/folders/${doc.id}/revisions`)).body.map((r: { revision: string; fileCount: number }) => [r.revision, r.fileCount])).toEqual([
      ['B', 1],
      ['A', 1],
    ])
    // A document with files in any revision is not deleted.
    expect((await call('DELETE', `/folders/${doc.id}`)).status).toBe(409)
  })

  test('every step is in the change log, newest first, with who made it; VIEW reads it', async () => {
    const log = await call('GET', `/event/folder/${doc.id}`, undefined, tokens.viewer)
    expect(log.status).toBe(200)
    expect(log.body.data[0]).toMatchObject({ eventType: 'documentArchived', subject: 'B', modifiedBy: { id: editor.id } })
    const types = await eventTypes(doc.id)
    for (const type of ['fileAdded', 'controlTicked', 'controlCleared', 'documentArchived', 'documentUnarchived', 'newRevision', 'documentSaved']) expect(types).toContain(type)
    expect((await call('GET', `/event/folder/${doc.id}`, undefined, tokens.stranger)).status).toBe(404)
  })
})

test('revision labels run A … Z, AA, AB … ZZ, AAA', () => {
  expect(nextRevision(null)).toBe('A')
  expect(nextRevision('A')).toBe('B')
  expect(nextRevision('Z')).toBe('AA')
  expect(nextRevision('AZ')).toBe('BA')
  expect(nextRevision('ZZ')).toBe('AAA')
  expect(nextRevision('rev 3')).toBe('A')
})

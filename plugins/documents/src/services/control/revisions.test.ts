/**
 * Archived revisions' files and deleting a revision, over real HTTP: GET
 * /folders/{folderId}/files?revisionId= lists the files kept with an archived revision of
 * the document (VIEW, as the list; never another document's), and they download through
 * the usual link (DOWNLOAD); none of them is in a list or count of the documents as they
 * are now. DELETE /folders/{folderId}/revisions/{revisionId} (ADMINISTER) deletes an older
 * revision with its files (rows, log and then bytes), never the one the document is
 * archived in now, nor while someone else holds one of its files checked out.
 * SQLite, or MariaDB with TEST_DATABASE_URL.
 */
import { type DocumentFixture, type Person, type ProjectFixture, type TestServer, fixtures, startTestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { FOLDER_FILE_MESSAGES, lockedByOthersMessage } from '../folder-files/folder-files.schema'
import { CONTROL_MESSAGES } from './control.schema'

let server: TestServer
let project: ProjectFixture
let editor: Person
/** A document of another account, with an archived revision of its own. */
let theirs: { doc: DocumentFixture; revisionId: number }
const tokens: Record<string, string> = {}
const DAY = Date.UTC(2026, 10, 2)

beforeAll(async () => {
  server = await startTestServer()
  const make = fixtures(server)
  const account = await make.account()
  project = await make.project(account)
  tokens.admin = await make.signIn(account.admin)
  editor = await make.user(account, 'user', { firstName: 'Edith', lastName: 'Editor' })
  for (const [name, person, level] of [
    ['editor', editor, 'EDIT'],
    ['administrator', await make.user(account), 'ADMINISTER'],
    ['downloader', await make.user(account), 'DOWNLOAD'],
    ['viewer', await make.user(account), 'VIEW'],
  ] as const) {
    await make.grantProject(person, project, level)
    tokens[name] = await make.signIn(person)
  }
  const other = await make.account()
  tokens.stranger = await make.signIn(other.admin)
  const doc = await make.document(await make.project(other))
  theirs = { doc, revisionId: await revise(doc, ['theirs.txt'], tokens.stranger) }
})
afterAll(() => server?.close())

const call = (method: string, url: string, body?: unknown, token = tokens.editor) => server.call(method, `/api${url}`, body, token)
const attach = async (folderId: number, name: string, token = tokens.editor) => {
  const form = new FormData()
  form.append('file', new Blob([new TextEncoder().encode(`bytes of ${name}`)]), name)
  const answer = await server.call('POST', `/api/folders/${folderId}/files`, form, token)
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  return Number(answer.body.id)
}
const archive = async (folderId: number, token = tokens.editor) => {
  for (const role of ['EDIT', 'CONTROL', 'APPROVE']) expect((await call('PUT', `/folders/${folderId}/control/${role}`, { doneOn: DAY }, token)).status).toBe(200)
  const archived = await call('POST', `/folders/${folderId}/archive`, {}, token)
  expect(archived.status, JSON.stringify(archived.body)).toBe(201)
  return archived.body as { revision: string }
}
/** The document's latest revision's id. */
const latestId = async (folderId: number) => Number((await server.knex('folder_revisions').where({ folder_id: folderId }).orderBy('id', 'desc').first('id')).id)
/** Files added, the revision archived and a new one begun: the files are kept with the archived revision, whose id it answers. */
async function revise(doc: DocumentFixture, names: string[], token = tokens.editor) {
  for (const name of names) await attach(doc.id, name, token)
  await archive(doc.id, token)
  const revisionId = await latestId(doc.id)
  expect((await call('POST', `/folders/${doc.id}/revisions`, {}, token)).status).toBe(201)
  return revisionId
}
const filesOf = (folderId: number, query = '', token = tokens.editor) => call('GET', `/folders/${folderId}/files${query ? `?${query}` : ''}`, undefined, token)
const namesOf = async (folderId: number, query = '', token = tokens.editor) => {
  const answer = await filesOf(folderId, query, token)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body.data.map((f: { name: string }) => f.name)
}
/** The file rows kept with a revision, COMMENT files too. */
const keptRows = async (revisionId: number) => Number((await server.knex('folder_files').where({ revision_id: revisionId }).count({ n: '*' }))[0]!.n)
const revisionsOf = async (folderId: number) =>
  (await call('GET', `/folders/${folderId}/revisions`)).body.map((r: { revision: string; fileCount: number; current: boolean }) => [r.revision, r.fileCount, r.current])

describe("an archived revision's files", () => {
  let doc: DocumentFixture
  let other: DocumentFixture
  let revisionA: number
  let otherRevision: number
  const ids: Record<string, number> = {}

  beforeAll(async () => {
    const make = fixtures(server)
    doc = await make.document(project, { name: 'Pump room', symbol: 'RV-1' })
    other = await make.document(project, { name: 'Elsewhere', symbol: 'RV-2' })
    otherRevision = await revise(other, ['elsewhere.txt'])
  })

  test('the revision archived now lists the files the document has; once a new one begins, they are kept with it, in the same shape, for VIEW', async () => {
    ids.plan = await attach(doc.id, 'plan.pdf')
    ids.notes = await attach(doc.id, 'notes.txt')
    await archive(doc.id)
    revisionA = await latestId(doc.id)
    const current = await filesOf(doc.id)
    expect(current.body.total).toBe(2)
    // While it is the revision the document is archived in, its files are the document's own.
    expect((await filesOf(doc.id, `revisionId=${revisionA}`)).body).toEqual(current.body)
    expect(await revisionsOf(doc.id)).toEqual([['A', 2, true]])

    expect((await call('POST', `/folders/${doc.id}/revisions`, {})).status).toBe(201)
    await attach(doc.id, 'plan rev B.pdf')
    expect(await namesOf(doc.id)).toEqual(['plan rev B.pdf'])
    const kept = await filesOf(doc.id, `revisionId=${revisionA}`, tokens.viewer)
    expect(kept.status, JSON.stringify(kept.body)).toBe(200)
    expect(kept.body).toEqual(current.body)
    // The kept files and the files in work are counted in one statement.
    const statements: string[] = []
    const listen = (query: { sql: string }) => statements.push(query.sql)
    server.knex.on('query', listen)
    try {
      expect(await revisionsOf(doc.id)).toEqual([['A', 2, false]])
    } finally {
      server.knex.off('query', listen)
    }
    expect(statements.filter((sql) => sql.includes('folder_files'))).toHaveLength(1)
    // Paged as the list is.
    expect((await filesOf(doc.id, `revisionId=${revisionA}&$limit=1&$skip=1`)).body).toMatchObject({ total: 2, limit: 1, skip: 1, data: [{ name: 'plan.pdf' }] })
  })

  test("a revision of another document or account, or none, is refused on revisionId; another account's document is not found", async () => {
    for (const revisionId of [otherRevision, theirs.revisionId, 987654321]) {
      const refused = await filesOf(doc.id, `revisionId=${revisionId}`)
      expect(refused.status, String(revisionId)).toBe(400)
      expect(refused.body.errors).toEqual({ revisionId: FOLDER_FILE_MESSAGES.notRevision })
    }
    expect((await filesOf(doc.id, 'revisionId=abc')).body.errors).toHaveProperty('revisionId')
    expect((await filesOf(doc.id, 'revisionId=0')).status).toBe(400)
    expect((await filesOf(theirs.doc.id, `revisionId=${theirs.revisionId}`)).status).toBe(404)
    expect((await filesOf(theirs.doc.id, `revisionId=${revisionA}`, tokens.stranger)).status).toBe(400)
  })

  test('kept files are only read: no upload or delete names a revision, and the file operations do not reach them', async () => {
    const form = new FormData()
    form.append('file', new Blob(['late']), 'late.txt')
    const upload = await server.call('POST', `/api/folders/${doc.id}/files?revisionId=${revisionA}`, form, tokens.editor)
    expect(upload.status).toBe(400)
    expect(upload.body.errors).toEqual({ revisionId: FOLDER_FILE_MESSAGES.revisionFilesKept })
    expect((await call('DELETE', `/folders/${doc.id}/files/${ids.plan}?revisionId=${revisionA}`)).status).toBe(400)
    expect((await call('DELETE', `/folders/${doc.id}/files/${ids.plan}`)).status).toBe(404)
    expect((await call('PUT', `/folders/${doc.id}/files/${ids.plan}/rename`, { name: 'x.pdf' })).status).toBe(404)
    expect((await call('POST', `/folders/${doc.id}/files/lock/${ids.plan}`, {})).status).toBe(404)
    expect(await namesOf(doc.id, `revisionId=${revisionA}`)).toEqual(['notes.txt', 'plan.pdf'])
  })

  test('they download through the usual link, for DOWNLOAD: one as itself, several as a zip', async () => {
    const link = await call('POST', `/folders/${doc.id}/files/download-link`, { ids: [ids.plan] }, tokens.downloader)
    expect(link.status, JSON.stringify(link.body)).toBe(201)
    const answer = await fetch(server.url + link.body.url)
    expect(answer.status).toBe(200)
    expect(await answer.text()).toBe('bytes of plan.pdf')
    const both = await call('POST', `/folders/${doc.id}/files/download-link`, { ids: [ids.plan, ids.notes] }, tokens.downloader)
    const zip = await fetch(server.url + both.body.url)
    expect(zip.status).toBe(200)
    expect(zip.headers.get('content-type')).toBe('application/zip')
    expect((await zip.arrayBuffer()).byteLength).toBeGreaterThan(0)
    expect((await call('POST', `/folders/${doc.id}/files/download-link`, { ids: [ids.plan] }, tokens.viewer)).status).toBe(403)
    // A kept file of another document is not this document's.
    const elsewhere = (await filesOf(other.id, `revisionId=${otherRevision}`)).body.data[0].id
    expect((await call('POST', `/folders/${doc.id}/files/download-link`, { ids: [ids.plan, elsewhere] }, tokens.downloader)).status).toBe(400)
  })

  test('no list or count of the documents as they are now shows a kept file: the documents list, the document, search, the project’s documents and models', async () => {
    const make = fixtures(server)
    const models = await make.document(project, { name: 'Models', symbol: 'RV-3' })
    await revise(models, ['zebrakept.ifc', 'zebrakept.txt'])
    await attach(models.id, 'zebranow.ifc')
    const listed = await call('GET', `/documents?projectId=${project.id}&$limit=100`)
    expect(listed.body.data.find((d: { id: number }) => d.id === models.id)).toMatchObject({ fileCount: 1 })
    expect((await call('GET', `/folders/${models.id}`)).body.fileCount).toBe(1)
    const search = await call('GET', '/search?q=zebra', undefined, tokens.admin)
    expect(search.body.groups.find((g: { group: string }) => g.group === 'files').items.map((i: { title: string }) => i.title)).toEqual(['zebranow.ifc (RV-3)'])
    const folders = await call('GET', `/projects/${project.id}/folders`, undefined, tokens.admin)
    expect(folders.status, JSON.stringify(folders.body)).toBe(200)
    const mine = JSON.stringify(folders.body)
    expect(mine).toContain('zebranow.ifc')
    expect(mine).not.toContain('zebrakept')
    const ifc = await call('GET', `/projects/${project.id}/ifcfiles`, undefined, tokens.admin)
    expect(ifc.body.map((f: { name: string }) => f.name)).toEqual(['zebranow.ifc'])
  })
})

describe('deleting a revision', () => {
  let doc: DocumentFixture
  const revisions: Record<string, number> = {}
  const url = (revisionId: number | string, folderId = doc.id) => `/folders/${folderId}/revisions/${revisionId}`

  beforeAll(async () => {
    doc = await fixtures(server).document(project, { name: 'Hull', symbol: 'RV-9' })
    revisions.A = await revise(doc, ['hull A.pdf', 'hull A notes.txt'])
    // A note's file kept with A: neither listed nor counted, and gone with A.
    const [shown] = await server.knex('folder_files').where({ revision_id: revisions.A }).select('*')
    await server.knex('folder_files').insert({ ...shown, id: undefined, name: 'note.png', storage_key: 'documents/note-of-a', file_type: 'COMMENT' })
    // B is archived with a file its editor holds checked out.
    const held = await attach(doc.id, 'hull B.pdf')
    expect((await call('POST', `/folders/${doc.id}/files/lock/${held}`, {})).status).toBe(201)
    revisions.B = await revise(doc, [])
    await attach(doc.id, 'hull C.pdf')
    await archive(doc.id)
    revisions.C = await latestId(doc.id)
  })

  test('needs ADMINISTER; a revision of another document or account, or none, is not found', async () => {
    for (const token of [tokens.editor, tokens.viewer]) {
      const refused = await call('DELETE', url(revisions.A!), undefined, token)
      expect(refused.status).toBe(403)
      expect(refused.body.message).toBe('This needs ADMINISTER access to the project')
    }
    expect((await call('DELETE', url(revisions.A!), undefined, tokens.stranger)).status).toBe(404)
    for (const id of [theirs.revisionId, 987654321, 'abc']) expect((await call('DELETE', url(id), undefined, tokens.administrator)).status, String(id)).toBe(404)
    expect((await call('DELETE', url(revisions.A!, theirs.doc.id), undefined, tokens.stranger)).status).toBe(404)
    expect(await revisionsOf(doc.id)).toEqual([
      ['C', 1, true],
      ['B', 1, false],
      ['A', 2, false],
    ])
  })

  test('the revision the document is archived in now is unarchived instead (409)', async () => {
    const refused = await call('DELETE', url(revisions.C!), undefined, tokens.administrator)
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe(CONTROL_MESSAGES.currentRevision)
  })

  test('a kept file someone else holds checked out keeps its revision; its holder checks it in, and the revision goes with its files, logged', async () => {
    const refused = await call('DELETE', url(revisions.B!), undefined, tokens.administrator)
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe(lockedByOthersMessage(['hull B.pdf'], 'Edith Editor'))
    const held = (await filesOf(doc.id, `revisionId=${revisions.B}`)).body.data[0]
    expect(held).toMatchObject({ locked: true, lockedBy: { id: editor.id } })
    expect((await call('POST', `/folders/${doc.id}/files/unlock/${held.id}`, {})).status).toBe(201)

    const kept = await server.knex('folder_files').where({ revision_id: revisions.B }).select('storage_key', 'size')
    const before = (await call('GET', `/projects/${project.id}?stats=true`, undefined, tokens.admin)).body.storageTotal
    const deleted = await call('DELETE', url(revisions.B!), undefined, tokens.administrator)
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200)
    expect(deleted.body).toMatchObject({ id: revisions.B, revision: 'B', fileCount: 1, current: false })
    expect(await keptRows(revisions.B!)).toBe(0)
    await expect(server.app.get('storage').get(kept[0].storage_key)).rejects.toThrow()
    expect((await call('GET', `/projects/${project.id}?stats=true`, undefined, tokens.admin)).body.storageTotal).toBe(before - Number(kept[0].size))
    // The others keep their files and counts; the document keeps its label, which names the latest.
    expect(await revisionsOf(doc.id)).toEqual([
      ['C', 1, true],
      ['A', 2, false],
    ])
    expect(await namesOf(doc.id, `revisionId=${revisions.A}`)).toEqual(['hull A notes.txt', 'hull A.pdf'])
    expect(await namesOf(doc.id)).toEqual(['hull C.pdf'])
    expect((await call('GET', `/folders/${doc.id}`)).body).toMatchObject({ state: 'ARCHIVED', revision: 'C' })
    const log = (await call('GET', `/event/folder/${doc.id}`, undefined, tokens.viewer)).body.data[0]
    expect(log).toMatchObject({ eventType: 'revisionDeleted', subject: 'B' })
    expect((await filesOf(doc.id, `revisionId=${revisions.B}`)).status).toBe(400)
    expect((await call('DELETE', url(revisions.B!), undefined, tokens.administrator)).status).toBe(404)
  })

  test('bytes the store fails to delete are logged, not thrown: the rows are gone already', async () => {
    const storage = server.app.get('storage')
    const failing = vi.spyOn(storage, 'removeMany').mockImplementation(async (keys) => keys)
    const warned = vi.spyOn(server.app.get('logger'), 'warn')
    try {
      const deleted = await call('DELETE', url(revisions.A!), undefined, tokens.administrator)
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(200)
      // The note's file too: three keys in one call, all named in the one warning.
      expect(failing).toHaveBeenCalledTimes(1)
      expect(failing.mock.calls[0]![0]).toHaveLength(3)
      const warnings = warned.mock.calls.filter(([, message]) => message === 'Deleted files stay in the store')
      expect(warnings.map(([fields]) => (fields as { keys: string[] }).keys)).toEqual([failing.mock.calls[0]![0]])
    } finally {
      failing.mockRestore()
      warned.mockRestore()
    }
    expect(await keptRows(revisions.A!)).toBe(0)
    expect(await revisionsOf(doc.id)).toEqual([['C', 1, true]])
  })

  test("an older revision deleted while a new one is in work: the next archive does not give its label again", async () => {
    const fresh = await fixtures(server).document(project, { name: 'Keel', symbol: 'RV-10' })
    const revisionA = await revise(fresh, ['keel.pdf'])
    expect((await call('DELETE', url(revisionA, fresh.id), undefined, tokens.administrator)).status).toBe(200)
    expect(await revisionsOf(fresh.id)).toEqual([])
    expect((await call('GET', `/folders/${fresh.id}`)).body).toMatchObject({ state: 'IN_PROGRESS', revision: 'A' })
    expect((await archive(fresh.id)).revision).toBe('B')
  })
})

/**
 * Copying a file over real HTTP: into its own document under a name no file there has, or
 * into another document the caller may edit; the bytes copied in the store (the copy
 * outlives its original); an archived target, a target the caller may not edit and a file
 * of another document or account are refused, leaving nothing behind. SQLite, or MariaDB
 * with TEST_DATABASE_URL.
 */
import { type DocumentFixture, type Person, type ProjectFixture, type TestServer, fixtures, startTestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { copyName } from './folder-files.class'
import { FOLDER_FILE_MESSAGES } from './folder-files.schema'

let server: TestServer
let project: ProjectFixture
let viewed: ProjectFixture
let unseen: ProjectFixture
let editor: Person
const tokens: Record<string, string> = {}

beforeAll(async () => {
  server = await startTestServer()
  const make = fixtures(server)
  const team = await make.projectTeam()
  project = team.project
  editor = team.editor
  Object.assign(tokens, team.tokens)
  viewed = await make.project(team.account)
  unseen = await make.project(team.account)
  await make.grantProject(editor, viewed, 'DOWNLOAD')
})
afterAll(() => server?.close())

const call = (method: string, url: string, body?: unknown, token = tokens.editor) => server.call(method, `/api${url}`, body, token)
const attach = async (folderId: number, name: string, text = `bytes of ${name}`) => {
  const form = new FormData()
  form.append('file', new Blob([new TextEncoder().encode(text)]), name)
  const answer = await server.call('POST', `/api/folders/${folderId}/files`, form, tokens.editor)
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  return answer.body as { id: number; name: string; mime: string; size: number }
}
const copy = (folderId: number, fileId: number, body: unknown = {}, token = tokens.editor) => call('POST', `/folders/${folderId}/files/${fileId}/copy`, body, token)
const names = async (folderId: number) => (await call('GET', `/folders/${folderId}/files`)).body.data.map((f: { name: string }) => f.name)
const row = (id: number) => server.knex('folder_files').where({ id }).first()
const stored = async (id: number) => {
  const object = await server.app.get('storage').get((await row(id)).storage_key)
  return Buffer.concat(await object.body.toArray()).toString()
}
const fileCount = async () => Number((await server.knex('folder_files').count({ n: '*' }))[0]!.n)

describe('copying a file', () => {
  let doc: DocumentFixture
  beforeAll(async () => {
    doc = await fixtures(server).document(project)
  })

  test('into its own document: "(copy)", then "(copy 2)"; the same bytes under a key of its own, outliving the original', async () => {
    const original = await attach(doc.id, 'Plan.PDF', '%PDF-1.4 the plan')
    await server.knex('folder_files').where({ id: original.id }).update({ latitude: 60.5, longitude: 24.25, conversion: 'COMPLETED', converted_location: 'forge:abc' })
    const first = await copy(doc.id, original.id)
    expect(first.status, JSON.stringify(first.body)).toBe(201)
    expect(first.body).toMatchObject({ folderId: doc.id, name: 'Plan (copy).PDF', mime: original.mime, size: original.size, fileType: 'ATTACHMENT', locked: false })
    // Taken where the original was; converted afresh.
    expect(first.body).toMatchObject({ geolocation: { latitude: 60.5, longitude: 24.25 }, conversion: 'NOT_STARTED', convertedLocation: null })
    const second = await copy(doc.id, original.id, undefined)
    expect(second.status, JSON.stringify(second.body)).toBe(201)
    expect(second.body.name).toBe('Plan (copy 2).PDF')
    expect(await names(doc.id)).toEqual(expect.arrayContaining(['Plan.PDF', 'Plan (copy).PDF', 'Plan (copy 2).PDF']))

    const keys = await Promise.all([original.id, first.body.id, second.body.id].map(async (id) => (await row(id)).storage_key))
    expect(new Set(keys).size).toBe(3)
    expect(await stored(first.body.id)).toBe('%PDF-1.4 the plan')
    expect((await call('DELETE', `/folders/${doc.id}/files/${original.id}`)).status).toBe(200)
    expect(await stored(second.body.id)).toBe('%PDF-1.4 the plan')

    const log = (await call('GET', `/event/folder/${doc.id}`)).body.data.map((e: { eventType: string; subject: string }) => `${e.eventType}: ${e.subject}`)
    expect(log).toEqual(expect.arrayContaining(['fileCopied: Plan.PDF → Plan (copy).PDF', 'fileCopied: Plan.PDF → Plan (copy 2).PDF']))
  })

  test('into another document it keeps its name unless a file there has it', async () => {
    const source = await fixtures(server).document(project, { symbol: 'SRC-1', name: 'Source' })
    const target = await fixtures(server).document(project)
    const file = await attach(source.id, 'notes.txt')
    const copied = await copy(source.id, file.id, { targetFolderId: target.id })
    expect(copied.status, JSON.stringify(copied.body)).toBe(201)
    expect(copied.body).toMatchObject({ folderId: target.id, name: 'notes.txt' })
    expect((await row(copied.body.id)).project_id).toBe((await row(file.id)).project_id)
    expect((await copy(source.id, file.id, { targetFolderId: target.id })).body.name).toBe('notes (copy).txt')
    expect(await names(source.id)).toEqual(['notes.txt'])
    const log = (await call('GET', `/event/folder/${target.id}`)).body.data.map((e: { eventType: string; subject: string }) => `${e.eventType}: ${e.subject}`)
    expect(log).toContain('fileCopied: notes.txt (from SRC-1 - Source)')
    // Into a document of another project the caller edits.
    const other = await fixtures(server).project({ id: project.accountId })
    await fixtures(server).grantProject(editor, other, 'EDIT')
    const elsewhere = await fixtures(server).document(other)
    const across = await copy(source.id, file.id, { targetFolderId: elsewhere.id })
    expect(across.status, JSON.stringify(across.body)).toBe(201)
    expect((await row(across.body.id)).project_id).toBe(elsewhere.projectId)
  })

  test('a target the caller may not edit, of another account, missing or archived is refused; nothing is left behind', async () => {
    const file = await attach(doc.id, 'kept.txt')
    const archived = await fixtures(server).document(project, { state: 'ARCHIVED' })
    const onlyDownload = await fixtures(server).document(viewed)
    const hidden = await fixtures(server).document(unseen)
    const foreign = await fixtures(server).document(await fixtures(server).project(await fixtures(server).account()))
    const before = await fileCount()

    const notEditable = await copy(doc.id, file.id, { targetFolderId: onlyDownload.id })
    expect(notEditable.status).toBe(403)
    expect(notEditable.body.message).toBe("This needs EDIT access to the target document's project")
    for (const target of [hidden.id, foreign.id, 987654321]) {
      const answer = await copy(doc.id, file.id, { targetFolderId: target })
      expect(answer.status, String(target)).toBe(400)
      expect(answer.body.errors).toEqual({ targetFolderId: FOLDER_FILE_MESSAGES.targetFolder })
    }
    const intoArchived = await copy(doc.id, file.id, { targetFolderId: archived.id })
    expect(intoArchived.status).toBe(409)
    expect(intoArchived.body.message).toBe(FOLDER_FILE_MESSAGES.targetArchived)
    for (const body of [{ targetFolderId: 'x' }, { targetFolderId: 0 }, { folderId: doc.id }]) expect((await copy(doc.id, file.id, body)).status, JSON.stringify(body)).toBe(400)
    expect(await fileCount()).toBe(before)
    expect(await server.app.get('storage').sweepPartial()).toBe(0)
  })

  test('a file of another document or account is not found; below EDIT nothing is copied', async () => {
    const file = await attach(doc.id, 'private.txt')
    const elsewhere = await fixtures(server).document(project)
    const before = await fileCount()
    expect((await copy(elsewhere.id, file.id)).status).toBe(404)
    expect((await copy(doc.id, file.id, {}, tokens.stranger)).status).toBe(404)
    expect((await copy(doc.id, 987654321)).status).toBe(404)
    expect((await copy(doc.id, file.id, {}, tokens.viewer)).status).toBe(403)
    expect(await fileCount()).toBe(before)
  })

  test('a file whose bytes have gone from the store is not copied, and leaves no row', async () => {
    const file = await attach(doc.id, 'lost.txt')
    await server.app.get('storage').remove((await row(file.id)).storage_key)
    const before = await fileCount()
    expect((await copy(doc.id, file.id)).status).toBe(404)
    expect(await fileCount()).toBe(before)
  })

  test('copy names: free names stay, taken ones get "(copy)", "(copy n)", and fit 255 characters', () => {
    expect(copyName('a.pdf', new Set())).toBe('a.pdf')
    expect(copyName('a.pdf', new Set(['a.pdf']))).toBe('a (copy).pdf')
    expect(copyName('A.pdf', new Set(['a.pdf', 'a (copy).pdf']))).toBe('A (copy 2).pdf')
    expect(copyName('README', new Set(['readme']))).toBe('README (copy)')
    expect(copyName('.env', new Set(['.env']))).toBe('.env (copy)')
    expect(copyName('archive.tar.gz', new Set(['archive.tar.gz']))).toBe('archive.tar (copy).gz')
    const long = `${'x'.repeat(251)}.pdf`
    const copied = copyName(long, new Set([long]))
    expect(copied).toHaveLength(255)
    expect(copied.endsWith(' (copy).pdf')).toBe(true)
  })
})

/**
 * Merging PDF files over real HTTP (POST /folders/{folderId}/files/merge?ids=…): real PDFs
 * made here with pdf-lib, merged in the order asked into a new file of the document named
 * after the first, downloaded and counted page by page; fewer than two, a file of another
 * document or account, a file that is no PDF or an encrypted one, an archived document, a
 * file someone else checked out, below EDIT and over the size limit are refused, leaving no
 * row and nothing in the store. SQLite, or MariaDB with TEST_DATABASE_URL.
 */
import { type DocumentFixture, type Person, type ProjectFixture, type TestServer, fixtures, startTestServer } from '@app/testing'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { mergedName } from './folder-files.class'
import { FOLDER_FILE_MESSAGES, notMergeableMessage } from './folder-files.schema'

/** A small limit, so the test of it needs no large files. */
const MERGE_MAX = 64 * 1024

let server: TestServer
let project: ProjectFixture
let editor: Person
const tokens: Record<string, string> = {}

beforeAll(async () => {
  server = await startTestServer({ mergeMaxBytes: MERGE_MAX })
  const make = fixtures(server)
  const team = await make.projectTeam()
  project = team.project
  editor = team.editor
  Object.assign(tokens, team.tokens)
  const colleague = await make.user(team.account)
  await make.grantProject(colleague, project, 'EDIT')
  tokens.colleague = await make.signIn(colleague)
  const downloader = await make.user(team.account)
  await make.grantProject(downloader, project, 'DOWNLOAD')
  tokens.downloader = await make.signIn(downloader)
})
afterAll(() => server?.close())

/**
 * A real PDF of `pages` pages, each saying which file and page it is, `width` points wide and
 * 100 + its page number high: a merge's pages say by their sizes where each came from.
 */
const pdf = async (label: string, pages: number, options: { width?: number; encrypted?: boolean } = {}) => {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  for (let n = 1; n <= pages; n++) doc.addPage([options.width ?? 300, 100 + n]).drawText(`${label} page ${n}`, { x: 20, y: 50, size: 14, font })
  // pdf-lib writes no encryption; a trailer naming an Encrypt dictionary is what readers take for one.
  if (options.encrypted) doc.context.trailerInfo.Encrypt = doc.context.obj({ Filter: 'Standard', V: 2, R: 3, Length: 128, P: -4 })
  return Buffer.from(await doc.save({ useObjectStreams: !options.encrypted }))
}

const attach = async (folderId: number, name: string, bytes: Buffer | string, token = tokens.editor) => {
  const form = new FormData()
  form.append('file', new Blob([typeof bytes === 'string' ? new TextEncoder().encode(bytes) : new Uint8Array(bytes)]), name)
  const answer = await server.call('POST', `/api/folders/${folderId}/files`, form, token)
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  return answer.body as { id: number; name: string; mime: string; size: number }
}
const merge = (folderId: number, ids: (number | string)[], token = tokens.editor) =>
  server.call('POST', `/api/folders/${folderId}/files/merge${ids.length ? `?${ids.map((id) => `ids=${id}`).join('&')}` : ''}`, {}, token)

/** The file as a download link hands it out. */
const download = async (folderId: number, fileId: number) => {
  const link = await server.call('POST', `/api/folders/${folderId}/files/download-link`, { ids: [fileId] }, tokens.editor)
  expect(link.status, JSON.stringify(link.body)).toBe(201)
  const response = await fetch(server.url + link.body.url)
  expect(response.status).toBe(200)
  return Buffer.from(await response.arrayBuffer())
}
/** Each page's size, [width, height]. */
const pageSizes = async (bytes: Buffer) => (await PDFDocument.load(bytes)).getPages().map((page) => [page.getWidth(), page.getHeight()])

const fileCount = async () => Number((await server.knex('folder_files').count({ n: '*' }))[0]!.n)
const names = async (folderId: number) => (await server.call('GET', `/api/folders/${folderId}/files`, undefined, tokens.editor)).body.data.map((f: { name: string }) => f.name)
const log = async (folderId: number) =>
  (await server.call('GET', `/api/event/folder/${folderId}`, undefined, tokens.editor)).body.data.map((e: { eventType: string; subject: string }) => `${e.eventType}: ${e.subject}`)

/** Everything under the store's root, counted (the local store keeps each object as a file). */
const storeFiles = async () => {
  const { readdir } = await import('node:fs/promises')
  const path = await import('node:path')
  const root = path.join(server.config.dataDir, 'files')
  const walk = async (dir: string): Promise<number> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => [])
    let n = 0
    for (const entry of entries) n += entry.isDirectory() ? await walk(path.join(dir, entry.name)) : 1
    return n
  }
  return walk(root)
}

describe('merging PDF files', () => {
  let doc: DocumentFixture
  beforeAll(async () => {
    doc = await fixtures(server).document(project, { symbol: 'MRG-1', name: 'Merge here' })
  })

  test('in the order asked, into "(merged).pdf" named after the first, then "(merged 2).pdf"; the merge is a new file of the document', async () => {
    const plan = await attach(doc.id, 'Plan.pdf', await pdf('plan', 2, { width: 200 }))
    const section = await attach(doc.id, 'section.PDF', await pdf('section', 3, { width: 300 }))
    const detail = await attach(doc.id, 'detail.pdf', await pdf('detail', 1, { width: 400 }))
    expect([plan.mime, section.mime, detail.mime]).toEqual(['application/pdf', 'application/pdf', 'application/pdf'])

    const merged = await merge(doc.id, [section.id, plan.id, detail.id])
    expect(merged.status, JSON.stringify(merged.body)).toBe(201)
    expect(merged.body).toMatchObject({ folderId: doc.id, name: 'section (merged).pdf', mime: 'application/pdf', fileType: 'ATTACHMENT', locked: false, creator: { id: editor.id } })
    const bytes = await download(doc.id, merged.body.id)
    expect(merged.body.size).toBe(bytes.length)
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(6)
    expect(await pageSizes(bytes)).toEqual([[300, 101], [300, 102], [300, 103], [200, 101], [200, 102], [400, 101]])

    const again = await merge(doc.id, [section.id, detail.id])
    expect(again.status, JSON.stringify(again.body)).toBe(201)
    expect(again.body.name).toBe('section (merged 2).pdf')
    expect((await PDFDocument.load(await download(doc.id, again.body.id))).getPageCount()).toBe(4)
    // The merged files stay as they were.
    expect((await names(doc.id)).sort()).toEqual(['Plan.pdf', 'detail.pdf', 'section (merged 2).pdf', 'section (merged).pdf', 'section.PDF'])
    expect(await log(doc.id)).toEqual(
      expect.arrayContaining(['filesMerged: section.PDF, Plan.pdf, detail.pdf → section (merged).pdf', 'filesMerged: section.PDF, detail.pdf → section (merged 2).pdf']),
    )
    const folder = await server.knex('folders').where({ id: doc.id }).first()
    expect(Number(folder.changed_by)).toBe(editor.id)
  })

  test('fewer than two, more than fifty, repeated or malformed ids answer 400 on `ids`; files of another document or account 404', async () => {
    const a = await attach(doc.id, 'a.pdf', await pdf('a', 1))
    const b = await attach(doc.id, 'b.pdf', await pdf('b', 1))
    const elsewhere = await fixtures(server).document(project)
    const theirs = await attach(elsewhere.id, 'theirs.pdf', await pdf('theirs', 1))
    const before = await fileCount()
    for (const ids of [[], [a.id]]) {
      const answer = await merge(doc.id, ids)
      expect(answer.status, JSON.stringify(ids)).toBe(400)
      expect(answer.body.errors).toEqual({ ids: FOLDER_FILE_MESSAGES.mergeCount })
    }
    const tooMany = await merge(doc.id, Array.from({ length: 51 }, (_, i) => a.id + 1000 + i))
    expect([tooMany.status, tooMany.body.errors]).toEqual([400, { ids: FOLDER_FILE_MESSAGES.mergeCount }])
    for (const ids of [[a.id, a.id], [a.id, 'x'], [a.id, 0]]) {
      const answer = await merge(doc.id, ids)
      expect(answer.status, JSON.stringify(ids)).toBe(400)
      expect(Object.keys(answer.body.errors ?? {}), JSON.stringify(answer.body)).toContain('ids')
    }
    for (const ids of [[a.id, theirs.id], [a.id, 987654321]]) expect((await merge(doc.id, ids)).status, JSON.stringify(ids)).toBe(404)
    // Another account's member: the document itself is not found.
    expect((await merge(doc.id, [a.id, b.id], tokens.stranger)).status).toBe(404)
    expect((await merge(elsewhere.id, [a.id, b.id])).status).toBe(404)
    expect(await fileCount()).toBe(before)
  })

  test('a file that is no PDF, a damaged or an encrypted one is named in a 400; nothing is left behind', async () => {
    const good = await attach(doc.id, 'good.pdf', await pdf('good', 1))
    const text = await attach(doc.id, 'notes.txt', 'just some notes')
    const damaged = await attach(doc.id, 'damaged.pdf', '%PDF-1.7\nthis is not what a PDF holds\n%%EOF\n')
    const encrypted = await attach(doc.id, 'secret.pdf', await pdf('secret', 1, { encrypted: true }))
    const rows = await fileCount()
    const stored = await storeFiles()
    for (const [file, ids] of [
      [text, [good.id, text.id]],
      [damaged, [good.id, damaged.id]],
      [encrypted, [encrypted.id, good.id]],
    ] as const) {
      const answer = await merge(doc.id, [...ids])
      expect(answer.status, JSON.stringify(answer.body)).toBe(400)
      expect(answer.body.message).toBe(notMergeableMessage(file.name))
      expect(answer.body.errors).toEqual({ ids: `"${file.name}" is not a PDF that can be merged` })
    }
    expect(await fileCount()).toBe(rows)
    expect(await storeFiles()).toBe(stored)
  })

  test('an archived document is 409 as an upload is; a file someone else checked out is 409; below EDIT 403', async () => {
    const archived = await fixtures(server).document(project)
    const a = await attach(archived.id, 'a.pdf', await pdf('a', 1))
    const b = await attach(archived.id, 'b.pdf', await pdf('b', 1))
    await server.knex('folders').where({ id: archived.id }).update({ state: 'ARCHIVED' })
    const before = await fileCount()
    const refused = await merge(archived.id, [a.id, b.id])
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe('An archived document takes no new files')

    const open = await fixtures(server).document(project)
    const c = await attach(open.id, 'c.pdf', await pdf('c', 1))
    const d = await attach(open.id, 'd.pdf', await pdf('d', 1))
    expect((await server.call('POST', `/api/folders/${open.id}/files/lock/${d.id}`, {}, tokens.colleague)).status).toBe(201)
    const locked = await merge(open.id, [c.id, d.id])
    expect(locked.status).toBe(409)
    expect(locked.body.message).toContain('"d.pdf" is checked out by')
    // Their own checked-out file they merge.
    expect((await merge(open.id, [c.id, d.id], tokens.colleague)).status).toBe(201)
    expect((await merge(open.id, [c.id, d.id], tokens.downloader)).status).toBe(403)
    expect(await fileCount()).toBe(before + 3)
  })

  test('files together over MERGE_MAX_MB are refused with 413 before they are read', async () => {
    const big = await fixtures(server).document(project)
    // Uncompressed pages of noise: each file a little over half the limit.
    const noisy = async (label: string) => {
      const made = await PDFDocument.create()
      const page = made.addPage([300, 200])
      page.drawText(`${label} ${'x'.repeat(10)}`, { x: 10, y: 10 })
      made.setSubject('n'.repeat(MERGE_MAX / 2 + 1024))
      return Buffer.from(await made.save({ useObjectStreams: false }))
    }
    const a = await attach(big.id, 'a.pdf', await noisy('a'))
    const b = await attach(big.id, 'b.pdf', await noisy('b'))
    expect(a.size + b.size).toBeGreaterThan(MERGE_MAX)
    const before = await fileCount()
    const stored = await storeFiles()
    const answer = await merge(big.id, [a.id, b.id])
    expect(answer.status).toBe(413)
    expect(answer.body.message).toBe(FOLDER_FILE_MESSAGES.mergeTooLarge)
    expect(await fileCount()).toBe(before)
    expect(await storeFiles()).toBe(stored)
  })

  test('a file whose bytes have gone from the store is not merged, and leaves nothing', async () => {
    const gone = await fixtures(server).document(project)
    const a = await attach(gone.id, 'a.pdf', await pdf('a', 1))
    const b = await attach(gone.id, 'b.pdf', await pdf('b', 1))
    await server.app.get('storage').remove((await server.knex('folder_files').where({ id: b.id }).first()).storage_key)
    const before = await fileCount()
    const stored = await storeFiles()
    expect((await merge(gone.id, [a.id, b.id])).status).toBe(404)
    expect(await fileCount()).toBe(before)
    expect(await storeFiles()).toBe(stored)
  })

  test('merged names: "(merged)" after the first file without .pdf, numbered when taken, fitting 255 characters', () => {
    expect(mergedName('Plan.pdf', new Set())).toBe('Plan (merged).pdf')
    expect(mergedName('Plan.PDF', new Set(['plan (merged).pdf']))).toBe('Plan (merged 2).pdf')
    expect(mergedName('scan', new Set())).toBe('scan (merged).pdf')
    expect(mergedName('.pdf', new Set())).toBe('.pdf (merged).pdf')
    const long = `${'x'.repeat(251)}.pdf`
    const merged = mergedName(long, new Set())
    expect(merged).toHaveLength(255)
    expect(merged.endsWith('x (merged).pdf')).toBe(true)
  })
})

/**
 * Downloads over real HTTP: a link for some files of a document (DOWNLOAD), followed within
 * its minute, answers the file with its RFC 6266 name, or a zip of several read back entry
 * by entry; a link works only for its files, while its session lives and its holder keeps
 * DOWNLOAD. SQLite, or MariaDB with TEST_DATABASE_URL.
 */
import type { Readable } from 'node:stream'
import { type DocumentFixture, type Person, type ProjectFixture, type TestServer, fixtures, startTestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import yauzl from 'yauzl'
import { DOWNLOAD_MESSAGES } from './files.schema'
import { filesPath } from './files.shared'
import { entryNames } from './files.class'

let server: TestServer
let project: ProjectFixture
let doc: DocumentFixture
let other: DocumentFixture
let downloader: Person
const tokens: Record<string, string> = {}
const files: Record<string, { id: number; bytes: Buffer }> = {}

/** Uploads a whole file into a document through the API, as its form does. */
const attach = async (folderId: number, name: string, bytes: Buffer) => {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)]), name)
  const answer = await server.call('POST', `/api/folders/${folderId}/files`, form, tokens.editor)
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  return { id: Number(answer.body.id), bytes }
}

beforeAll(async () => {
  server = await startTestServer()
  const make = fixtures(server)
  const team = await make.projectTeam()
  project = team.project
  Object.assign(tokens, team.tokens)
  doc = await make.document(project)
  other = await make.document(project)
  downloader = await make.user(team.account)
  await make.grantProject(downloader, project, 'DOWNLOAD')
  tokens.downloader = await make.signIn(downloader)
  files.plan = await attach(doc.id, 'Ärende plan.pdf', Buffer.from('%PDF-1.4 the plan'))
  files.notes = await attach(doc.id, 'notes.txt', Buffer.from('some notes'))
  files.again = await attach(doc.id, 'notes.txt', Buffer.from('other notes'))
  files.elsewhere = await attach(other.id, 'elsewhere.txt', Buffer.from('not this document'))
})
afterAll(() => server?.close())

const linkFor = (ids: number[], token = tokens.downloader!, folderId = doc.id) => server.call('POST', `/api/folders/${folderId}/files/download-link`, { ids }, token)
const follow = (url: string) => fetch(server.url + url)

/** The entries of a zip, name and bytes, in order. */
const unzip = (zip: Buffer) =>
  new Promise<{ name: string; bytes: Buffer }[]>((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, archive) => {
      if (error) return reject(error)
      const entries: { name: string; bytes: Buffer }[] = []
      archive.on('entry', (entry: yauzl.Entry) => {
        archive.openReadStream(entry, async (failed, stream) => {
          if (failed) return reject(failed)
          entries.push({ name: entry.fileName, bytes: Buffer.concat(await (stream as Readable).toArray()) })
          archive.readEntry()
        })
      })
      archive.on('end', () => resolve(entries))
      archive.readEntry()
    })
  })

describe('downloads', () => {
  test('one file comes as itself, named per RFC 6266 and typed by its bytes', async () => {
    const link = await linkFor([files.plan!.id])
    expect(link.status, JSON.stringify(link.body)).toBe(201)
    expect(link.body.url).toMatch(new RegExp(`^/api/files/${files.plan!.id}\\?token=`))
    expect(link.body.url).not.toContain(tokens.downloader)
    const answer = await follow(link.body.url)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('application/pdf')
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="_rende plan.pdf"; filename*=UTF-8''%C3%84rende%20plan.pdf`)
    expect(Buffer.from(await answer.arrayBuffer()).equals(files.plan!.bytes)).toBe(true)
  })

  test('several files come as one zip, each entry whole, names made unique', async () => {
    const link = await linkFor([files.notes!.id, files.plan!.id, files.again!.id])
    const answer = await follow(link.body.url)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('application/zip')
    expect(answer.headers.get('content-disposition')).toContain('filename="files.zip"')
    const entries = await unzip(Buffer.from(await answer.arrayBuffer()))
    expect(entries.map((e) => e.name).sort()).toEqual(['notes (2).txt', 'notes.txt', 'Ärende plan.pdf'].sort())
    const byName = new Map(entries.map((e) => [e.name, e.bytes.toString()]))
    expect(byName.get('Ärende plan.pdf')).toBe('%PDF-1.4 the plan')
    expect([byName.get('notes.txt'), byName.get('notes (2).txt')].sort()).toEqual(['other notes', 'some notes'])
  })

  test('a link needs DOWNLOAD, names files of its document only, and is 404 from another account', async () => {
    const viewer = await linkFor([files.plan!.id], tokens.viewer)
    expect(viewer.status).toBe(403)
    expect(viewer.body.message).toBe('This needs DOWNLOAD access to the project')
    const mixed = await linkFor([files.plan!.id, files.elsewhere!.id])
    expect(mixed.status).toBe(400)
    expect(mixed.body.errors).toEqual({ ids: DOWNLOAD_MESSAGES.notFiles })
    expect((await linkFor([files.plan!.id], tokens.stranger)).status).toBe(404)
  })

  test('a link opens exactly its files: other ids, a changed token or a passed minute are refused', async () => {
    const link = await linkFor([files.plan!.id, files.notes!.id])
    const url = new URL(server.url + link.body.url)
    const token = url.searchParams.get('token')!
    const refused = [
      `/api/files?id=${files.plan!.id}&id=${files.again!.id}&token=${token}`,
      `/api/files?id=${files.plan!.id}&token=${token}`,
      `/api/files/${files.elsewhere!.id}?token=${token}`,
      `/api/files?id=${files.plan!.id}&id=${files.notes!.id}&token=${token.slice(0, -2)}xx`,
      `/api/files/${files.plan!.id}?token=${tokens.downloader}`,
    ]
    for (const path of refused) {
      const answer = await follow(path)
      expect(answer.status, path).toBe(403)
      expect((await answer.json()).message).toBe(DOWNLOAD_MESSAGES.expired)
    }
    const claims = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString())
    const lapsed = server.app.service(filesPath).tokenOf({ ...claims, e: Math.floor(Date.now() / 1000) - 1 })
    expect((await follow(`/api/files?id=${files.plan!.id}&id=${files.notes!.id}&token=${lapsed}`)).status).toBe(403)
    expect((await follow(`/api/files/${files.plan!.id}`)).status).toBe(400)
  })

  test('a link stops working when its holder loses DOWNLOAD, and when its session ends', async () => {
    const make = fixtures(server)
    const person = await make.user({ id: project.accountId })
    await make.grantProject(person, project, 'DOWNLOAD')
    const token = await make.signIn(person)
    const first = (await linkFor([files.plan!.id], token)).body.url
    expect((await follow(first)).status).toBe(200)
    await server.knex('privileges').where({ user_id: person.id, resource: 'PROJECT', resource_id: project.id }).update({ action: 'VIEW' })
    expect((await follow(first)).status).toBe(403)
    await server.knex('privileges').where({ user_id: person.id, resource: 'PROJECT', resource_id: project.id }).update({ action: 'DOWNLOAD' })
    const second = (await linkFor([files.plan!.id], token)).body.url
    expect((await server.call('DELETE', '/api/authentication', undefined, token)).status).toBeLessThan(300)
    expect((await follow(second)).status).toBe(401)
  })

  test('zip entry names are unique whatever their case, and never a drive or a parent folder', () => {
    expect(entryNames(['a.pdf', 'A.pdf', 'a.pdf', 'b', 'b'])).toEqual(['a.pdf', 'A (2).pdf', 'a (3).pdf', 'b', 'b (2)'])
    expect(entryNames(['C:plan.pdf', '..', '.'])).toEqual(['_plan.pdf', '_', '_ (2)'])
  })

  test('a zip whose file has gone from the store ends the download; the server serves on', async () => {
    const make = fixtures(server)
    const lost = await make.document(project)
    const kept = await attach(lost.id, 'kept.txt', Buffer.from('kept'))
    const gone = await attach(lost.id, 'gone.txt', Buffer.from('gone'))
    const { storage_key } = await server.knex('folder_files').where({ id: gone.id }).first('storage_key')
    await server.app.get('storage').remove(storage_key)
    const link = await linkFor([kept.id, gone.id], tokens.downloader, lost.id)
    const answer = await follow(link.body.url)
    await expect(answer.arrayBuffer()).rejects.toThrow()
    expect((await follow((await linkFor([files.plan!.id])).body.url)).status).toBe(200)
  })
})

/**
 * A document's links over real HTTP: added, listed by name, read, changed and deleted, each
 * change in the document's change log; only http and https addresses; VIEW reads, EDIT
 * writes; a link of another document or account is 404; an archived document keeps its
 * links; a document with links is not deleted; a project's documents show their links.
 * SQLite, or MariaDB with TEST_DATABASE_URL.
 */
import { type DocumentFixture, type ProjectFixture, type TestServer, fixtures, startTestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { FOLDER_URL_MESSAGES } from './folder-urls.schema'

let server: TestServer
let project: ProjectFixture
const tokens: Record<string, string> = {}

beforeAll(async () => {
  server = await startTestServer()
  const team = await fixtures(server).projectTeam({ editor: { firstName: 'Edith', lastName: 'Editor' } })
  project = team.project
  Object.assign(tokens, team.tokens)
})
afterAll(() => server?.close())

const call = (method: string, url: string, body?: unknown, token = tokens.editor) => server.call(method, `/api${url}`, body, token)
const add = async (folderId: number, description: string, url = 'https://example.com/') => {
  const answer = await call('POST', `/folders/${folderId}/urls`, { description, url })
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  return answer.body as { id: number; description: string; url: string }
}
const events = async (folderId: number) =>
  (await call('GET', `/event/folder/${folderId}`)).body.data.map((e: { eventType: string; subject: string }) => `${e.eventType}: ${e.subject}`)

describe("a document's links", () => {
  let doc: DocumentFixture
  beforeAll(async () => {
    doc = await fixtures(server).document(project)
  })

  test('added, listed by name, read, changed and deleted; each change logged once', async () => {
    const added = await call('POST', `/folders/${doc.id}/urls`, { description: '  Supplier sheet ', url: ' HTTPS://Example.com/sheet?id=1#top ' })
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    expect(added.body).toMatchObject({ folderId: doc.id, description: 'Supplier sheet', url: 'HTTPS://Example.com/sheet?id=1#top', createdBy: { firstName: 'Edith', lastName: 'Editor' } })
    const second = await add(doc.id, 'Approval letter', 'http://intranet.example/letters/7')

    const list = await call('GET', `/folders/${doc.id}/urls`, undefined, tokens.viewer)
    expect(list.status).toBe(200)
    expect(list.body.total).toBe(2)
    expect(list.body.data.map((u: { description: string }) => u.description)).toEqual(['Approval letter', 'Supplier sheet'])
    expect((await call('GET', `/folders/${doc.id}/urls/${added.body.id}`, undefined, tokens.viewer)).body.url).toBe('HTTPS://Example.com/sheet?id=1#top')

    const changed = await call('PUT', `/folders/${doc.id}/urls/${second.id}`, { description: 'Approval letter (signed)', url: 'https://intranet.example/letters/7' })
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    expect(changed.body).toMatchObject({ id: second.id, description: 'Approval letter (signed)', url: 'https://intranet.example/letters/7' })
    // The same values again change nothing, and log nothing.
    expect((await call('PUT', `/folders/${doc.id}/urls/${second.id}`, { description: 'Approval letter (signed)', url: 'https://intranet.example/letters/7' })).status).toBe(200)

    const removed = await call('DELETE', `/folders/${doc.id}/urls/${added.body.id}`)
    expect(removed.status).toBe(200)
    expect(removed.body.description).toBe('Supplier sheet')
    expect((await call('GET', `/folders/${doc.id}/urls/${added.body.id}`)).status).toBe(404)
    expect((await call('GET', `/folders/${doc.id}/urls`)).body.data.map((u: { id: number }) => u.id)).toEqual([second.id])

    expect(await events(doc.id)).toEqual([
      'urlDeleted: Supplier sheet',
      'urlSaved: Approval letter → Approval letter (signed)',
      'urlAdded: Approval letter',
      'urlAdded: Supplier sheet',
    ])
  })

  test('only http and https addresses, each field with its message; nothing is stored', async () => {
    const other = await fixtures(server).document(project)
    const refused: [unknown, Record<string, string>][] = [
      [{ description: 'Run me', url: 'javascript:alert(1)' }, { url: FOLDER_URL_MESSAGES.url }],
      [{ description: 'Inline', url: 'data:text/html,<script>alert(1)</script>' }, { url: FOLDER_URL_MESSAGES.url }],
      [{ description: 'Disguised', url: 'javascript://example.com/%0aalert(1)' }, { url: FOLDER_URL_MESSAGES.url }],
      [{ description: 'Local', url: 'file:///etc/passwd' }, { url: FOLDER_URL_MESSAGES.url }],
      [{ description: 'Old', url: 'ftp://example.com/a' }, { url: FOLDER_URL_MESSAGES.url }],
      [{ description: 'No host', url: 'https://' }, { url: FOLDER_URL_MESSAGES.url }],
      [{ description: 'Spaces', url: 'https://exa mple.com' }, { url: FOLDER_URL_MESSAGES.url }],
      [{ description: 'Bad host', url: 'http://[nope' }, { url: FOLDER_URL_MESSAGES.url }],
      [{ description: 'Too long', url: `https://example.com/${'a'.repeat(2000)}` }, { url: 'The maximum number of characters is 2000' }],
      [{ url: 'https://example.com' }, { description: 'This field is required' }],
      [{ description: '   ', url: 'https://example.com' }, { description: 'This field is required' }],
      [{ description: 'x'.repeat(201), url: 'https://example.com' }, { description: 'The maximum number of characters is 200' }],
      [{ description: 'Line\nbreak', url: 'https://example.com' }, { description: 'Please do not use control or invisible characters' }],
      [{ description: 'No address' }, { url: 'This field is required' }],
      [{ description: 'Extra', url: 'https://example.com', folderId: 1 }, { folderId: 'Unknown field' }],
    ]
    for (const [body, errors] of refused) {
      const answer = await call('POST', `/folders/${other.id}/urls`, body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.errors, JSON.stringify(body)).toEqual(errors)
    }
    const link = await add(other.id, 'Fine', 'https://example.com/')
    const bad = await call('PUT', `/folders/${other.id}/urls/${link.id}`, { description: 'Fine', url: 'javascript:alert(1)' })
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toEqual({ url: FOLDER_URL_MESSAGES.url })
    expect((await call('GET', `/folders/${other.id}/urls`)).body.data.map((u: { url: string }) => u.url)).toEqual(['https://example.com/'])
  })

  test('VIEW reads and changes nothing; a link of another document or account is 404 and stays', async () => {
    const mine = await fixtures(server).document(project)
    const elsewhere = await fixtures(server).document(project)
    const link = await add(mine.id, 'Kept')
    expect((await call('POST', `/folders/${mine.id}/urls`, { description: 'Viewer', url: 'https://example.com' }, tokens.viewer)).status).toBe(403)
    expect((await call('PUT', `/folders/${mine.id}/urls/${link.id}`, { description: 'Viewer', url: 'https://example.com' }, tokens.viewer)).status).toBe(403)
    expect((await call('DELETE', `/folders/${mine.id}/urls/${link.id}`, undefined, tokens.viewer)).status).toBe(403)

    // Through another document of the same project: not found, not changed.
    expect((await call('GET', `/folders/${elsewhere.id}/urls/${link.id}`)).status).toBe(404)
    expect((await call('PUT', `/folders/${elsewhere.id}/urls/${link.id}`, { description: 'Moved', url: 'https://example.com' })).status).toBe(404)
    expect((await call('DELETE', `/folders/${elsewhere.id}/urls/${link.id}`)).status).toBe(404)
    // Another account's admin: the document itself is not found.
    for (const [method, path, body] of [
      ['GET', `/folders/${mine.id}/urls`, undefined],
      ['GET', `/folders/${mine.id}/urls/${link.id}`, undefined],
      ['POST', `/folders/${mine.id}/urls`, { description: 'Theirs', url: 'https://example.com' }],
      ['PUT', `/folders/${mine.id}/urls/${link.id}`, { description: 'Theirs', url: 'https://example.com' }],
      ['DELETE', `/folders/${mine.id}/urls/${link.id}`, undefined],
    ] as const)
      expect((await call(method, path, body, tokens.stranger)).status, `${method} ${path}`).toBe(404)
    expect((await call('GET', `/folders/${mine.id}/urls`)).body.data).toEqual([expect.objectContaining({ id: link.id, description: 'Kept' })])
    expect((await call('GET', `/folders/${mine.id}/urls/abc`)).status).toBe(404)
  })

  test('an archived document keeps its links: they are read, not added, changed or deleted', async () => {
    const archived = await fixtures(server).document(project)
    const link = await add(archived.id, 'Before archiving')
    await server.knex('folders').where({ id: archived.id }).update({ state: 'ARCHIVED' })
    for (const [method, path, body] of [
      ['POST', `/folders/${archived.id}/urls`, { description: 'After', url: 'https://example.com' }],
      ['PUT', `/folders/${archived.id}/urls/${link.id}`, { description: 'After', url: 'https://example.com' }],
      ['DELETE', `/folders/${archived.id}/urls/${link.id}`, undefined],
    ] as const) {
      const answer = await call(method, path, body)
      expect(answer.status, `${method} ${path}`).toBe(409)
      expect(answer.body.message).toBe(FOLDER_URL_MESSAGES.archived)
    }
    expect((await call('GET', `/folders/${archived.id}/urls`)).body.data.map((u: { description: string }) => u.description)).toEqual(['Before archiving'])
  })

  test('a document with links is not deleted, naming them; without them it is', async () => {
    const kept = await fixtures(server).document(project)
    const link = await add(kept.id, 'Site photos')
    const refused = await call('DELETE', `/folders/${kept.id}`)
    expect(refused.status).toBe(409)
    expect(refused.body.data.blocks).toEqual([{ reason: 'has url', item: 'Site photos' }])
    expect((await call('DELETE', `/folders/${kept.id}/urls/${link.id}`)).status).toBe(200)
    expect((await call('DELETE', `/folders/${kept.id}`)).status).toBe(200)
  })

  test("a project's documents show their links (one query for the project)", async () => {
    const make = fixtures(server)
    const own = await make.project({ id: project.accountId })
    const [a, b] = [await make.document(own, { symbol: 'A-1' }), await make.document(own, { symbol: 'B-1' })]
    const made = await call('POST', `/folders/${a.id}/urls`, { description: 'Drawing register', url: 'https://example.com/register' }, tokens.admin)
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    const folders = await call('GET', `/projects/${own.id}/folders`, undefined, tokens.admin)
    expect(folders.status, JSON.stringify(folders.body)).toBe(200)
    const byId = new Map(folders.body.map((f: { id: number; urls: unknown[] }) => [f.id, f.urls]))
    expect(byId.get(a.id)).toEqual([{ id: made.body.id, description: 'Drawing register', url: 'https://example.com/register' }])
    expect(byId.get(b.id)).toEqual([])
  })
})

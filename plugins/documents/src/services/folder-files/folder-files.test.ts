/**
 * A document's files changed over real HTTP: renamed (the same name changes nothing; a
 * path is no name), deleted one, several or all, each time gone from the list and the
 * store; an archived document's files stay; ids of another document change nothing; below
 * EDIT nothing changes. SQLite, or MariaDB with TEST_DATABASE_URL.
 */
import { type DocumentFixture, type ProjectFixture, type TestServer, fixtures, startTestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { FOLDER_FILE_MESSAGES } from './folder-files.schema'

let server: TestServer
let project: ProjectFixture
const tokens: Record<string, string> = {}

const attach = async (folderId: number, name: string) => {
  const form = new FormData()
  form.append('file', new Blob([new TextEncoder().encode(`bytes of ${name}`)]), name)
  const answer = await server.call('POST', `/api/folders/${folderId}/files`, form, tokens.editor)
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  return answer.body as { id: number; name: string }
}
const names = async (folderId: number) => (await server.call('GET', `/api/folders/${folderId}/files`, undefined, tokens.editor)).body.data.map((f: { name: string }) => f.name)
const keyOf = async (id: number) => (await server.knex('folder_files').where({ id }).first())?.storage_key as string
const storedCount = async (key: string) => server.app.get('storage').get(key).then(() => 1, () => 0)
/** The store's removeMany calls during `work`: a delete asks the store once, with all its keys (S3 takes up to 1,000 in one request). */
const removals = async (work: () => Promise<void>) => {
  const removeMany = vi.spyOn(server.app.get('storage'), 'removeMany')
  try {
    await work()
    return removeMany.mock.calls.map(([keys]) => [...keys].sort())
  } finally {
    removeMany.mockRestore()
  }
}

beforeAll(async () => {
  server = await startTestServer()
  const make = fixtures(server)
  const account = await make.account()
  project = await make.project(account)
  const editor = await make.user(account)
  await make.grantProject(editor, project, 'EDIT')
  tokens.editor = await make.signIn(editor)
  const viewer = await make.user(account)
  await make.grantProject(viewer, project, 'VIEW')
  tokens.viewer = await make.signIn(viewer)
})
afterAll(() => server?.close())

describe("a document's files", () => {
  let doc: DocumentFixture
  beforeAll(async () => {
    doc = await fixtures(server).document(project)
  })

  test('a rename keeps the file and its bytes under the new name; the same name changes nothing; a path or an empty name is refused', async () => {
    const file = await attach(doc.id, 'plan.pdf')
    const rename = (name: string, token = tokens.editor) => server.call('PUT', `/api/folders/${doc.id}/files/${file.id}/rename`, { name }, token)
    const renamed = await rename('  Plan rev B.pdf ')
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200)
    expect(renamed.body).toMatchObject({ id: file.id, name: 'Plan rev B.pdf' })
    expect((await rename('Plan rev B.pdf')).body.name).toBe('Plan rev B.pdf')
    for (const bad of ['../up.pdf', 'a/b.pdf', ' ']) {
      const refused = await rename(bad)
      expect(refused.status, bad).toBe(400)
    }
    expect((await rename('Viewer.pdf', tokens.viewer)).status).toBe(403)
    expect(await names(doc.id)).toContain('Plan rev B.pdf')
    expect(await storedCount(await keyOf(file.id))).toBe(1)
  })

  test('one, several, then all: each gone from the list and the store; an id of another document changes nothing', async () => {
    const [a, b, c, d] = [await attach(doc.id, 'a.txt'), await attach(doc.id, 'b.txt'), await attach(doc.id, 'c.txt'), await attach(doc.id, 'd.txt')]
    const elsewhere = await attach((await fixtures(server).document(project)).id, 'other.txt')
    const keys = Object.fromEntries(await Promise.all([a, b, c, d].map(async (f) => [f.name, await keyOf(f.id)])))

    expect((await server.call('DELETE', `/api/folders/${doc.id}/files/${a.id}`, undefined, tokens.viewer)).status).toBe(403)
    expect(
      await removals(async () => {
        const one = await server.call('DELETE', `/api/folders/${doc.id}/files/${a.id}`, undefined, tokens.editor)
        expect(one.status, JSON.stringify(one.body)).toBe(200)
      }),
    ).toEqual([[keys['a.txt']]])
    expect(await names(doc.id)).not.toContain('a.txt')
    expect(await storedCount(keys['a.txt'])).toBe(0)

    const mixed = await server.call('DELETE', `/api/folders/${doc.id}/files?filesIds=${b.id}&filesIds=${elsewhere.id}`, undefined, tokens.editor)
    expect(mixed.status).toBe(400)
    expect(mixed.body.errors).toEqual({ filesIds: FOLDER_FILE_MESSAGES.notFiles })
    expect(await names(doc.id)).toContain('b.txt')
    expect((await server.call('DELETE', `/api/folders/${doc.id}/files/${elsewhere.id}`, undefined, tokens.editor)).status).toBe(404)

    expect(
      await removals(async () => {
        const several = await server.call('DELETE', `/api/folders/${doc.id}/files?filesIds=${b.id}&filesIds=${c.id}`, undefined, tokens.editor)
        expect(several.status, JSON.stringify(several.body)).toBe(200)
        expect(several.body.map((f: { name: string }) => f.name).sort()).toEqual(['b.txt', 'c.txt'])
      }),
    ).toEqual([[keys['b.txt'], keys['c.txt']].sort()])
    expect(await names(doc.id)).toEqual(expect.arrayContaining(['d.txt']))
    expect(await storedCount(keys['c.txt'])).toBe(0)

    const cleared = await removals(async () => {
      const all = await server.call('DELETE', `/api/folders/${doc.id}/files/clear`, undefined, tokens.editor)
      expect(all.status, JSON.stringify(all.body)).toBe(200)
    })
    // The renamed file of the test before goes too, in the same call.
    expect(cleared).toHaveLength(1)
    expect(cleared[0]).toContain(keys['d.txt'])
    expect(await names(doc.id)).toEqual([])
    expect(await storedCount(keys['d.txt'])).toBe(0)
    expect(await storedCount(await keyOf(elsewhere.id))).toBe(1)
  })

  test('many at once: 25 chosen files go in one call, their bytes in one call of the store, and a zip link names them all', async () => {
    const many = await fixtures(server).document(project)
    const ids: number[] = []
    for (let i = 0; i < 25; i++) ids.push((await attach(many.id, `sheet ${String(i).padStart(2, '0')}.txt`)).id)
    const link = await server.call('POST', `/api/folders/${many.id}/files/download-link`, { ids }, tokens.editor)
    expect(link.status, JSON.stringify(link.body)).toBe(201)
    const zip = await fetch(server.url + link.body.url)
    expect(zip.status).toBe(200)
    expect(Buffer.from(await zip.arrayBuffer()).includes(Buffer.from('sheet 24.txt'))).toBe(true)
    const asked = await removals(async () => {
      const removed = await server.call('DELETE', `/api/folders/${many.id}/files?${ids.map((id) => `filesIds=${id}`).join('&')}`, undefined, tokens.editor)
      expect(removed.status, JSON.stringify(removed.body)).toBe(200)
      expect(removed.body).toHaveLength(25)
    })
    expect(asked).toHaveLength(1)
    expect(asked[0]).toHaveLength(25)
    expect(await names(many.id)).toEqual([])
  })

  test("an archived document's files are neither deleted nor renamed", async () => {
    const archived = await fixtures(server).document(project, { state: 'ARCHIVED' })
    await server.knex('folders').where({ id: archived.id }).update({ state: 'IN_PROGRESS' })
    const file = await attach(archived.id, 'kept.pdf')
    await server.knex('folders').where({ id: archived.id }).update({ state: 'ARCHIVED' })
    const removed = await server.call('DELETE', `/api/folders/${archived.id}/files/clear`, undefined, tokens.editor)
    expect(removed.status).toBe(409)
    expect(removed.body.message).toBe(FOLDER_FILE_MESSAGES.archived)
    expect((await server.call('PUT', `/api/folders/${archived.id}/files/${file.id}/rename`, { name: 'new.pdf' }, tokens.editor)).status).toBe(409)
    expect(await names(archived.id)).toEqual(['kept.pdf'])
  })
})

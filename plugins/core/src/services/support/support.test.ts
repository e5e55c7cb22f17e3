/**
 * Support manuals over real HTTP as each rank: everyone signed in lists and
 * downloads them; only global admins upload (multipart, field `file`) and delete, and
 * a deleted manual's file leaves storage. SQLite by default, MariaDB with TEST_DATABASE_URL.
 */
import { CAST, type Caller, type TestServer, type World, fixtures, startTestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

let server: TestServer
let callers: World
const OUTSIDERS = CAST.filter((caller) => caller !== 'globalAdmin')

beforeAll(async () => {
  server = await startTestServer()
  callers = await fixtures(server).world()
})
afterAll(() => server?.close())

const upload = async (role: Caller, fields: Record<string, string | Blob>, filename = 'manual.pdf') => {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields))
    if (value instanceof Blob) form.append(name, value, filename)
    else form.append(name, value)
  const headers: Record<string, string> = { accept: 'application/json' }
  if (callers.tokens[role]) headers.authorization = `Bearer ${callers.tokens[role]}`
  const response = await fetch(`${server.url}/api/support`, { method: 'POST', body: form, headers })
  return { status: response.status, body: await response.json() }
}
const download = (role: Caller, id: number) =>
  fetch(`${server.url}/api/support/${id}/download`, { headers: callers.tokens[role] ? { authorization: `Bearer ${callers.tokens[role]}` } : {} })
const manualRows = () => server.knex('support_manuals').select('*').orderBy('id')
const storedKeys = async () => (await manualRows()).map((r: any) => r.storage_key)
const pdf = (text: string) => new Blob([text], { type: 'application/pdf' })

describe('support manuals', () => {
  let manualId: number

  test('the list is empty by default and the same for every account; a row without a file keeps its link', async () => {
    expect((await server.call('GET', '/api/support', undefined, callers.tokens.user)).body).toEqual([])
    const now = new Date().toISOString()
    await server.knex('support_manuals').insert([
      { name: 'User guide', link: '/manuals/user-guide.pdf', created_at: now },
      { name: 'Admin guide', link: '/manuals/admin-guide.pdf', created_at: now },
    ])
    try {
      const list = await server.call('GET', '/api/support', undefined, callers.tokens.user)
      expect(list.status).toBe(200)
      expect(list.body.map((m: { name: string; link: string }) => [m.name, m.link])).toEqual([
        ['Admin guide', '/manuals/admin-guide.pdf'],
        ['User guide', '/manuals/user-guide.pdf'],
      ])
      expect(list.body.every((m: { id: unknown }) => typeof m.id === 'number')).toBe(true)
      expect((await server.call('GET', '/api/support', undefined, callers.tokens.otherAccount)).body).toEqual(list.body)
    } finally {
      await server.knex('support_manuals').whereIn('name', ['User guide', 'Admin guide']).delete()
    }
  })

  test('a global admin uploads: named after the file, or the name field', async () => {
    const byFile = await upload('globalAdmin', { file: pdf('%PDF first') }, 'Quick start.pdf')
    expect(byFile.status).toBe(201)
    manualId = byFile.body.id
    expect(byFile.body).toEqual({ id: manualId, name: 'Quick start.pdf', link: `/api/support/${manualId}/download` })
    const named = await upload('globalAdmin', { name: 'Admin guide', file: pdf('%PDF second') })
    expect(named.status).toBe(201)
    expect(named.body.name).toBe('Admin guide')
  })

  test('every signed-in role lists and downloads; signed out is 401', async () => {
    for (const role of ['globalAdmin', ...OUTSIDERS] as const) {
      const list = await server.call('GET', '/api/support', undefined, callers.tokens[role])
      expect(list.status, role).toBe(200)
      expect(list.body.map((m: any) => m.name), role).toEqual(['Admin guide', 'Quick start.pdf'])
      const file = await download(role, manualId)
      expect(file.status, role).toBe(200)
      expect(file.headers.get('content-type')).toBe('application/pdf')
      expect(file.headers.get('content-disposition')).toContain('filename="Quick start.pdf"')
      expect(await file.text()).toBe('%PDF first')
    }
    expect((await server.call('GET', '/api/support')).status).toBe(401)
    expect((await download('anonymous', manualId)).status).toBe(401)
    expect((await download('user', 987654)).status).toBe(404)
  })

  test('others may not upload: 403, 401 signed out, nothing stored', async () => {
    const before = await manualRows()
    for (const role of OUTSIDERS) expect((await upload(role, { file: pdf('x') })).status, role).toBe(403)
    expect((await upload('anonymous', { file: pdf('x') })).status).toBe(401)
    expect(await manualRows()).toEqual(before)
  })

  test('bad input: no file is 400 "A file is required"; an unknown field is 400; nothing stored', async () => {
    const before = await manualRows()
    const none = await upload('globalAdmin', { name: 'No file' })
    expect(none.status).toBe(400)
    expect(none.body.errors).toEqual({ file: 'A file is required' })
    const extra = await upload('globalAdmin', { color: 'red', file: pdf('x') })
    expect(extra.status).toBe(400)
    expect(extra.body.errors).toEqual({ color: 'Unknown field' })
    const long = await upload('globalAdmin', { name: 'n'.repeat(256), file: pdf('x') })
    expect(long.body.errors).toEqual({ name: 'The maximum number of characters is 255' })
    expect(await manualRows()).toEqual(before)
  })

  test('only global admins delete; the stored file goes too', async () => {
    const before = await manualRows()
    for (const role of OUTSIDERS) expect((await server.call('DELETE', `/api/support/${manualId}`, undefined, callers.tokens[role])).status, role).toBe(403)
    expect((await server.call('DELETE', `/api/support/${manualId}`)).status).toBe(401)
    expect(await manualRows()).toEqual(before)

    const key = (await server.knex('support_manuals').where({ id: manualId }).first('storage_key')).storage_key
    const removed = await server.call('DELETE', `/api/support/${manualId}`, undefined, callers.tokens.globalAdmin)
    expect(removed.status).toBe(200)
    expect(removed.body.id).toBe(manualId)
    expect(await storedKeys()).not.toContain(key)
    await expect(server.app.get('storage').get(key)).rejects.toMatchObject({ code: 404 })
    expect((await download('user', manualId)).status).toBe(404)
    expect((await server.call('DELETE', `/api/support/${manualId}`, undefined, callers.tokens.globalAdmin)).status).toBe(404)
  })
})

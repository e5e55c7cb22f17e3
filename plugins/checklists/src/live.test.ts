/**
 * Checklists heard live (issue 11): a viewer listening on the project's event stream
 * (GET /api/live/projects/{id}, real HTTP, read as a browser reads it) hears an editor's
 * changes as they happen; nobody without VIEW may listen; a listener whose access is taken
 * away hears nothing more, and one whose session is signed out has their stream ended.
 * SQLite, or MariaDB with TEST_DATABASE_URL.
 */
import { type AccountFixture, type Person, type ProjectFixture, type TestServer, fixtures, startTestServer } from '@app/testing'
import { LIVE_STREAMS_PER_SESSION } from '@app/plugin-kit'
import { afterAll, beforeAll, expect, test } from 'vitest'

let server: TestServer
let account: AccountFixture
let project: ProjectFixture
let viewer: Person
const tokens = {} as Record<'admin' | 'editor' | 'viewer' | 'stranger', string>

beforeAll(async () => {
  server = await startTestServer()
  const team = await fixtures(server).projectTeam()
  ;({ account, project, viewer } = team)
  Object.assign(tokens, team.tokens)
})
afterAll(() => server?.close())

interface Heard {
  name: string
  data: any
}

/** Listens as `token` to the project's events: what it heard so far, whether the stream ended, and a way to stop. */
const listen = async (token: string, projectId = project.id) => {
  const controller = new AbortController()
  const response = await fetch(`${server.url}/api/live/projects/${projectId}`, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' }, signal: controller.signal })
  const heard: Heard[] = []
  let ended = false
  if (response.ok) {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
    let pending = ''
    ;(async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read()
          if (done) break
          pending += value
          const blocks = pending.split('\n\n')
          pending = blocks.pop()!
          for (const block of blocks) {
            const name = /^event: (.*)$/m.exec(block)?.[1]
            const data = /^data: (.*)$/m.exec(block)?.[1]
            if (name && data) heard.push({ name, data: JSON.parse(data) })
          }
        }
      } catch {
        // Aborted by the test.
      }
      ended = true
    })()
  }
  return { status: response.status, type: response.headers.get('content-type'), heard, ended: () => ended, stop: () => controller.abort() }
}

const call = (method: string, url: string, body?: unknown, token = tokens.admin) => server.call(method, `/api${url}`, body, token)

test('a viewer hears an editor tick an item and change the status, as they happen', async () => {
  const made = (await call('POST', '/checklists', { parentId: project.id, title: 'Live one', description: 'Heard live' })).body
  const item = (await call('POST', `/checklists/${made.id}/items`, { name: 'Tick me' })).body.checklistItems[0]
  const listener = await listen(tokens.viewer)
  expect(listener.status).toBe(200)
  expect(listener.type).toContain('text/event-stream')
  try {
    expect((await call('PATCH', `/checklists/${made.id}/items/${item.id}`, { done: true }, tokens.editor)).status).toBe(200)
    await expect.poll(() => listener.heard.length, { timeout: 5000 }).toBe(1)
    expect(listener.heard[0]).toMatchObject({ name: 'checklists/:checklistId/items patched', data: { id: made.id, doneCount: 1 } })
    expect((await call('PUT', `/checklists/${made.id}/status?status=COMPLETE`, undefined, tokens.editor)).status).toBe(200)
    await expect.poll(() => listener.heard.map((h) => h.name), { timeout: 5000 }).toContain('checklists/:checklistId/status updated')
    expect(listener.heard.at(-1)!.data.status).toBe('COMPLETE')
    // Another project's changes are not this stream's.
    const elsewhere = await fixtures(server).project(account)
    await call('POST', '/checklists', { parentId: elsewhere.id, title: 'Elsewhere', description: 'Not heard here' })
    expect((await call('POST', '/checklists', { parentId: project.id, title: 'Second one', description: 'Heard live' })).status).toBe(201)
    await expect.poll(() => listener.heard.map((h) => h.data.title), { timeout: 5000 }).toContain('Second one')
    expect(listener.heard.map((h) => h.data.title)).not.toContain('Elsewhere')
  } finally {
    listener.stop()
  }
  // A listener that goes leaves the project's channel.
  const channel = () => (server.app as unknown as { channel(name: string): { length: number } }).channel(`projects/${project.id}`).length
  await expect.poll(channel, { timeout: 5000 }).toBe(0)
})

test('nobody without VIEW listens; a listener whose access is taken away hears nothing more', async () => {
  const outsider = await fixtures(server).user(account, 'user')
  expect((await listen(await fixtures(server).signIn(outsider))).status).toBe(403)
  expect((await listen(tokens.stranger)).status).toBe(404)
  const listener = await listen(tokens.viewer)
  try {
    const removed = await call('DELETE', `/projects/${project.id}/users/${viewer.id}`)
    expect(removed.status, JSON.stringify(removed.body)).toBe(200)
    expect((await call('POST', '/checklists', { parentId: project.id, title: 'After removal', description: 'Not for the viewer' })).status).toBe(201)
    // The editor's own stream hears it: by then the viewer's would have too.
    const editor = await listen(tokens.editor)
    try {
      expect((await call('POST', '/checklists', { parentId: project.id, title: 'Heard by the editor', description: 'Proves the event went out' })).status).toBe(201)
      await expect.poll(() => editor.heard.length, { timeout: 5000 }).toBe(1)
    } finally {
      editor.stop()
    }
    expect(listener.heard).toEqual([])
  } finally {
    listener.stop()
  }
})

test('a signed-out session stops hearing: its stream ends at the next event', async () => {
  const token = await fixtures(server).signIn(await grantedViewer())
  const listener = await listen(token)
  expect(listener.status).toBe(200)
  expect((await call('DELETE', '/authentication', undefined, token)).status).toBe(200)
  expect((await call('POST', '/checklists', { parentId: project.id, title: 'After sign-out', description: 'Not for them' })).status).toBe(201)
  await expect.poll(() => listener.ended(), { timeout: 5000 }).toBe(true)
  expect(listener.heard).toEqual([])
})

test('one sign-in keeps a bounded number of streams open: one more ends the oldest', async () => {
  const token = await fixtures(server).signIn(await grantedViewer())
  const listeners: Awaited<ReturnType<typeof listen>>[] = []
  for (let n = 0; n <= LIVE_STREAMS_PER_SESSION; n++) listeners.push(await listen(token))
  try {
    expect(listeners.map((listener) => listener.status)).toEqual(listeners.map(() => 200))
    await expect.poll(() => listeners[0]!.ended(), { timeout: 5000 }).toBe(true)
    expect(listeners.slice(1).some((listener) => listener.ended())).toBe(false)
  } finally {
    for (const listener of listeners) listener.stop()
  }
})

/** A member of the account viewing the project. */
const grantedViewer = async () => {
  const make = fixtures(server)
  const person = await make.user(account, 'user')
  await make.grantProject(person, project, 'VIEW')
  return person
}

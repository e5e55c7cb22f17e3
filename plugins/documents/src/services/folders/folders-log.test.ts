/**
 * A document's creation and its edits are written in one transaction with their change-log
 * rows (documentCreated, documentSaved): when the log row cannot be written, the change is
 * not kept either. SQLite, or MariaDB with TEST_DATABASE_URL.
 */
import { type DocumentTypeFixture, type ProjectFixture, type TestServer, fixtures, startTestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

let server: TestServer
let project: ProjectFixture
let type: DocumentTypeFixture
let editor: string

beforeAll(async () => {
  server = await startTestServer()
  const make = fixtures(server)
  const team = await make.projectTeam()
  project = team.project
  editor = team.tokens.editor
  type = await make.documentType(team.account)
})
afterAll(() => server?.close())

/**
 * The failure between a change and its log row, made by the database itself: a trigger
 * refuses every change-log row while `change` runs (SQLite's refusal reads as a constraint,
 * 400; MariaDB's signal as an outage, 500: either way the change fails).
 */
const withLogRefused = async <T>(change: () => Promise<T>): Promise<T> => {
  const mysql = server.knex.client.config.client !== 'better-sqlite3'
  await server.knex.raw(
    mysql
      ? "create trigger refuse_log before insert on folder_events for each row signal sqlstate '45000' set message_text = 'change log unreachable'"
      : "create trigger refuse_log before insert on folder_events begin select raise(abort, 'change log unreachable'); end",
  )
  try {
    return await change()
  } finally {
    await server.knex.raw('drop trigger refuse_log')
  }
}

const call = (method: string, url: string, body?: unknown) => server.call(method, `/api${url}`, body, editor)

describe("a document's change log is written with the change", () => {
  test('a creation whose documentCreated row fails leaves no document', async () => {
    const refused = await withLogRefused(() => call('POST', '/folders', { projectId: project.id, folderTypeId: type.id, name: 'Unlogged', symbol: 'LOG-1' }))
    expect(refused.status).toBeGreaterThanOrEqual(400)
    expect(await server.knex('folders').where({ symbol: 'LOG-1' }).first()).toBeUndefined()
    // The number is free again: nothing of the first try stayed.
    expect((await call('POST', '/folders', { projectId: project.id, folderTypeId: type.id, name: 'Logged', symbol: 'LOG-1' })).status).toBe(201)
  })

  test('an edit whose documentSaved row fails changes nothing; the next one is kept and logged', async () => {
    const made = await call('POST', '/folders', { projectId: project.id, folderTypeId: type.id, name: 'Before', symbol: 'LOG-2' })
    expect(made.status).toBe(201)
    const logged = async () => (await call('GET', `/event/folder/${made.body.id}`)).body.data.map((e: { eventType: string }) => e.eventType)
    expect((await withLogRefused(() => call('PATCH', `/folders/${made.body.id}`, { name: 'After' }))).status).toBeGreaterThanOrEqual(400)
    expect((await call('GET', `/folders/${made.body.id}`)).body.name).toBe('Before')
    expect(await logged()).toEqual(['documentCreated'])
    expect((await call('PATCH', `/folders/${made.body.id}`, { name: 'After' })).status).toBe(200)
    expect((await call('GET', `/folders/${made.body.id}`)).body.name).toBe('After')
    expect(await logged()).toEqual(['documentSaved', 'documentCreated'])
  })
})

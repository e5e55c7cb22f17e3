/**
 * A document's creation and its edits are written in one transaction with their change-log
 * rows (documentCreated, documentSaved): when the log row cannot be written, the change is
 * not kept either. SQLite, or MariaDB with TEST_DATABASE_URL.
 */
import { type DocumentTypeFixture, type ProjectFixture, type TestServer, fixtures, startTestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { recordFolderEvent } from '../../events'

// The real writer, which a test makes fail once: the failure between the change and its log row.
vi.mock('../../events', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../events')>()
  return { ...real, recordFolderEvent: vi.fn(real.recordFolderEvent) }
})
const logFailsOnce = () => vi.mocked(recordFolderEvent).mockRejectedValueOnce(new Error('change log unreachable'))

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

const call = (method: string, url: string, body?: unknown) => server.call(method, `/api${url}`, body, editor)

describe("a document's change log is written with the change", () => {
  test('a creation whose documentCreated row fails leaves no document', async () => {
    logFailsOnce()
    const refused = await call('POST', '/folders', { projectId: project.id, folderTypeId: type.id, name: 'Unlogged', symbol: 'LOG-1' })
    expect(refused.status).toBe(500)
    expect(await server.knex('folders').where({ symbol: 'LOG-1' }).first()).toBeUndefined()
    // The number is free again: nothing of the first try stayed.
    expect((await call('POST', '/folders', { projectId: project.id, folderTypeId: type.id, name: 'Logged', symbol: 'LOG-1' })).status).toBe(201)
  })

  test('an edit whose documentSaved row fails changes nothing; the next one is kept and logged', async () => {
    const made = await call('POST', '/folders', { projectId: project.id, folderTypeId: type.id, name: 'Before', symbol: 'LOG-2' })
    expect(made.status).toBe(201)
    const logged = async () => (await call('GET', `/event/folder/${made.body.id}`)).body.data.map((e: { eventType: string }) => e.eventType)
    logFailsOnce()
    expect((await call('PATCH', `/folders/${made.body.id}`, { name: 'After' })).status).toBe(500)
    expect((await call('GET', `/folders/${made.body.id}`)).body.name).toBe('Before')
    expect(await logged()).toEqual(['documentCreated'])
    expect((await call('PATCH', `/folders/${made.body.id}`, { name: 'After' })).status).toBe(200)
    expect((await call('GET', `/folders/${made.body.id}`)).body.name).toBe('After')
    expect(await logged()).toEqual(['documentSaved', 'documentCreated'])
  })
})

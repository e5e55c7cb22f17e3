/**
 * Checking files out (lock) and in (unlock) over real HTTP: who holds a file and since when
 * shows in the document's list; a file checked out is not checked out again, and nobody
 * but its holder renames, deletes or copies it; only the holder or an administrator of the
 * project checks it in; both are in the change log. SQLite, or MariaDB with TEST_DATABASE_URL.
 */
import { type DocumentFixture, type Person, type ProjectFixture, type TestServer, fixtures, startTestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { FOLDER_FILE_MESSAGES } from './folder-files.schema'

let server: TestServer
let project: ProjectFixture
let holder: Person
const tokens: Record<string, string> = {}

beforeAll(async () => {
  server = await startTestServer()
  const make = fixtures(server)
  // The holder is the team's editor.
  const team = await make.projectTeam({ editor: { firstName: 'Hilda', lastName: 'Holder' } })
  project = team.project
  holder = team.editor
  Object.assign(tokens, team.tokens, { holder: team.tokens.editor })
  const other = await make.user(team.account)
  await make.grantProject(other, project, 'EDIT')
  tokens.other = await make.signIn(other)
  const administrator = await make.user(team.account)
  await make.grantProject(administrator, project, 'ADMINISTER')
  tokens.administrator = await make.signIn(administrator)
})
afterAll(() => server?.close())

const call = (method: string, url: string, body?: unknown, token = tokens.holder) => server.call(method, `/api${url}`, body, token)
const attach = async (folderId: number, name: string) => {
  const form = new FormData()
  form.append('file', new Blob([new TextEncoder().encode(`bytes of ${name}`)]), name)
  const answer = await server.call('POST', `/api/folders/${folderId}/files`, form, tokens.holder)
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  return answer.body as { id: number; name: string }
}
const lock = (folderId: number, fileId: number, token = tokens.holder) => call('POST', `/folders/${folderId}/files/lock/${fileId}`, {}, token)
const unlock = (folderId: number, fileId: number, token = tokens.holder) => call('POST', `/folders/${folderId}/files/unlock/${fileId}`, {}, token)
const listed = async (folderId: number) => (await call('GET', `/folders/${folderId}/files`)).body.data as Record<string, any>[]

describe('checking files out and in', () => {
  let doc: DocumentFixture
  beforeAll(async () => {
    doc = await fixtures(server).document(project)
  })

  test('a file checked out shows who holds it and since when; it is not checked out twice; its holder checks it in', async () => {
    const file = await attach(doc.id, 'plan.pdf')
    expect((await listed(doc.id)).find((f) => f.id === file.id)).toMatchObject({ locked: false, lockedBy: null, lockedAt: null })
    const before = Date.now()
    const locked = await lock(doc.id, file.id)
    expect(locked.status, JSON.stringify(locked.body)).toBe(201)
    expect(locked.body).toMatchObject({ id: file.id, locked: true, lockedBy: { id: holder.id, firstName: 'Hilda', lastName: 'Holder' } })
    expect(Date.parse(locked.body.lockedAt)).toBeGreaterThanOrEqual(before - 1000)
    expect((await listed(doc.id)).find((f) => f.id === file.id)).toMatchObject({ locked: true, lockedBy: { id: holder.id }, lockedAt: locked.body.lockedAt })

    for (const token of [tokens.holder, tokens.other]) {
      const again = await lock(doc.id, file.id, token)
      expect(again.status).toBe(409)
      expect(again.body.message).toBe(FOLDER_FILE_MESSAGES.alreadyLocked)
    }
    const released = await unlock(doc.id, file.id)
    expect(released.status, JSON.stringify(released.body)).toBe(201)
    expect(released.body).toMatchObject({ locked: false, lockedBy: null, lockedAt: null })
    const notLocked = await unlock(doc.id, file.id)
    expect(notLocked.status).toBe(409)
    expect(notLocked.body.message).toBe(FOLDER_FILE_MESSAGES.notLocked)

    const log = (await call('GET', `/event/folder/${doc.id}`)).body.data.map((e: { eventType: string; subject: string }) => `${e.eventType}: ${e.subject}`)
    expect(log.slice(0, 2)).toEqual(['checkedIn: plan.pdf', 'checkedOut: plan.pdf'])
  })

  test("nobody but the holder renames, deletes or copies a checked-out file; the holder does", async () => {
    const file = await attach(doc.id, 'held.pdf')
    const free = await attach(doc.id, 'free.pdf')
    expect((await lock(doc.id, file.id)).status).toBe(201)
    const refused = [
      await call('PUT', `/folders/${doc.id}/files/${file.id}/rename`, { name: 'taken.pdf' }, tokens.other),
      await call('DELETE', `/folders/${doc.id}/files/${file.id}`, undefined, tokens.other),
      await call('DELETE', `/folders/${doc.id}/files?filesIds=${free.id}&filesIds=${file.id}`, undefined, tokens.other),
      await call('POST', `/folders/${doc.id}/files/${file.id}/copy`, {}, tokens.other),
      // An administrator checks it in first: checking out is not overridden by rank.
      await call('PUT', `/folders/${doc.id}/files/${file.id}/rename`, { name: 'admin.pdf' }, tokens.administrator),
    ]
    for (const answer of refused) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(409)
      expect(answer.body.message).toBe('"held.pdf" is checked out by Hilda Holder: it can be renamed, deleted or copied only once it is checked in')
      expect(answer.body.data).toEqual({ locked: ['held.pdf'] })
    }
    const names = (await listed(doc.id)).map((f) => f.name)
    expect(names).toEqual(expect.arrayContaining(['held.pdf', 'free.pdf']))
    expect(names).not.toContain('held (copy).pdf')

    const renamed = await call('PUT', `/folders/${doc.id}/files/${file.id}/rename`, { name: 'held rev B.pdf' })
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200)
    expect(renamed.body).toMatchObject({ name: 'held rev B.pdf', locked: true })
    const copied = await call('POST', `/folders/${doc.id}/files/${file.id}/copy`, {})
    expect(copied.status, JSON.stringify(copied.body)).toBe(201)
    // The copy is nobody's checked-out file.
    expect(copied.body).toMatchObject({ name: 'held rev B (copy).pdf', locked: false, lockedBy: null })
    expect((await call('DELETE', `/folders/${doc.id}/files/${file.id}`)).status).toBe(200)
  })

  test('only the holder or an administrator of the project checks a file in; VIEW checks nothing out', async () => {
    const file = await attach(doc.id, 'shared.pdf')
    expect((await lock(doc.id, file.id, tokens.viewer)).status).toBe(403)
    expect((await lock(doc.id, file.id)).status).toBe(201)
    const denied = await unlock(doc.id, file.id, tokens.other)
    expect(denied.status).toBe(403)
    expect(denied.body.message).toBe(FOLDER_FILE_MESSAGES.unlockDenied)
    expect((await unlock(doc.id, file.id, tokens.viewer)).status).toBe(403)
    expect((await listed(doc.id)).find((f) => f.id === file.id)?.locked).toBe(true)
    const byAdministrator = await unlock(doc.id, file.id, tokens.administrator)
    expect(byAdministrator.status, JSON.stringify(byAdministrator.body)).toBe(201)
    expect(byAdministrator.body.locked).toBe(false)
    // Now anyone with EDIT may take it.
    expect((await lock(doc.id, file.id, tokens.other)).body.lockedBy).toMatchObject({ id: expect.any(Number) })
    expect((await unlock(doc.id, file.id, tokens.other)).status).toBe(201)
  })

  test('a lock whose holder has left the account is checked in by an administrator only', async () => {
    const file = await attach(doc.id, 'orphan.pdf')
    expect((await lock(doc.id, file.id)).status).toBe(201)
    await server.knex('folder_files').where({ id: file.id }).update({ locked_by: null })
    expect((await listed(doc.id)).find((f) => f.id === file.id)).toMatchObject({ locked: true, lockedBy: null })
    expect((await unlock(doc.id, file.id)).status).toBe(403)
    expect((await call('PUT', `/folders/${doc.id}/files/${file.id}/rename`, { name: 'x.pdf' })).status).toBe(409)
    expect((await unlock(doc.id, file.id, tokens.administrator)).status).toBe(201)
  })

  test('of two at once, one checks the file out and the other is told it is taken', async () => {
    const file = await attach(doc.id, 'race.pdf')
    const answers = await Promise.all([lock(doc.id, file.id), lock(doc.id, file.id, tokens.other)])
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409])
    const events = await server.knex('folder_events').where({ folder_id: doc.id, event_type: 'checkedOut', subject: 'race.pdf' }).count({ n: '*' })
    expect(Number(events[0]!.n)).toBe(1)
  })

  test("an archived document's files are not checked out; one checked out before is checked in", async () => {
    const archived = await fixtures(server).document(project)
    const [held, other] = [await attach(archived.id, 'held.pdf'), await attach(archived.id, 'other.pdf')]
    expect((await lock(archived.id, held.id)).status).toBe(201)
    await server.knex('folders').where({ id: archived.id }).update({ state: 'ARCHIVED' })
    const refused = await lock(archived.id, other.id)
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe(FOLDER_FILE_MESSAGES.archived)
    expect((await unlock(archived.id, held.id)).status).toBe(201)
  })

  test('a file of another document or account is not found, and stays as it is', async () => {
    const file = await attach(doc.id, 'mine.pdf')
    const elsewhere = await fixtures(server).document(project)
    expect((await lock(elsewhere.id, file.id)).status).toBe(404)
    expect((await lock(doc.id, file.id, tokens.stranger)).status).toBe(404)
    expect((await lock(doc.id, 987654321)).status).toBe(404)
    expect((await lock(doc.id, file.id)).status).toBe(201)
    expect((await unlock(elsewhere.id, file.id)).status).toBe(404)
    expect((await unlock(doc.id, file.id, tokens.stranger)).status).toBe(404)
    expect((await listed(doc.id)).find((f) => f.id === file.id)?.locked).toBe(true)
    expect((await call('POST', `/folders/${doc.id}/files/lock/${file.id}`, { extra: 1 })).status).toBe(400)
  })
})

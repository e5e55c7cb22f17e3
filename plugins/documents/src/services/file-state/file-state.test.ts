/**
 * A file's place and conversion over real HTTP: a latitude and longitude in range set it
 * (logged), both null clear it, anything else is a 400 naming the field; a conversion goes
 * from not started to started to completed with a potree: or forge: location, shown in the
 * document's list; each needs EDIT on the file's project, and a file of another account is
 * 404. SQLite, or MariaDB with TEST_DATABASE_URL.
 */
import { type DocumentFixture, type ProjectFixture, type TestServer, fixtures, startTestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { FILE_STATE_MESSAGES } from './file-state.schema'

let server: TestServer
let project: ProjectFixture
let doc: DocumentFixture
const tokens: Record<string, string> = {}

beforeAll(async () => {
  server = await startTestServer()
  const make = fixtures(server)
  const team = await make.projectTeam()
  project = team.project
  Object.assign(tokens, team.tokens)
  doc = await make.document(project)
  const downloader = await make.user(team.account)
  await make.grantProject(downloader, project, 'DOWNLOAD')
  tokens.downloader = await make.signIn(downloader)
})
afterAll(() => server?.close())

const call = (method: string, url: string, body?: unknown, token = tokens.editor) => server.call(method, `/api${url}`, body, token)
const attach = async (folderId: number, name: string) => {
  const form = new FormData()
  form.append('file', new Blob([new TextEncoder().encode(name)]), name)
  const answer = await server.call('POST', `/api/folders/${folderId}/files`, form, tokens.editor)
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  return answer.body as { id: number; name: string }
}
const locate = (fileId: number, body: unknown, token = tokens.editor) => call('PATCH', `/files/${fileId}/geolocation`, body, token)
const listedFile = async (folderId: number, id: number) => (await call('GET', `/folders/${folderId}/files`)).body.data.find((f: { id: number }) => f.id === id)

describe("a file's place", () => {
  test('set in range, shown in the list and logged; the same place again changes nothing; both null clear it', async () => {
    const file = await attach(doc.id, 'photo.jpg')
    expect((await listedFile(doc.id, file.id)).geolocation).toBeNull()
    const set = await locate(file.id, { latitude: 60.1699, longitude: -24.9384 })
    expect(set.status, JSON.stringify(set.body)).toBe(200)
    expect(set.body).toMatchObject({ id: file.id, geolocation: { latitude: 60.1699, longitude: -24.9384 } })
    expect((await listedFile(doc.id, file.id)).geolocation).toEqual({ latitude: 60.1699, longitude: -24.9384 })
    expect((await locate(file.id, { latitude: 60.1699, longitude: -24.9384 })).status).toBe(200)
    for (const edge of [
      { latitude: 90, longitude: 180 },
      { latitude: -90, longitude: -180 },
    ])
      expect((await locate(file.id, edge)).body.geolocation).toEqual(edge)
    const cleared = await locate(file.id, { latitude: null, longitude: null })
    expect(cleared.status).toBe(200)
    expect(cleared.body.geolocation).toBeNull()
    const log = (await call('GET', `/event/folder/${doc.id}`)).body.data
      .filter((e: { eventType: string }) => e.eventType === 'fileGeolocationSet')
      .map((e: { subject: string }) => e.subject)
    expect(log).toEqual(['photo.jpg: none', 'photo.jpg: -90, -180', 'photo.jpg: 90, 180', 'photo.jpg: 60.1699, -24.9384'])
  })

  test('out of range, not a number, one without the other or missing: 400 naming the field; nothing changes', async () => {
    const file = await attach(doc.id, 'survey.jpg')
    expect((await locate(file.id, { latitude: 1, longitude: 2 })).status).toBe(200)
    const refused: [unknown, Record<string, string>][] = [
      [{ latitude: 90.0001, longitude: 0 }, { latitude: 'Can be maximum 90' }],
      [{ latitude: -91, longitude: 0 }, { latitude: 'Needs to be at least -90' }],
      [{ latitude: 0, longitude: 180.5 }, { longitude: 'Can be maximum 180' }],
      [{ latitude: 0, longitude: -181 }, { longitude: 'Needs to be at least -180' }],
      [{ latitude: '60,1', longitude: 24 }, { latitude: 'Invalid number, please use . for decimals' }],
      [{ latitude: 60, longitude: null }, { longitude: FILE_STATE_MESSAGES.bothOrNeither }],
      [{ latitude: null, longitude: 24 }, { latitude: FILE_STATE_MESSAGES.bothOrNeither }],
      [{ latitude: 60 }, { longitude: 'This field is required' }],
      [{ latitude: 60, longitude: 24, altitude: 3 }, { altitude: 'Unknown field' }],
    ]
    for (const [body, errors] of refused) {
      const answer = await locate(file.id, body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.errors, JSON.stringify(body)).toEqual(errors)
    }
    expect((await listedFile(doc.id, file.id)).geolocation).toEqual({ latitude: 1, longitude: 2 })
  })

  test('needs EDIT; a file of another account or none is 404; an archived document keeps its files as they are', async () => {
    const file = await attach(doc.id, 'site.jpg')
    const below = await locate(file.id, { latitude: 1, longitude: 1 }, tokens.downloader)
    expect(below.status).toBe(403)
    expect(below.body.message).toBe('This needs EDIT access to the project')
    expect((await locate(file.id, { latitude: 1, longitude: 1 }, tokens.stranger)).status).toBe(404)
    expect((await locate(987654321, { latitude: 1, longitude: 1 })).status).toBe(404)
    expect((await listedFile(doc.id, file.id)).geolocation).toBeNull()
    const archived = await fixtures(server).document(project)
    const kept = await attach(archived.id, 'kept.jpg')
    await server.knex('folders').where({ id: archived.id }).update({ state: 'ARCHIVED' })
    const refused = await locate(kept.id, { latitude: 1, longitude: 1 })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe(FILE_STATE_MESSAGES.archived)
  })
})

describe("a file's conversion", () => {
  test('not started, then started, then completed with its location; shown in the list; a new start clears the old location', async () => {
    const file = await attach(doc.id, 'scan.laz')
    expect(await listedFile(doc.id, file.id)).toMatchObject({ conversion: 'NOT_STARTED', convertedLocation: null })
    const started = await call('POST', '/files/conversion-started', { fileId: file.id })
    expect(started.status, JSON.stringify(started.body)).toBe(201)
    expect(started.body).toMatchObject({ id: file.id, conversion: 'STARTED', convertedLocation: null })
    const completed = await call('POST', '/files/conversion-completed', { fileId: file.id, convertedLocation: 'potree:clouds/scan/metadata.json' })
    expect(completed.status, JSON.stringify(completed.body)).toBe(201)
    expect(completed.body).toMatchObject({ conversion: 'COMPLETED', convertedLocation: 'potree:clouds/scan/metadata.json' })
    expect(await listedFile(doc.id, file.id)).toMatchObject({ conversion: 'COMPLETED', convertedLocation: 'potree:clouds/scan/metadata.json' })
    expect((await call('POST', '/files/conversion-started', { fileId: file.id })).body).toMatchObject({ conversion: 'STARTED', convertedLocation: null })
    const model = await attach(doc.id, 'model.ifc')
    // A converter that never said it started completes too.
    expect((await call('POST', '/files/conversion-completed', { fileId: model.id, convertedLocation: 'forge:dXJuOmFkc2s' })).body).toMatchObject({ conversion: 'COMPLETED', convertedLocation: 'forge:dXJuOmFkc2s' })
  })

  test('a location must start with potree: or forge:; the file is required; nothing changes on a refusal', async () => {
    const file = await attach(doc.id, 'cloud.las')
    for (const convertedLocation of ['https://viewer.example/x', 'javascript:alert(1)', 'potree:', 'forge: spaced', 'POTREE:x', ''])
      expect((await call('POST', '/files/conversion-completed', { fileId: file.id, convertedLocation })).body.errors, convertedLocation).toEqual({
        convertedLocation: convertedLocation === '' ? 'This field is required' : FILE_STATE_MESSAGES.convertedLocation,
      })
    expect((await call('POST', '/files/conversion-completed', { fileId: file.id, convertedLocation: `potree:${'a'.repeat(2000)}` })).status).toBe(400)
    expect((await call('POST', '/files/conversion-completed', { fileId: file.id })).body.errors).toEqual({ convertedLocation: 'This field is required' })
    expect((await call('POST', '/files/conversion-started', {})).body.errors).toEqual({ fileId: 'This field is required' })
    expect((await call('POST', '/files/conversion-started', { fileId: 'one' })).body.errors).toEqual({ fileId: 'Only valid numbers (no comma)' })
    expect(await listedFile(doc.id, file.id)).toMatchObject({ conversion: 'NOT_STARTED', convertedLocation: null })
  })

  test("needs EDIT on the file's project; another account's file, or none, is 404", async () => {
    const file = await attach(doc.id, 'hidden.ifc')
    const below = await call('POST', '/files/conversion-started', { fileId: file.id }, tokens.downloader)
    expect(below.status).toBe(403)
    expect(below.body.message).toBe('This needs EDIT access to the project')
    const foreign = await call('POST', '/files/conversion-completed', { fileId: file.id, convertedLocation: 'forge:x' }, tokens.stranger)
    const missing = await call('POST', '/files/conversion-completed', { fileId: 987654321, convertedLocation: 'forge:x' })
    expect([foreign.status, missing.status]).toEqual([404, 404])
    expect(await listedFile(doc.id, file.id)).toMatchObject({ conversion: 'NOT_STARTED', convertedLocation: null })
  })
})

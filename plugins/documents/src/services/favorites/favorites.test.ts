/**
 * A document's favourite mark over real HTTP (SQLite, or MariaDB with TEST_DATABASE_URL):
 * PUT and DELETE may be repeated, the mark is always the caller's own, VIEW on the
 * document's project is enough, and another account's document is the same 404 as a
 * missing one.
 */
import { type AccountFixture, type DocumentFixture, type Person, type ProjectFixture, type TestServer, fixtures, startTestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

let server: TestServer
let own: AccountFixture
let project: ProjectFixture
let doc: DocumentFixture
let theirs: DocumentFixture
let viewer: Person
let colleague: Person
const tokens: Record<string, string> = {}

beforeAll(async () => {
  server = await startTestServer()
  const make = fixtures(server)
  own = await make.account()
  const other = await make.account()
  project = await make.project(own)
  doc = await make.document(project, { name: 'Marked' })
  theirs = await make.document(await make.project(other), { name: 'Theirs' })
  viewer = await make.user(own)
  await make.grantProject(viewer, project, 'VIEW')
  colleague = await make.user(own)
  await make.grantProject(colleague, project, 'VIEW')
  tokens.viewer = await make.signIn(viewer)
  tokens.colleague = await make.signIn(colleague)
  tokens.access = await make.signIn(await make.user(own))
  tokens.other = await make.signIn(other.admin)
  tokens.admin = await make.signIn(own.admin)
})
afterAll(() => server?.close())

const call = (token: string | undefined, method: string, url: string, body?: unknown) => server.call(method, url, body, token)
const countOf = async (query: Promise<any[]>) => Number((await query)[0]!.n)
const marks = (where: Record<string, number> = {}) => server.knex('folder_favorites').where({ folder_id: doc.id, ...where }).orderBy('id').select('*')

describe("a document's favourite mark", () => {
  test('PUT marks it for the caller, as often as asked; DELETE unmarks it, as often as asked', async () => {
    const url = `/api/folders/${doc.id}/favorite`
    for (let i = 0; i < 2; i++) {
      const answer = await call(tokens.viewer, 'PUT', url, {})
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      expect(answer.body).toEqual({ folderId: doc.id, favorite: true })
    }
    const kept = await marks()
    expect(kept).toHaveLength(1)
    expect(kept[0]).toMatchObject({ account_id: own.id, user_id: viewer.id, folder_id: doc.id })
    // Marked again: the first mark stays as it was.
    expect(await marks()).toEqual(kept)
    // The document, read by its marker, says so; read by anyone else, not.
    expect((await call(tokens.viewer, 'GET', `/api/folders/${doc.id}`)).body.favorite).toBe(true)
    expect((await call(tokens.colleague, 'GET', `/api/folders/${doc.id}`)).body.favorite).toBe(false)
    for (let i = 0; i < 2; i++) {
      const answer = await call(tokens.viewer, 'DELETE', url)
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      expect(answer.body).toEqual({ folderId: doc.id, favorite: false })
    }
    expect(await marks()).toEqual([])
    // A person's own mark is no event of the project.
    expect(await countOf(server.knex('project_events').where({ project_id: project.id }).count({ n: '*' }))).toBe(0)
  })

  test("the mark is the caller's own: another person's stays, and a body naming someone is refused", async () => {
    const url = `/api/folders/${doc.id}/favorite`
    expect((await call(tokens.colleague, 'PUT', url, {})).status).toBe(200)
    expect((await call(tokens.viewer, 'PUT', url, {})).status).toBe(200)
    expect((await call(tokens.viewer, 'DELETE', url)).status).toBe(200)
    expect((await marks()).map((mark) => Number(mark.user_id))).toEqual([colleague.id])
    const refused = await call(tokens.viewer, 'PUT', url, { userId: colleague.id })
    expect(refused.status).toBe(400)
    expect(refused.body.errors).toHaveProperty('userId')
    expect((await marks()).map((mark) => Number(mark.user_id))).toEqual([colleague.id])
    await call(tokens.colleague, 'DELETE', url)
  })

  test("another account's document answers the same 404 as a missing one; too low a level 403; signed out 401", async () => {
    const missing = 987654321
    for (const method of ['PUT', 'DELETE']) {
      const foreign = await call(tokens.viewer, method, `/api/folders/${theirs.id}/favorite`, method === 'PUT' ? {} : undefined)
      const absent = await call(tokens.viewer, method, `/api/folders/${missing}/favorite`, method === 'PUT' ? {} : undefined)
      expect([foreign.status, absent.status]).toEqual([404, 404])
      expect(foreign.body.message.replace(String(theirs.id), '<id>')).toBe(absent.body.message.replace(String(missing), '<id>'))
      expect((await call(tokens.other, method, `/api/folders/${doc.id}/favorite`, method === 'PUT' ? {} : undefined)).status).toBe(404)
      const low = await call(tokens.access, method, `/api/folders/${doc.id}/favorite`, method === 'PUT' ? {} : undefined)
      expect(low.status).toBe(403)
      expect(low.body.message).toBe('This needs VIEW access to the project')
      expect((await call(undefined, method, `/api/folders/${doc.id}/favorite`, method === 'PUT' ? {} : undefined)).status).toBe(401)
      // The path is the mark: an id after it names nothing.
      expect((await call(tokens.viewer, method, `/api/folders/${doc.id}/favorite/1`, method === 'PUT' ? {} : undefined)).status).toBe(404)
    }
    expect(await countOf(server.knex('folder_favorites').count({ n: '*' }))).toBe(0)
  })

  test('a deleted document takes its marks with it', async () => {
    const gone = await fixtures(server).document(project, { name: 'Deleted later' })
    expect((await call(tokens.viewer, 'PUT', `/api/folders/${gone.id}/favorite`, {})).status).toBe(200)
    expect((await call(tokens.admin, 'DELETE', `/api/folders/${gone.id}`)).status).toBe(200)
    expect(await countOf(server.knex('folder_favorites').where({ folder_id: gone.id }).count({ n: '*' }))).toBe(0)
  })
})

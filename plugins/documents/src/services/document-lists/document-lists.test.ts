/**
 * Binders (document lists) over real HTTP: made, renamed and removed under their project;
 * documents put in, moved and taken out in order, each change in the document's change
 * log; names unique in the project ignoring case (409); a document once per binder (409);
 * a document of another project refused (400 on folderId); VIEW reads, EDIT changes;
 * another account's ids are 404; a document in a binder, and a project with binders, are
 * not deleted. SQLite, or MariaDB with TEST_DATABASE_URL.
 */
import { type DocumentFixture, type ProjectFixture, type TestServer, fixtures, startTestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { BINDER_LIMITS, BINDER_MESSAGES } from './document-lists.schema'

let server: TestServer
let project: ProjectFixture
let other: ProjectFixture
const tokens: Record<string, string> = {}

beforeAll(async () => {
  server = await startTestServer()
  const make = fixtures(server)
  const team = await make.projectTeam({ editor: { firstName: 'Edith', lastName: 'Editor' } })
  project = team.project
  Object.assign(tokens, team.tokens)
  other = await make.project(team.account)
})
afterAll(() => server?.close())

const call = (method: string, url: string, body?: unknown, token = tokens.editor) => server.call(method, `/api${url}`, body, token)
const lists = (projectId = project.id) => `/projects/${projectId}/document-lists`
const items = (listId: number, projectId = project.id) => `${lists(projectId)}/${listId}/items`

let named = 0
const binder = async (name = `Binder ${++named}`, projectId = project.id, token = tokens.editor) => {
  const answer = await call('POST', lists(projectId), { name }, token)
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  return answer.body as { id: number; name: string }
}
const put = async (listId: number, folderId: number, projectId = project.id) => {
  const answer = await call('POST', items(listId, projectId), { folderId })
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  return answer.body as { documents: { folderId: number; position: number }[] }
}
const order = async (listId: number) => ((await call('GET', `${lists()}/${listId}`)).body.documents as { folderId: number; position: number }[]).map((d) => [d.folderId, d.position])
const events = async (folderId: number) =>
  (await call('GET', `/event/folder/${folderId}`)).body.data.map((e: { eventType: string; subject: string }) => `${e.eventType}: ${e.subject}`)

describe('binders of a project', () => {
  test('made, listed by name with their counts, read with their documents, renamed and removed', async () => {
    const own = await fixtures(server).project({ id: project.accountId })
    const made = await call('POST', lists(own.id), { name: '  Tender package ' }, tokens.admin)
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    expect(made.body).toMatchObject({ projectId: own.id, name: 'Tender package', documentCount: 0, documents: [] })
    expect(made.body.createdBy).toMatchObject({ id: expect.any(Number) })
    const handover = (await call('POST', lists(own.id), { name: 'Handover binder' }, tokens.admin)).body
    const doc = await fixtures(server).document(own, { name: 'General arrangement', symbol: 'GA-1' })
    expect((await call('POST', items(handover.id, own.id), { folderId: doc.id }, tokens.admin)).status).toBe(201)

    const page = await call('GET', lists(own.id), undefined, tokens.admin)
    expect(page.status).toBe(200)
    expect(page.body).toMatchObject({ total: 2, skip: 0, limit: 50 })
    expect(page.body.data.map((l: { name: string; documentCount: number }) => [l.name, l.documentCount])).toEqual([
      ['Handover binder', 1],
      ['Tender package', 0],
    ])
    expect((await call('GET', `${lists(own.id)}?$limit=1&$skip=1`, undefined, tokens.admin)).body.data.map((l: { name: string }) => l.name)).toEqual(['Tender package'])

    const read = await call('GET', `${lists(own.id)}/${handover.id}`, undefined, tokens.admin)
    expect(read.body).toMatchObject({
      id: handover.id,
      name: 'Handover binder',
      documentCount: 1,
      documents: [{ folderId: doc.id, position: 1, symbol: 'GA-1', name: 'General arrangement', state: 'IN_PROGRESS', revision: null }],
    })

    const renamed = await call('PATCH', `${lists(own.id)}/${made.body.id}`, { name: 'Tender package rev B' }, tokens.admin)
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200)
    expect(renamed.body.name).toBe('Tender package rev B')
    // Only the case changes: the same binder may take it.
    expect((await call('PATCH', `${lists(own.id)}/${made.body.id}`, { name: 'TENDER package rev B' }, tokens.admin)).body.name).toBe('TENDER package rev B')

    // A binder holding documents goes, its documents stay, each logging that it left it.
    const removed = await call('DELETE', `${lists(own.id)}/${handover.id}`, undefined, tokens.admin)
    expect(removed.status).toBe(200)
    expect(removed.body).toMatchObject({ name: 'Handover binder', documentCount: 1 })
    expect((await call('GET', `${lists(own.id)}/${handover.id}`, undefined, tokens.admin)).status).toBe(404)
    expect((await call('GET', `/folders/${doc.id}`, undefined, tokens.admin)).status).toBe(200)
    expect(await server.knex('document_list_items').where({ list_id: handover.id })).toEqual([])
    expect((await call('GET', `/event/folder/${doc.id}`, undefined, tokens.admin)).body.data.map((e: { eventType: string }) => e.eventType)).toEqual(['removedFromList', 'addedToList'])
  })

  test('names are unique in the project ignoring case (409 on name); another project may reuse one', async () => {
    await binder('Approval set')
    for (const name of ['Approval set', 'approval SET', '  Approval set  ']) {
      const answer = await call('POST', lists(), { name })
      expect(answer.status, name).toBe(409)
      expect(answer.body.message).toBe(BINDER_MESSAGES.nameTaken)
      expect(answer.body.errors).toEqual({ name: BINDER_MESSAGES.nameTaken })
    }
    const second = await binder('Approval set 2')
    const clash = await call('PATCH', `${lists()}/${second.id}`, { name: 'APPROVAL set' })
    expect(clash.status).toBe(409)
    expect((await call('GET', `${lists()}/${second.id}`)).body.name).toBe('Approval set 2')
    const make = fixtures(server)
    const own = await make.project({ id: project.accountId })
    expect((await call('POST', lists(own.id), { name: 'Approval set' }, tokens.admin)).status).toBe(201)
  })

  test('bad input is a 400 naming the field; nothing is stored', async () => {
    const before = await server.knex('document_lists').count({ n: '*' })
    const refused: [unknown, Record<string, string>][] = [
      [{}, { name: 'This field is required' }],
      [{ name: '' }, { name: 'This field is required' }],
      [{ name: '   ' }, { name: 'This field is required' }],
      [{ name: 'x'.repeat(101) }, { name: 'The maximum number of characters is 100' }],
      [{ name: 'Line\nbreak' }, { name: 'Please do not use control or invisible characters' }],
      [{ name: 42 }, { name: expect.any(String) }],
      [{ name: 'Fine', projectId: other.id }, { projectId: 'Unknown field' }],
    ]
    for (const [body, errors] of refused) {
      const answer = await call('POST', lists(), body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.errors, JSON.stringify(body)).toEqual(errors)
    }
    const list = await binder()
    expect((await call('PATCH', `${lists()}/${list.id}`, { name: '' })).body.errors).toEqual({ name: 'This field is required' })
    for (const query of ['$limit=-1', '$limit=501', '$skip=abc', 'name=x'])
      expect((await call('GET', `${lists()}?${query}`)).status, query).toBe(400)
    for (const [body, field] of [
      [{}, 'folderId'],
      [{ folderId: 'abc' }, 'folderId'],
      [{ folderId: 0 }, 'folderId'],
      [{ folderId: 1.5 }, 'folderId'],
      [{ folderId: 1, position: 2 }, 'position'],
    ] as const) {
      const answer = await call('POST', items(list.id), body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(Object.keys(answer.body.errors), JSON.stringify(body)).toEqual([field])
    }
    const doc = await fixtures(server).document(project)
    await put(list.id, doc.id)
    for (const body of [{}, { position: 0 }, { position: 'first' }, { position: 2 }]) {
      const answer = await call('PATCH', `${items(list.id)}/${doc.id}`, body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(Object.keys(answer.body.errors), JSON.stringify(body)).toEqual(['position'])
    }
    expect(Number((await server.knex('document_lists').count({ n: '*' }))[0]!.n)).toBe(Number(before[0]!.n) + 1)
  })
})

describe("a binder's documents", () => {
  let docs: DocumentFixture[]
  beforeAll(async () => {
    const make = fixtures(server)
    docs = []
    for (const symbol of ['A-1', 'A-2', 'A-3', 'A-4']) docs.push(await make.document(project, { symbol, name: `Document ${symbol}` }))
  })

  test('put last in order, moved up and down, taken out; the rest close up; each change logged on the document', async () => {
    const list = await binder('Handover')
    const [a, b, c, d] = docs.map((doc) => doc.id) as [number, number, number, number]
    for (const id of [a, b, c]) await put(list.id, id)
    const added = await put(list.id, d)
    expect(added.documents.map((doc) => [doc.folderId, doc.position])).toEqual([
      [a, 1],
      [b, 2],
      [c, 3],
      [d, 4],
    ])
    // Down: d to the top; up: a to the end; a place between.
    const moved = await call('PATCH', `${items(list.id)}/${d}`, { position: 1 })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    expect(moved.body.documents.map((doc: { folderId: number }) => doc.folderId)).toEqual([d, a, b, c])
    expect((await call('PATCH', `${items(list.id)}/${a}`, { position: 4 })).body.documents.map((doc: { folderId: number }) => doc.folderId)).toEqual([d, b, c, a])
    expect((await call('PATCH', `${items(list.id)}/${c}`, { position: 2 })).body.documents.map((doc: { folderId: number }) => doc.folderId)).toEqual([d, c, b, a])
    // The same place changes nothing.
    expect((await call('PATCH', `${items(list.id)}/${c}`, { position: 2 })).status).toBe(200)

    const out = await call('DELETE', `${items(list.id)}/${c}`)
    expect(out.status).toBe(200)
    expect(out.body.documents.map((doc: { folderId: number; position: number }) => [doc.folderId, doc.position])).toEqual([
      [d, 1],
      [b, 2],
      [a, 3],
    ])
    expect(await order(list.id)).toEqual([
      [d, 1],
      [b, 2],
      [a, 3],
    ])
    expect(await events(c)).toEqual(['removedFromList: Handover', 'addedToList: Handover'])
    expect(await events(d)).toEqual(['addedToList: Handover'])

    // The document's tab: the binders it is in, by name, with its place.
    const other = await binder('Archive copy')
    await put(other.id, a)
    const tab = await call('GET', `/folders/${a}/document-lists`, undefined, tokens.viewer)
    expect(tab.status).toBe(200)
    expect(tab.body.map((l: { name: string; position: number; documentCount: number }) => [l.name, l.position, l.documentCount])).toEqual([
      ['Archive copy', 1, 1],
      ['Handover', 3, 3],
    ])
    expect(tab.body[0].addedBy).toMatchObject({ firstName: 'Edith', lastName: 'Editor' })
    expect((await call('GET', `/folders/${c}/document-lists`)).body).toEqual([])
  })

  test('a document is in a binder once (409), and only one of the binder’s project (400)', async () => {
    const list = await binder()
    await put(list.id, docs[0]!.id)
    const twice = await call('POST', items(list.id), { folderId: docs[0]!.id })
    expect(twice.status).toBe(409)
    expect(twice.body.errors).toEqual({ folderId: BINDER_MESSAGES.inList })

    const make = fixtures(server)
    const elsewhere = await make.document(other)
    const theirs = await make.document(await make.project(await make.account()))
    for (const folderId of [elsewhere.id, theirs.id, 987654321]) {
      const answer = await call('POST', items(list.id), { folderId })
      expect(answer.status, String(folderId)).toBe(400)
      expect(answer.body.errors).toEqual({ folderId: BINDER_MESSAGES.folder })
    }
    // Not in the binder: taking out or moving it is 404.
    for (const [method, body] of [
      ['PATCH', { position: 1 }],
      ['DELETE', undefined],
    ] as const) {
      expect((await call(method, `${items(list.id)}/${docs[1]!.id}`, body)).status).toBe(404)
      expect((await call(method, `${items(list.id)}/abc`, body)).status).toBe(404)
    }
    expect(await order(list.id)).toEqual([[docs[0]!.id, 1]])
  })

  test('a binder named under another project in the path is not found there', async () => {
    const list = await binder()
    await put(list.id, docs[0]!.id)
    const own = await fixtures(server).project({ id: project.accountId })
    for (const [method, url, body] of [
      ['GET', `${lists(own.id)}/${list.id}`, undefined],
      ['PATCH', `${lists(own.id)}/${list.id}`, { name: 'Moved' }],
      ['DELETE', `${lists(own.id)}/${list.id}`, undefined],
      ['POST', items(list.id, own.id), { folderId: docs[1]!.id }],
      ['PATCH', `${items(list.id, own.id)}/${docs[0]!.id}`, { position: 1 }],
      ['DELETE', `${items(list.id, own.id)}/${docs[0]!.id}`, undefined],
    ] as const)
      expect((await call(method, url, body, tokens.admin)).status, `${method} ${url}`).toBe(404)
    expect(await order(list.id)).toEqual([[docs[0]!.id, 1]])
  })

  test(`a binder holds at most ${BINDER_LIMITS.items} documents (409)`, async () => {
    const list = await binder()
    const type = await fixtures(server).documentType({ id: project.accountId })
    const at = new Date().toISOString()
    const folders = Array.from({ length: BINDER_LIMITS.items + 1 }, (_, i) => ({
      account_id: project.accountId,
      project_id: project.id,
      folder_type_id: type.id,
      name: `Sheet ${i + 1}`,
      symbol: null,
      search_key: `sheet ${i + 1}`,
      created_at: at,
      changed_at: at,
    }))
    await server.knex.batchInsert('folders', folders, 200)
    const ids: number[] = (await server.knex('folders').where({ folder_type_id: type.id }).orderBy('id').pluck('id')).map(Number)
    const [last, ...rest] = [ids.at(-1)!, ...ids.slice(0, -1)]
    await server.knex.batchInsert(
      'document_list_items',
      rest.map((folderId, i) => ({ account_id: project.accountId, list_id: list.id, folder_id: folderId, position: i + 1, added_at: at })),
      200,
    )
    const full = await call('POST', items(list.id), { folderId: last })
    expect(full.status).toBe(409)
    expect(full.body.message).toBe(`A binder holds at most ${BINDER_LIMITS.items} documents`)
    // Taken out one, the next goes in, last.
    expect((await call('DELETE', `${items(list.id)}/${rest[0]}`)).status).toBe(200)
    const added = await call('POST', items(list.id), { folderId: last })
    expect(added.status).toBe(201)
    expect(added.body.documents.at(-1)).toMatchObject({ folderId: last, position: BINDER_LIMITS.items })
  })
})

describe('who may', () => {
  test('VIEW reads and changes nothing (403); another account’s ids are 404 and stay', async () => {
    const list = await binder('Kept binder')
    const doc = await fixtures(server).document(project)
    await put(list.id, doc.id)
    expect((await call('GET', lists(), undefined, tokens.viewer)).status).toBe(200)
    expect((await call('GET', `${lists()}/${list.id}`, undefined, tokens.viewer)).body.documents).toHaveLength(1)
    expect((await call('GET', `/folders/${doc.id}/document-lists`, undefined, tokens.viewer)).status).toBe(200)
    const writes = [
      ['POST', lists(), { name: 'Viewer binder' }],
      ['PATCH', `${lists()}/${list.id}`, { name: 'Viewer name' }],
      ['DELETE', `${lists()}/${list.id}`, undefined],
      ['POST', items(list.id), { folderId: doc.id }],
      ['PATCH', `${items(list.id)}/${doc.id}`, { position: 1 }],
      ['DELETE', `${items(list.id)}/${doc.id}`, undefined],
    ] as const
    for (const [method, url, body] of writes) {
      const answer = await call(method, url, body, tokens.viewer)
      expect(answer.status, `${method} ${url}`).toBe(403)
      expect(answer.body.message).toBe('This needs EDIT access to the project')
    }
    for (const [method, url, body] of [
      ['GET', lists(), undefined],
      ['GET', `${lists()}/${list.id}`, undefined],
      ['GET', `/folders/${doc.id}/document-lists`, undefined],
      ...writes,
    ] as const)
      expect((await call(method, url, body, tokens.stranger)).status, `${method} ${url}`).toBe(404)
    expect((await call('GET', `${lists()}/${list.id}`)).body).toMatchObject({ name: 'Kept binder', documents: [{ folderId: doc.id }] })
    expect((await call('GET', `${lists()}/abc`)).status).toBe(404)
    expect((await call('GET', `${lists()}/987654321`)).status).toBe(404)
  })
})

describe('what binders keep', () => {
  test('a document in a binder is not deleted, naming the binder; taken out, it is', async () => {
    const list = await binder('Handover to owner')
    const doc = await fixtures(server).document(project)
    await put(list.id, doc.id)
    const refused = await call('DELETE', `/folders/${doc.id}`)
    expect(refused.status).toBe(409)
    expect(refused.body.data.blocks).toEqual([{ reason: 'is in document list', item: 'Handover to owner' }])
    expect((await call('DELETE', `${items(list.id)}/${doc.id}`)).status).toBe(200)
    expect((await call('DELETE', `/folders/${doc.id}`)).status).toBe(200)
  })

  test('a project with binders is not deleted, naming them; without them it is', async () => {
    const own = await fixtures(server).project({ id: project.accountId })
    const list = (await call('POST', lists(own.id), { name: 'Empty binder' }, tokens.admin)).body
    const refused = await call('DELETE', `/projects/${own.id}`, undefined, tokens.admin)
    expect(refused.status).toBe(409)
    expect(refused.body.data.blocks).toEqual([{ reason: 'has document list', item: 'Empty binder' }])
    expect((await call('DELETE', `${lists(own.id)}/${list.id}`, undefined, tokens.admin)).status).toBe(200)
    expect((await call('DELETE', `/projects/${own.id}`, undefined, tokens.admin)).status).toBe(200)
  })
})

/**
 * Documents over real HTTP (SQLite, or MariaDB with TEST_DATABASE_URL): every field kept
 * and shown, the spec's validation, the number unique in the account, the project levels,
 * references confined to the account and project, an archived document's fixed fields, and
 * a document with files kept.
 */
import { type AccountFixture, type Person, type ProjectFixture, type TestServer, fixtures, startTestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { FOLDER_MESSAGES } from './folders.schema'

let server: TestServer
let own: AccountFixture
let other: AccountFixture
let project: ProjectFixture
let second: ProjectFixture
let theirs: ProjectFixture
let engineer: Person
const tokens: Record<string, string> = {}
const types: Record<string, number> = {}

/** The account's active document types, as a new document's form offers them. */
const activeTypes = async (account: AccountFixture, token: string) => {
  const answer = await server.call('GET', `/api/foldertypes/${account.id}/create`, undefined, token)
  expect(answer.status).toBe(200)
  return answer.body as { id: number; typeId: string }[]
}

beforeAll(async () => {
  server = await startTestServer()
  const make = fixtures(server)
  own = await make.account()
  other = await make.account()
  project = await make.project(own)
  second = await make.project(own)
  theirs = await make.project(other)
  for (const level of ['VIEW', 'EDIT'] as const) {
    const person = await make.user(own, 'user', { firstName: 'Holds', lastName: level })
    await make.grantProject(person, project, level)
    tokens[level] = await make.signIn(person)
    if (level === 'EDIT') engineer = person
  }
  tokens.none = await make.signIn(await make.user(own, 'user'))
  tokens.admin = await make.signIn(own.admin)
  tokens.other = await make.signIn(other.admin)
  const [first, next] = await activeTypes(own, tokens.admin)
  types.drawing = first!.id
  types.report = next!.id
  types.theirs = (await activeTypes(other, tokens.other))[0]!.id
})
afterAll(() => server?.close())

const call = (token: string, method: string, url: string, body?: unknown) => server.call(method, url, body, token)
const create = (token: string, body: Record<string, unknown>) => call(token, 'POST', '/api/folders', { projectId: project.id, folderTypeId: types.drawing, ...body })
const countFolders = async () => Number((await server.knex('folders').count({ n: '*' }))[0]!.n)

describe('documents', () => {
  test('a member with EDIT creates a document with every field; VIEW reads it back as it was kept', async () => {
    const body = {
      name: 'General arrangement',
      symbol: ' GA-0001 ',
      responsibleId: engineer.id,
      provider: 'SUPPLIER',
      placement: 'EXTERNAL',
      securityGroup: 'USER',
      supplierNumber: 'S-77',
      customerNumber: 'C-12',
      tagNumber: 'TAG-9',
      masterNumber: 'M-1',
      format: 'A1',
      classification: 'Mechanical',
      url: 'https://example.test/ga',
      plannedIssueDate: Date.UTC(2027, 0, 15),
      approvedDate: null,
      actualIssueDate: Date.UTC(2027, 1, 1),
      expectedReturnDate: Date.UTC(2027, 2, 1),
      actualReturnDate: null,
      tags: ['pump', 'stage 2'],
      hasBom: true,
      showComponents: false,
    }
    const created = await create(tokens.EDIT!, body)
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body).toMatchObject({
      ...body,
      symbol: 'GA-0001',
      projectId: project.id,
      accountId: own.id,
      folderTypeId: types.drawing,
      parentFolderId: null,
      state: 'IN_PROGRESS',
      revision: null,
      fileCount: 0,
      responsible: { id: engineer.id, firstName: 'Holds', lastName: 'EDIT' },
      createdBy: { id: engineer.id },
    })
    const read = await call(tokens.VIEW!, 'GET', `/api/folders/${created.body.id}`)
    expect(read.status).toBe(200)
    expect(read.body).toEqual(created.body)
  })

  test('bad fields answer 400 with the spec\'s messages and create nothing', async () => {
    const before = await countFolders()
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', 'This field is required'],
      [{ name: 'x'.repeat(101) }, 'name', 'The maximum number of characters is 100'],
      [{ name: 'Long number', symbol: 'n'.repeat(241) }, 'symbol', 'The maximum number of characters is 240'],
      [{ name: 'Bad date', plannedIssueDate: Date.UTC(2300, 0, 1) }, 'plannedIssueDate', 'Enter a date between the years 1900 and 2199'],
    ]
    for (const [body, field, message] of cases) {
      const answer = await create(tokens.EDIT!, body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.errors?.[field], JSON.stringify(answer.body)).toBe(message)
    }
    for (const body of [{ name: 'No type', folderTypeId: undefined }, { name: 'Bad provider', provider: 'NOBODY' }, { name: 'Extra', accountId: other.id, secret: 1 }])
      expect((await create(tokens.EDIT!, body)).status, JSON.stringify(body)).toBe(400)
    expect(await countFolders()).toBe(before)
  })

  test('a number is unique in the account, whatever its case and spaces; another account may use it; blank numbers are no numbers', async () => {
    expect((await create(tokens.EDIT!, { name: 'First', symbol: 'UNIQ-1' })).status).toBe(201)
    for (const symbol of ['UNIQ-1', 'uniq-1', ' Uniq-1 ']) {
      const clash = await create(tokens.EDIT!, { name: 'Second', symbol })
      expect(clash.status, symbol).toBe(409)
      expect(clash.body.errors).toEqual({ symbol: FOLDER_MESSAGES.numberTaken })
    }
    const elsewhere = await call(tokens.other!, 'POST', '/api/folders', { projectId: theirs.id, folderTypeId: types.theirs, name: 'Theirs', symbol: 'UNIQ-1' })
    expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(201)
    for (const symbol of ['', '  ', null]) expect((await create(tokens.EDIT!, { name: 'No number', symbol })).status).toBe(201)
    const renamed = await create(tokens.EDIT!, { name: 'Renamed later', symbol: 'UNIQ-2' })
    const taken = await call(tokens.EDIT!, 'PATCH', `/api/folders/${renamed.body.id}`, { symbol: 'uniq-1' })
    expect(taken.status).toBe(409)
    // Its own number again is no clash.
    expect((await call(tokens.EDIT!, 'PATCH', `/api/folders/${renamed.body.id}`, { symbol: 'UNIQ-2', name: 'Renamed' })).status).toBe(200)
  })

  test('VIEW reads but may not create, change or delete; no level is refused; another account finds nothing', async () => {
    const doc = (await create(tokens.EDIT!, { name: 'Guarded' })).body
    const needsEdit = 'This needs EDIT access to the project'
    expect((await create(tokens.VIEW!, { name: 'By a viewer' })).body).toMatchObject({ code: 403, message: needsEdit })
    expect((await call(tokens.VIEW!, 'PATCH', `/api/folders/${doc.id}`, { name: 'Changed' })).status).toBe(403)
    expect((await call(tokens.VIEW!, 'DELETE', `/api/folders/${doc.id}`)).status).toBe(403)
    for (const [token, status] of [[tokens.none!, 403], [tokens.other!, 404]] as const) {
      expect((await call(token, 'GET', `/api/folders/${doc.id}`)).status).toBe(status)
      expect((await call(token, 'PATCH', `/api/folders/${doc.id}`, { name: 'Taken over' })).status).toBe(status)
      expect((await call(token, 'DELETE', `/api/folders/${doc.id}`)).status).toBe(status)
    }
    expect((await create(tokens.none!, { name: 'No level' })).status).toBe(403)
    expect((await create(tokens.other!, { name: 'Their admin' })).status).toBe(404)
    expect((await call(tokens.admin!, 'GET', `/api/folders/${doc.id}`)).body.name).toBe('Guarded')
  })

  test('the type, responsible and parent must be the account\'s and the project\'s; a document never moves project', async () => {
    const parent = (await create(tokens.admin!, { name: 'Parent' })).body
    const inSecond = (await call(tokens.admin!, 'POST', '/api/folders', { projectId: second.id, folderTypeId: types.drawing, name: 'Elsewhere' })).body
    const stranger = await fixtures(server).user(other, 'user')
    const refused = [
      [{ folderTypeId: types.theirs }, 'folderTypeId', FOLDER_MESSAGES.type],
      [{ responsibleId: stranger.id }, 'responsibleId', FOLDER_MESSAGES.responsible],
      [{ parentFolderId: inSecond.id }, 'parentFolderId', FOLDER_MESSAGES.parentFolder],
      [{ parentFolderId: 999_999 }, 'parentFolderId', FOLDER_MESSAGES.parentFolder],
    ] as const
    for (const [body, field, message] of refused) {
      const answer = await create(tokens.admin!, { name: 'Child', ...body })
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.errors).toEqual({ [field]: message })
    }
    const child = (await create(tokens.admin!, { name: 'Child', parentFolderId: parent.id })).body
    expect(child.parentFolderId).toBe(parent.id)
    expect((await call(tokens.admin!, 'PATCH', `/api/folders/${parent.id}`, { parentFolderId: child.id })).body.errors).toEqual({ parentFolderId: FOLDER_MESSAGES.parentCycle })
    expect((await call(tokens.admin!, 'PATCH', `/api/folders/${parent.id}`, { parentFolderId: parent.id })).body.errors).toEqual({ parentFolderId: FOLDER_MESSAGES.parentSelf })
    expect((await call(tokens.admin!, 'PATCH', `/api/folders/${child.id}`, { projectId: second.id })).status).toBe(400)
    expect((await call(tokens.admin!, 'GET', `/api/folders/${child.id}`)).body.projectId).toBe(project.id)
  })

  test('an archived document keeps its title, type, responsible and number; its other fields change', async () => {
    const doc = (await create(tokens.EDIT!, { name: 'Issued', symbol: 'ARCH-1', responsibleId: engineer.id })).body
    await server.knex('folders').where({ id: doc.id }).update({ state: 'ARCHIVED' })
    for (const body of [{ name: 'Renamed' }, { symbol: 'ARCH-2' }, { folderTypeId: types.report }, { responsibleId: null }]) {
      const answer = await call(tokens.EDIT!, 'PATCH', `/api/folders/${doc.id}`, body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(Object.values(answer.body.errors)).toEqual([FOLDER_MESSAGES.archived])
    }
    const kept = await call(tokens.EDIT!, 'PATCH', `/api/folders/${doc.id}`, { name: 'Issued', symbol: 'ARCH-1', format: 'A3' })
    expect(kept.status, JSON.stringify(kept.body)).toBe(200)
    expect(kept.body).toMatchObject({ name: 'Issued', symbol: 'ARCH-1', format: 'A3', state: 'ARCHIVED' })
  })

  test('a document with files is kept (409 naming them); without, it goes, and its children move to the top', async () => {
    const doc = (await create(tokens.EDIT!, { name: 'With files' })).body
    const child = (await create(tokens.EDIT!, { name: 'Its child', parentFolderId: doc.id })).body
    const [fileId] = await server.knex('folder_files').insert({
      account_id: own.id,
      project_id: project.id,
      folder_id: doc.id,
      name: 'drawing.pdf',
      storage_key: 'uploads/test',
      mime: 'application/pdf',
      size: 10,
      created_at: new Date().toISOString(),
    })
    expect((await call(tokens.EDIT!, 'GET', `/api/folders/${doc.id}`)).body.fileCount).toBe(1)
    const refused = await call(tokens.EDIT!, 'DELETE', `/api/folders/${doc.id}`)
    expect(refused.status).toBe(409)
    expect(refused.body.data.blocks).toEqual([{ reason: 'has file', item: 'drawing.pdf' }])
    await server.knex('folder_files').where({ id: fileId }).delete()
    const removed = await call(tokens.EDIT!, 'DELETE', `/api/folders/${doc.id}`)
    expect(removed.status).toBe(200)
    expect(removed.body.name).toBe('With files')
    expect((await call(tokens.EDIT!, 'GET', `/api/folders/${doc.id}`)).status).toBe(404)
    expect((await call(tokens.EDIT!, 'GET', `/api/folders/${child.id}`)).body.parentFolderId).toBeNull()
  })

  test("the project's document groups and list show its documents under their types", async () => {
    const report = (await create(tokens.EDIT!, { name: 'Inspection report', symbol: 'REP-1', folderTypeId: types.report })).body
    const groups = await call(tokens.VIEW!, 'GET', `/api/projects/${project.id}/foldertypes`)
    expect(groups.status).toBe(200)
    const group = groups.body.find((g: { id: number }) => g.id === types.report)
    expect(group.folders).toEqual([{ id: report.id, name: 'Inspection report', symbol: 'REP-1', folderTypeId: types.report, files: [], urls: [] }])
    const list = await call(tokens.VIEW!, 'GET', `/api/projects/${project.id}/folders`)
    expect(list.body.map((f: { id: number }) => f.id)).toContain(report.id)
    expect((await call(tokens.VIEW!, 'GET', `/api/projects/${second.id}/folders`)).status).toBe(403)
    expect((await call(tokens.other!, 'GET', `/api/projects/${project.id}/folders`)).status).toBe(404)
  })
})

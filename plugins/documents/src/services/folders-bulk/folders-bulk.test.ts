/**
 * Bulk creation over real HTTP (SQLite, or MariaDB with TEST_DATABASE_URL): a list of rows
 * made into documents of one project, all or none; each row checked as POST /folders
 * checks a document, its number required and unique in the list and the account; a row
 * with a revision archived on creation (part1 §4); every refusal "Failed to create -
 * invalid input" naming the row and field (§8) with nothing written; EDIT on the project.
 */
import { MESSAGES } from '@app/plugin-kit/shared'
import { type AccountFixture, type Person, type ProjectFixture, type TestServer, fixtures, startTestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { FOLDER_MESSAGES } from '../folders/folders.schema'
import { BULK_MAX_ROWS, FOLDERS_BULK_MESSAGES } from './folders-bulk.schema'
import { foldersBulkUrl } from './folders-bulk.shared'

let server: TestServer
let own: AccountFixture
let other: AccountFixture
let project: ProjectFixture
let second: ProjectFixture
let theirs: ProjectFixture
let engineer: Person
const tokens: Record<string, string> = {}
const types: Record<string, number> = {}

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
  types.drawing = (await make.documentType(own, { name: 'Drawing' })).id
  types.report = (await make.documentType(own, { name: 'Report' })).id
  types.retired = (await make.documentType(own, { name: 'Retired' })).id
  await server.knex('setup_folder_types').where({ id: types.retired }).update({ active: false })
  types.theirs = (await make.documentType(other, { name: 'Theirs' })).id
})
afterAll(() => server?.close())

let serial = 0
/** A number no other test uses. */
const fresh = (prefix = 'B') => `${prefix}-${++serial}`
const row = (fields: Record<string, unknown> = {}) => ({ symbol: fresh(), name: `Document ${serial}`, folderTypeId: types.drawing, ...fields })
const bulk = (token: string, rows: unknown, projectId = project.id) => server.call('POST', `/api${foldersBulkUrl(projectId)}`, { rows }, token)
const call = (token: string, method: string, url: string, body?: unknown) => server.call(method, url, body, token)

/** The rows of the tables a bulk creation writes, to show a refused one wrote nothing. */
const counts = async () => {
  const count = async (table: string) => Number((await server.knex(table).count({ n: '*' }))[0]!.n)
  return { folders: await count('folders'), events: await count('folder_events'), revisions: await count('folder_revisions') }
}

/** Refused as a whole: 400 "Failed to create - invalid input" with exactly these field messages, and nothing written. */
const refused = async (token: string, rows: unknown, errors: Record<string, string>, projectId = project.id) => {
  const before = await counts()
  const answer = await bulk(token, rows, projectId)
  expect(answer.status, JSON.stringify(answer.body)).toBe(400)
  expect(answer.body.message).toBe(FOLDERS_BULK_MESSAGES.invalid)
  expect(answer.body.errors).toEqual(errors)
  expect(await counts()).toEqual(before)
}

describe('bulk creation', () => {
  test('EDIT creates every row, in the list’s order, each with every field a single document takes, and logged', async () => {
    const full = {
      symbol: ' BULK-FULL ',
      name: 'General arrangement',
      folderTypeId: types.report,
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
    const parent = (await call(tokens.EDIT!, 'POST', '/api/folders', { projectId: project.id, folderTypeId: types.drawing, name: 'Parent' })).body
    const rows = [row({ name: 'First' }), full, row({ name: 'Third', parentFolderId: parent.id })]
    const before = await counts()
    const answer = await bulk(tokens.EDIT!, rows)
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    expect(answer.body.map((f: { name: string }) => f.name)).toEqual(['First', 'General arrangement', 'Third'])
    expect(answer.body[1]).toMatchObject({
      ...full,
      symbol: 'BULK-FULL',
      projectId: project.id,
      accountId: own.id,
      state: 'IN_PROGRESS',
      revision: null,
      fileCount: 0,
      favorite: false,
      responsible: { id: engineer.id, firstName: 'Holds', lastName: 'EDIT' },
      createdBy: { id: engineer.id },
    })
    expect(answer.body[2].parentFolderId).toBe(parent.id)
    for (const made of answer.body) {
      const read = await call(tokens.VIEW!, 'GET', `/api/folders/${made.id}`)
      expect(read.status).toBe(200)
      expect(read.body).toEqual(made)
    }
    expect(await counts()).toEqual({ folders: before.folders + 3, events: before.events + 3, revisions: before.revisions })
    const log = await call(tokens.EDIT!, 'GET', `/api/event/folder/${answer.body[1].id}`)
    expect(log.body.data.map((e: { eventType: string; subject: string }) => [e.eventType, e.subject])).toEqual([['documentCreated', 'BULK-FULL - General arrangement']])
  })

  test('a row with a revision is archived on creation, with that revision and no ticks; a blank revision leaves it in progress', async () => {
    const rows = [row({ revision: ' B ' }), row({ revision: '' }), row({ revision: '  ' }), row({ revision: null }), row()]
    const answer = await bulk(tokens.EDIT!, rows)
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    expect(answer.body.map((f: { state: string; revision: string | null }) => [f.state, f.revision])).toEqual([
      ['ARCHIVED', 'B'],
      ['IN_PROGRESS', null],
      ['IN_PROGRESS', null],
      ['IN_PROGRESS', null],
      ['IN_PROGRESS', null],
    ])
    const [archived, ...inProgress] = answer.body as { id: number }[]
    const revisions = await call(tokens.VIEW!, 'GET', `/api/folders/${archived!.id}/revisions`)
    expect(revisions.status).toBe(200)
    expect(revisions.body).toEqual([
      expect.objectContaining({ revision: 'B', archivedBy: expect.objectContaining({ id: engineer.id }), controls: [], fileCount: 0, current: true }),
    ])
    const log = await call(tokens.EDIT!, 'GET', `/api/event/folder/${archived!.id}`)
    expect(log.body.data.map((e: { eventType: string; subject: string }) => [e.eventType, e.subject])).toEqual([
      ['documentArchived', 'B'],
      ['documentCreated', `${rows[0]!.symbol} - ${rows[0]!.name}`],
    ])
    for (const folder of inProgress) expect(await server.knex('folder_revisions').where({ folder_id: folder.id }).count({ n: '*' })).toEqual([{ n: 0 }])
    expect((await call(tokens.EDIT!, 'GET', `/api/folders/${archived!.id}/control`)).body).toEqual([])
  })

  test('a document archived on creation keeps its title, type, responsible and number as any archived one does; unarchiving undoes it', async () => {
    const [archived] = (await bulk(tokens.EDIT!, [row({ name: 'Issued', revision: 'A', responsibleId: engineer.id })])).body
    for (const body of [{ name: 'Renamed' }, { symbol: fresh() }, { folderTypeId: types.report }, { responsibleId: null }]) {
      const answer = await call(tokens.EDIT!, 'PATCH', `/api/folders/${archived.id}`, body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(Object.values(answer.body.errors)).toEqual([FOLDER_MESSAGES.archived])
    }
    const kept = await call(tokens.EDIT!, 'PATCH', `/api/folders/${archived.id}`, { format: 'A3' })
    expect(kept.status, JSON.stringify(kept.body)).toBe(200)
    expect(kept.body).toMatchObject({ name: 'Issued', format: 'A3', state: 'ARCHIVED', revision: 'A' })
    const undone = await call(tokens.EDIT!, 'POST', `/api/folders/${archived.id}/unarchive`, {})
    expect(undone.status, JSON.stringify(undone.body)).toBe(201)
    expect(undone.body).toMatchObject({ state: 'IN_PROGRESS', revision: null })
  })

  test('a number used twice in the list is refused on its later rows, whatever its case and spaces', async () => {
    const number = fresh('TWICE')
    await refused(tokens.EDIT!, [row({ symbol: number }), row(), row({ symbol: ` ${number.toLowerCase()} ` }), row({ symbol: number })], {
      'rows.2.symbol': FOLDER_MESSAGES.numberTaken,
      'rows.3.symbol': FOLDER_MESSAGES.numberTaken,
    })
  })

  test('a number another document of the account has is refused; another account’s is free', async () => {
    const number = fresh('TAKEN')
    expect((await call(tokens.admin!, 'POST', '/api/folders', { projectId: second.id, folderTypeId: types.drawing, name: 'Elsewhere', symbol: number })).status).toBe(201)
    await refused(tokens.EDIT!, [row(), row({ symbol: number.toLowerCase() })], { 'rows.1.symbol': FOLDER_MESSAGES.numberTaken })
    const theirsToo = await bulk(tokens.other!, [{ symbol: number, name: 'Theirs', folderTypeId: types.theirs }], theirs.id)
    expect(theirsToo.status, JSON.stringify(theirsToo.body)).toBe(201)
  })

  test('every row needs a number', async () => {
    const { symbol: _none, ...unnumbered } = row()
    await refused(tokens.EDIT!, [row(), unnumbered, row({ symbol: '' }), row({ symbol: '   ' }), row({ symbol: null })], {
      'rows.1.symbol': MESSAGES.required,
      'rows.2.symbol': MESSAGES.required,
      'rows.3.symbol': MESSAGES.required,
      'rows.4.symbol': MESSAGES.required,
    })
  })

  test('a type, responsible or parent not of the account and project is refused on its row, as for a single document', async () => {
    const stranger = await fixtures(server).user(other, 'user')
    const elsewhere = (await call(tokens.admin!, 'POST', '/api/folders', { projectId: second.id, folderTypeId: types.drawing, name: 'In the second project' })).body
    await refused(
      tokens.EDIT!,
      [row(), row({ folderTypeId: types.theirs }), row({ folderTypeId: types.retired }), row({ folderTypeId: 999_999 }), row({ responsibleId: stranger.id }), row({ parentFolderId: elsewhere.id })],
      {
        'rows.1.folderTypeId': FOLDER_MESSAGES.type,
        'rows.2.folderTypeId': FOLDER_MESSAGES.type,
        'rows.3.folderTypeId': FOLDER_MESSAGES.type,
        'rows.4.responsibleId': FOLDER_MESSAGES.responsible,
        'rows.5.parentFolderId': FOLDER_MESSAGES.parentFolder,
      },
    )
  })

  test('each row’s fields are checked as a single document’s are; all the problems are named at once', async () => {
    const { name: _none, ...untitled } = row()
    await refused(
      tokens.EDIT!,
      [
        row(),
        untitled,
        row({ name: 'x'.repeat(101) }),
        row({ symbol: 'n'.repeat(241) }),
        row({ plannedIssueDate: Date.UTC(2300, 0, 1) }),
        row({ provider: 'NOBODY', revision: 'r'.repeat(21) }),
        row({ folderTypeId: 'one', accountId: other.id }),
        'not a row',
      ],
      {
        'rows.1.name': MESSAGES.required,
        'rows.2.name': 'The maximum number of characters is 100',
        'rows.3.symbol': 'The maximum number of characters is 240',
        'rows.4.plannedIssueDate': 'Enter a date between the years 1900 and 2199',
        'rows.5.provider': 'Must be one of CUSTOMER, SUPPLIER, COMPANY',
        'rows.5.revision': 'The maximum number of characters is 20',
        'rows.6.folderTypeId': MESSAGES.integer,
        'rows.6.accountId': MESSAGES.unknownField,
        'rows.7': 'Must be a object',
      },
    )
  })

  test(`the list has from 1 to ${BULK_MAX_ROWS} rows; ${BULK_MAX_ROWS} are created in one call`, async () => {
    const tooMany = Array.from({ length: BULK_MAX_ROWS + 1 }, () => row())
    await refused(tokens.EDIT!, tooMany, { rows: FOLDERS_BULK_MESSAGES.rows })
    await refused(tokens.EDIT!, [], { rows: FOLDERS_BULK_MESSAGES.rows })
    await refused(tokens.EDIT!, 'rows', { rows: FOLDERS_BULK_MESSAGES.rows })
    const before = await counts()
    const answer = await bulk(tokens.EDIT!, tooMany.slice(1))
    expect(answer.status, JSON.stringify(answer.body).slice(0, 500)).toBe(201)
    expect(answer.body).toHaveLength(BULK_MAX_ROWS)
    expect((await counts()).folders).toBe(before.folders + BULK_MAX_ROWS)
    const missing = await server.call('POST', `/api${foldersBulkUrl(project.id)}`, { folders: [row()] }, tokens.EDIT)
    expect(missing.status).toBe(400)
    expect(missing.body).toMatchObject({ message: FOLDERS_BULK_MESSAGES.invalid, errors: { rows: MESSAGES.required, folders: MESSAGES.unknownField } })
  }, 60_000)

  test('VIEW and no level are refused with 403; another account’s project and a missing one are not found; none writes anything', async () => {
    const before = await counts()
    for (const token of [tokens.VIEW!, tokens.none!]) {
      const answer = await bulk(token, [row()])
      expect(answer.status).toBe(403)
      expect(answer.body.message).toBe('This needs EDIT access to the project')
      // The level is checked before the body: a bad list is still a 403.
      expect((await bulk(token, [])).status).toBe(403)
    }
    expect((await bulk(tokens.EDIT!, [row()], second.id)).status).toBe(403)
    for (const projectId of [theirs.id, 987_654_321]) {
      const answer = await bulk(tokens.EDIT!, [row()], projectId)
      expect(answer.status).toBe(404)
      expect(answer.body.message).toBe(`No record found for id '${projectId}'`)
    }
    expect((await bulk(tokens.other!, [row()])).status).toBe(404)
    expect(await counts()).toEqual(before)
    // The account's admin holds every project.
    expect((await bulk(tokens.admin!, [row()], second.id)).status).toBe(201)
  })

  test('two lists racing for one number: one is created, the other refused on that row, and leaves nothing', async () => {
    const number = fresh('RACE')
    const before = await counts()
    const answers = await Promise.all([bulk(tokens.EDIT!, [row(), row({ symbol: number })]), bulk(tokens.admin!, [row({ symbol: number }), row()])])
    expect(answers.map((a) => a.status).sort(), JSON.stringify(answers.map((a) => a.body))).toEqual([201, 400])
    const loser = answers.find((a) => a.status === 400)!
    expect(loser.body.message).toBe(FOLDERS_BULK_MESSAGES.invalid)
    expect(Object.values(loser.body.errors)).toEqual([FOLDER_MESSAGES.numberTaken])
    expect((await counts()).folders).toBe(before.folders + 2)
  })
})

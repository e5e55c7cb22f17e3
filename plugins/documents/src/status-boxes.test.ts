/**
 * The project dashboard's document status boxes over real HTTP (GET /dashboard?projectId=,
 * the projects plugin's call, counted by this plugin): each box counts the documents a
 * person would count on the documents' pages, for the project only, and the caller's own
 * marks; a project of thousands of documents is counted in two statements, whatever its
 * size. SQLite, or MariaDB with TEST_DATABASE_URL.
 */
import { type AccountFixture, type DocumentFixture, type Person, type ProjectFixture, type TestServer, fixtures, startTestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DAY_MS } from './status-boxes'

let server: TestServer
let make: ReturnType<typeof fixtures>
let account: AccountFixture
let project: ProjectFixture
let elsewhere: ProjectFixture
let viewer: Person
const tokens: Record<string, string> = {}
const docs: Record<string, DocumentFixture> = {}

const call = (token: string, method: string, url: string, body?: unknown) => server.call(method, `/api${url}`, body, token)
const boxesOf = async (token: string, projectId = project.id) => {
  const answer = await call(token, 'GET', `/dashboard?projectId=${projectId}`)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body as { counted: boolean; boxes: Record<string, number>; personal: Record<string, number> }
}
/** Sets the document's dates as its metadata form does; the days are the local midnights they begin at, here as so many days from now. */
const dates = async (doc: DocumentFixture, days: Partial<Record<'plannedIssueDate' | 'actualIssueDate' | 'actualReturnDate' | 'approvedDate', number>>) => {
  const answer = await call(tokens.admin!, 'PATCH', `/folders/${doc.id}`, days)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
}
const tick = async (doc: DocumentFixture, ...roles: string[]) => {
  for (const role of roles) expect((await call(tokens.admin!, 'PUT', `/folders/${doc.id}/control/${role}`, { doneOn: Date.now() })).status).toBe(200)
}
const archive = async (doc: DocumentFixture) => {
  await tick(doc, 'EDIT', 'CONTROL', 'APPROVE')
  expect((await call(tokens.admin!, 'POST', `/folders/${doc.id}/archive`, {})).status).toBe(201)
}
/** A day that began `days` days from now (negative: in the past), an hour into it. */
const day = (days: number) => Date.now() + days * DAY_MS - 60 * 60 * 1000

beforeAll(async () => {
  server = await startTestServer()
  make = fixtures(server)
  account = await make.account()
  project = await make.project(account)
  elsewhere = await make.project(account)
  viewer = await make.user(account)
  await make.grantProject(viewer, project, 'VIEW')
  await make.grantProject(viewer, elsewhere, 'VIEW')
  tokens.viewer = await make.signIn(viewer)
  tokens.admin = await make.signIn(account.admin)

  const type = await make.documentType(account)
  for (const key of ['fresh', 'edited', 'controlled', 'today', 'later', 'archived', 'issued', 'returned', 'approved'])
    docs[key] = await make.document(project, { name: key, type })
  // Planned for in 3 days; nothing ticked yet.
  await dates(docs.fresh!, { plannedIssueDate: day(3) })
  // Edited, waiting for control; planned in 20 days.
  await tick(docs.edited!, 'EDIT')
  await dates(docs.edited!, { plannedIssueDate: day(20) })
  // Edited and controlled, waiting for approval; its planned day was two days ago: overdue.
  await tick(docs.controlled!, 'EDIT', 'CONTROL')
  await dates(docs.controlled!, { plannedIssueDate: day(-2) })
  // Planned for today, which began an hour ago: not overdue yet.
  await dates(docs.today!, { plannedIssueDate: day(0) })
  await dates(docs.later!, { plannedIssueDate: day(45) })
  // Archived, not sent: ready to be sent.
  await archive(docs.archived!)
  // Archived and sent to the customer (its planned day passed, but it is issued: not overdue).
  await archive(docs.issued!)
  await dates(docs.issued!, { plannedIssueDate: day(-5), actualIssueDate: day(-1) })
  await dates(docs.returned!, { actualIssueDate: day(-10), actualReturnDate: day(-3) })
  await dates(docs.approved!, { actualIssueDate: day(-10), actualReturnDate: day(-3), approvedDate: day(-1) })

  // Elsewhere: another project's documents, and another account's, count in none of these boxes.
  const away = await make.document(elsewhere, { type })
  await dates(away, { plannedIssueDate: day(1) })
  await make.document(await make.project(await make.account()), { state: 'ARCHIVED' })

  // The viewer's own marks: two favourites and one document opened here, one of each in the other project.
  for (const doc of [docs.fresh!, docs.archived!, away]) expect((await call(tokens.viewer, 'PUT', `/folders/${doc.id}/favorite`, {})).status).toBe(200)
  for (const doc of [docs.edited!, away]) expect((await call(tokens.viewer, 'GET', `/folders/${doc.id}`)).status).toBe(200)
  // The admin's: two files of the project checked out, one left in, one checked out in the other project.
  for (const [doc, name, checkOut] of [
    [docs.fresh!, 'a.pdf', true],
    [docs.fresh!, 'b.pdf', true],
    [docs.edited!, 'c.pdf', false],
    [away, 'd.pdf', true],
  ] as const) {
    const form = new FormData()
    form.append('file', new Blob([new TextEncoder().encode(name)]), name)
    const file = await server.call('POST', `/api/folders/${doc.id}/files`, form, tokens.admin)
    expect(file.status, JSON.stringify(file.body)).toBe(201)
    if (checkOut) expect((await call(tokens.admin, 'POST', `/folders/${doc.id}/files/lock/${file.body.id}`, {})).status).toBe(201)
  }
})
afterAll(() => server?.close())

describe('the project dashboard’s status boxes', () => {
  test('count the project’s documents by state, control step, planned issue and the customer’s answer', async () => {
    const answer = await boxesOf(tokens.viewer!)
    expect(answer.counted).toBe(true)
    expect(answer.boxes).toEqual({
      totalDocuments: 9,
      inProgress: 7,
      archived: 2,
      forControl: 1,
      forApproval: 1,
      overdue: 1,
      plannedNextWeek: 2,
      planned10Days: 2,
      planned30Days: 3,
      planned60Days: 4,
      readyToBeSent: 1,
      sentToCustomer: 1,
      returnedWithComments: 1,
      approvedByCustomer: 1,
    })
  })

  test('the personal boxes are the caller’s own marks in this project', async () => {
    expect((await boxesOf(tokens.viewer!)).personal).toEqual({ checkedOut: 0, recent: 1, favourite: 2 })
    expect((await boxesOf(tokens.admin!)).personal).toEqual({ checkedOut: 2, recent: 0, favourite: 0 })
    const other = await boxesOf(tokens.viewer!, elsewhere.id)
    expect(other.boxes).toMatchObject({ totalDocuments: 1, inProgress: 1, plannedNextWeek: 1, overdue: 0 })
    expect(other.personal).toEqual({ checkedOut: 0, recent: 1, favourite: 1 })
  })

  test('a box follows the document: control, archive and issue move it along', async () => {
    const before = (await boxesOf(tokens.viewer!)).boxes
    const doc = await make.document(project)
    await tick(doc, 'EDIT')
    expect((await boxesOf(tokens.viewer!)).boxes).toMatchObject({ totalDocuments: before.totalDocuments! + 1, forControl: before.forControl! + 1 })
    await tick(doc, 'CONTROL')
    expect((await boxesOf(tokens.viewer!)).boxes).toMatchObject({ forControl: before.forControl, forApproval: before.forApproval! + 1 })
    await tick(doc, 'APPROVE')
    expect((await call(tokens.admin!, 'POST', `/folders/${doc.id}/archive`, {})).status).toBe(201)
    expect((await boxesOf(tokens.viewer!)).boxes).toMatchObject({ forApproval: before.forApproval, archived: before.archived! + 1, readyToBeSent: before.readyToBeSent! + 1 })
    await dates(doc, { actualIssueDate: day(0) })
    expect((await boxesOf(tokens.viewer!)).boxes).toMatchObject({ readyToBeSent: before.readyToBeSent, sentToCustomer: before.sentToCustomer! + 1 })
    expect((await call(tokens.admin!, 'DELETE', `/folders/${doc.id}`)).status).toBe(200)
  })

  test('a caller without VIEW on the project gets none (403), another account’s project is not found', async () => {
    const stranger = await make.signIn(await make.user(account))
    expect((await call(stranger, 'GET', `/dashboard?projectId=${project.id}`)).status).toBe(403)
    const other = await make.account()
    expect((await call(await make.signIn(other.admin), 'GET', `/dashboard?projectId=${project.id}`)).status).toBe(404)
  })

  test('with the documents module switched off, no document figures: the dashboard shows the boxes as not counted', async () => {
    const globalAdmin = await make.signIn(await make.user(account, 'globalAdmin'))
    const switchDocuments = (enabled: boolean) => call(globalAdmin, 'PUT', `/accounts/${account.id}/modules`, { modules: [{ id: 'document', enabled }] })
    expect((await switchDocuments(false)).status).toBe(200)
    try {
      const answer = await boxesOf(tokens.admin!)
      expect(answer.counted).toBe(false)
      expect(Object.values(answer.boxes).every((n) => n === 0)).toBe(true)
      expect(answer.personal).toEqual({ checkedOut: 0, recent: 0, favourite: 0 })
    } finally {
      expect((await switchDocuments(true)).status).toBe(200)
    }
    expect((await boxesOf(tokens.admin!)).boxes.totalDocuments).toBe(9)
  })
})

describe('a project with thousands of documents', () => {
  test('is counted in SQL: two statements read its documents, whatever their number', async () => {
    const big = await make.project(account)
    const type = await make.documentType(account)
    const at = new Date().toISOString()
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      account_id: account.id,
      project_id: big.id,
      folder_type_id: type.id,
      name: `Sheet ${i}`,
      symbol: `BIG-${big.id}-${i}`,
      search_key: `big-${big.id}-${i} sheet ${i}`,
      state: i % 3 === 0 ? 'ARCHIVED' : 'IN_PROGRESS',
      planned_issue_date: i % 5 === 0 ? day(-3) : day(40),
      created_at: at,
      changed_at: at,
    }))
    await server.knex.batchInsert('folders', rows, 500)
    const ids: number[] = await server.knex('folders').where({ project_id: big.id }).orderBy('id').pluck('id')
    // Every fourth in-progress one is edited and waits for control.
    const edited = ids.filter((_, i) => i % 3 !== 0 && i % 4 === 0)
    await server.knex.batchInsert(
      'folder_controls',
      edited.map((id) => ({ account_id: account.id, folder_id: id, role: 'EDIT', user_id: account.admin.id, done_on: Date.now() })),
      500,
    )

    const statements: string[] = []
    const listen = (query: { sql: string }) => statements.push(query.sql)
    server.knex.on('query', listen)
    let answer: Awaited<ReturnType<typeof boxesOf>>
    try {
      answer = await boxesOf(tokens.admin!, big.id)
    } finally {
      server.knex.off('query', listen)
    }
    const archived = rows.filter((r) => r.state === 'ARCHIVED').length
    const overdue = rows.filter((r) => r.planned_issue_date < Date.now() - DAY_MS).length
    expect(answer.boxes).toMatchObject({ totalDocuments: 3000, archived, inProgress: 3000 - archived, forControl: edited.length, overdue, planned60Days: 3000 - overdue })
    expect(statements.filter((sql) => /\bfolders\b/.test(sql))).toHaveLength(2)
  })
})

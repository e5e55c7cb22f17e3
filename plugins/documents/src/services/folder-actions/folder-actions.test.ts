/**
 * A document's action plan over real HTTP: rows added, listed by planned day, read, changed
 * and deleted, each change in the document's change log; the due day and days overdue
 * reckoned when asked; the responsible someone who reaches the project; VIEW reads, EDIT
 * writes; a row of another document or account is 404; an archived document keeps its
 * plan; a document with action rows is deleted with them. SQLite, or MariaDB with
 * TEST_DATABASE_URL.
 */
import { type DocumentFixture, type Person, type ProjectFixture, type TestServer, fixtures, startTestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DAY_MS } from '../../status-boxes'
import { schedule } from './folder-actions.class'
import { FOLDER_ACTION_MESSAGES, type FolderAction } from './folder-actions.schema'

let server: TestServer
let project: ProjectFixture
let editor: Person
let viewer: Person
let outsider: Person
let disabled: Person
let foreigner: Person
const tokens: Record<string, string> = {}

beforeAll(async () => {
  server = await startTestServer()
  const make = fixtures(server)
  const account = await make.account()
  project = await make.project(account)
  editor = await make.user(account, 'user', { firstName: 'Edith', lastName: 'Editor' })
  await make.grantProject(editor, project, 'EDIT')
  tokens.editor = await make.signIn(editor)
  viewer = await make.user(account, 'user', { firstName: 'Vera', lastName: 'Viewer' })
  await make.grantProject(viewer, project, 'VIEW')
  tokens.viewer = await make.signIn(viewer)
  // A member of the account who holds nothing on the project, and one who did but is disabled.
  outsider = await make.user(account, 'user', { firstName: 'Otto', lastName: 'Outside' })
  await make.grantProject(outsider, await make.project(account), 'ADMINISTER')
  disabled = await make.user(account, 'user', { firstName: 'Dora', lastName: 'Disabled' })
  await make.grantProject(disabled, project, 'EDIT')
  await server.knex('account_users').where({ user_id: disabled.id, account_id: account.id }).update({ enabled: false })
  tokens.admin = await make.signIn(account.admin)
  const other = await make.account()
  foreigner = other.admin
  tokens.stranger = await make.signIn(other.admin)
})
afterAll(() => server?.close())

const call = (method: string, url: string, body?: unknown, token = tokens.editor) => server.call(method, `/api${url}`, body, token)
const add = async (folderId: number, body: Record<string, unknown>) => {
  const answer = await call('POST', `/folders/${folderId}/actions`, body)
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  return answer.body as FolderAction
}
const events = async (folderId: number) =>
  (await call('GET', `/event/folder/${folderId}`)).body.data.map((e: { eventType: string; subject: string }) => `${e.eventType}: ${e.subject}`)

/** A day `days` from today (negative: before), as a browser at UTC would send it: its midnight. */
const day = (days: number) => {
  const today = new Date()
  return Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) + days * DAY_MS
}

describe('due day and days overdue', () => {
  const now = Date.UTC(2026, 10, 25, 9, 30)
  const midnight = Date.UTC(2026, 10, 25)

  test('the planned day plus the weeks; the planned day without weeks; none without a planned day', () => {
    expect(schedule({ plannedOn: midnight, processingWeeks: 2, finalized: false }, now).dueOn).toBe(midnight + 14 * DAY_MS)
    expect(schedule({ plannedOn: midnight, processingWeeks: null, finalized: false }, now).dueOn).toBe(midnight)
    expect(schedule({ plannedOn: midnight, processingWeeks: 0, finalized: false }, now).dueOn).toBe(midnight)
    expect(schedule({ plannedOn: null, processingWeeks: 3, finalized: false }, now)).toEqual({ dueOn: null, daysOverdue: 0 })
  })

  test('whole days since the due day ended: none on the day itself, one the day after; a finalized row is never overdue', () => {
    expect(schedule({ plannedOn: midnight, processingWeeks: null, finalized: false }, now).daysOverdue).toBe(0)
    expect(schedule({ plannedOn: midnight - DAY_MS, processingWeeks: null, finalized: false }, now).daysOverdue).toBe(1)
    // Due at midnight yesterday: over at midnight today, one day past it until tomorrow's.
    expect(schedule({ plannedOn: midnight - DAY_MS, processingWeeks: null, finalized: false }, midnight).daysOverdue).toBe(1)
    expect(schedule({ plannedOn: midnight - DAY_MS, processingWeeks: null, finalized: false }, midnight - 1).daysOverdue).toBe(0)
    expect(schedule({ plannedOn: midnight - 20 * DAY_MS, processingWeeks: 2, finalized: false }, now).daysOverdue).toBe(6)
    expect(schedule({ plannedOn: midnight - 20 * DAY_MS, processingWeeks: 2, finalized: true }, now).daysOverdue).toBe(0)
    expect(schedule({ plannedOn: midnight + 3 * DAY_MS, processingWeeks: null, finalized: false }, now).daysOverdue).toBe(0)
  })
})

describe("a document's action plan", () => {
  let doc: DocumentFixture
  beforeAll(async () => {
    doc = await fixtures(server).document(project)
  })

  test('added, listed by planned day (none last), read, changed and deleted; each change logged once', async () => {
    const first = await call('POST', `/folders/${doc.id}/actions`, {
      description: '  Resubmit the datasheet ',
      plannedOn: day(-20),
      responsibleId: viewer.id,
      notes: ' Raised in review ',
      acceptanceCode: ' B ',
      commentFrom: 'SUPPLIER',
      processingWeeks: 2,
    })
    expect(first.status, JSON.stringify(first.body)).toBe(201)
    expect(first.body).toEqual({
      id: expect.any(Number),
      folderId: doc.id,
      description: 'Resubmit the datasheet',
      plannedOn: day(-20),
      responsibleId: viewer.id,
      responsible: { id: viewer.id, firstName: 'Vera', lastName: 'Viewer' },
      finalized: false,
      notes: 'Raised in review',
      acceptanceCode: 'B',
      commentFrom: 'SUPPLIER',
      processingWeeks: 2,
      dueOn: day(-6),
      daysOverdue: 6,
      createdAt: expect.any(String),
      createdBy: { id: editor.id, firstName: 'Edith', lastName: 'Editor' },
      changedAt: expect.any(String),
      changedBy: { id: editor.id, firstName: 'Edith', lastName: 'Editor' },
    })
    const unplanned = await add(doc.id, { description: 'Agree the test procedure' })
    expect(unplanned).toMatchObject({ plannedOn: null, responsibleId: null, responsible: null, finalized: false, notes: null, acceptanceCode: null, commentFrom: null, processingWeeks: null, dueOn: null, daysOverdue: 0 })
    const earlier = await add(doc.id, { description: 'Order the flanges', plannedOn: day(-30), finalized: true, commentFrom: 'INTERNAL' })
    expect(earlier).toMatchObject({ dueOn: day(-30), daysOverdue: 0, finalized: true })
    const later = await add(doc.id, { description: 'Site check', plannedOn: day(5), processingWeeks: 0 })
    expect(later).toMatchObject({ dueOn: day(5), daysOverdue: 0 })

    const list = await call('GET', `/folders/${doc.id}/actions`, undefined, tokens.viewer)
    expect(list.status).toBe(200)
    expect(list.body.total).toBe(4)
    expect(list.body.data.map((a: FolderAction) => a.description)).toEqual(['Order the flanges', 'Resubmit the datasheet', 'Site check', 'Agree the test procedure'])
    const page = await call('GET', `/folders/${doc.id}/actions?$limit=2&$skip=1`, undefined, tokens.viewer)
    expect(page.body).toMatchObject({ total: 4, limit: 2, skip: 1 })
    expect(page.body.data.map((a: FolderAction) => a.id)).toEqual([first.body.id, later.id])
    expect((await call('GET', `/folders/${doc.id}/actions/${first.body.id}`, undefined, tokens.viewer)).body).toMatchObject({ dueOn: day(-6), daysOverdue: 6 })

    // Finalized: no longer overdue; the description changed too.
    const changed = await call('PUT', `/folders/${doc.id}/actions/${first.body.id}`, {
      description: 'Resubmit the datasheet (rev. B)',
      plannedOn: day(-20),
      responsibleId: viewer.id,
      finalized: true,
      notes: 'Raised in review',
      acceptanceCode: 'B',
      commentFrom: 'SUPPLIER',
      processingWeeks: 2,
    })
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    expect(changed.body).toMatchObject({ id: first.body.id, description: 'Resubmit the datasheet (rev. B)', finalized: true, dueOn: day(-6), daysOverdue: 0 })
    // The same values again change nothing, and log nothing.
    const same = { description: 'Site check', plannedOn: day(5), processingWeeks: 0 }
    expect((await call('PUT', `/folders/${doc.id}/actions/${later.id}`, same)).status).toBe(200)
    // A PUT replaces the row: what it leaves out is none.
    const cleared = await call('PUT', `/folders/${doc.id}/actions/${earlier.id}`, { description: 'Order the flanges' })
    expect(cleared.body).toMatchObject({ plannedOn: null, finalized: false, commentFrom: null, dueOn: null, daysOverdue: 0 })

    const removed = await call('DELETE', `/folders/${doc.id}/actions/${unplanned.id}`)
    expect(removed.status).toBe(200)
    expect(removed.body.description).toBe('Agree the test procedure')
    expect((await call('GET', `/folders/${doc.id}/actions/${unplanned.id}`)).status).toBe(404)
    expect((await call('GET', `/folders/${doc.id}/actions`)).body.data.map((a: FolderAction) => a.id)).toEqual([first.body.id, later.id, earlier.id])

    expect(await events(doc.id)).toEqual([
      'actionDeleted: Agree the test procedure',
      'actionSaved: Order the flanges',
      'actionSaved: Resubmit the datasheet → Resubmit the datasheet (rev. B)',
      'actionAdded: Site check',
      'actionAdded: Order the flanges',
      'actionAdded: Agree the test procedure',
      'actionAdded: Resubmit the datasheet',
    ])
  })

  test('bad input is 400 naming the field; nothing is stored', async () => {
    const other = await fixtures(server).document(project)
    const refused: [unknown, Record<string, string>][] = [
      [{}, { description: 'This field is required' }],
      [{ description: '   ' }, { description: 'This field is required' }],
      [{ description: 'x'.repeat(501) }, { description: 'The maximum number of characters is 500' }],
      [{ description: 'Line\nbreak' }, { description: 'Please do not use control or invisible characters' }],
      [{ description: 'Notes', notes: 'n'.repeat(2001) }, { notes: 'The maximum number of characters is 2000' }],
      [{ description: 'Code', acceptanceCode: 'c'.repeat(41) }, { acceptanceCode: 'The maximum number of characters is 40' }],
      [{ description: 'From', commentFrom: 'CUSTOMER' }, { commentFrom: 'Must be one of COMPANY, SUPPLIER, INTERNAL' }],
      [{ description: 'Weeks', processingWeeks: 521 }, { processingWeeks: 'Can be maximum 520' }],
      [{ description: 'Weeks', processingWeeks: -1 }, { processingWeeks: 'Needs to be at least 0' }],
      [{ description: 'Weeks', processingWeeks: 1.5 }, { processingWeeks: 'Only valid numbers (no comma)' }],
      [{ description: 'Day', plannedOn: Date.UTC(1899, 11, 31) }, { plannedOn: 'Enter a date between the years 1900 and 2199' }],
      [{ description: 'Day', plannedOn: 'tomorrow' }, { plannedOn: 'Only valid numbers (no comma)' }],
      [{ description: 'Done', finalized: 'yes' }, { finalized: expect.any(String) }],
      [{ description: 'Who', responsibleId: 0 }, { responsibleId: 'Needs to be at least 1' }],
      [{ description: 'Extra', folderId: 1 }, { folderId: 'Unknown field' }],
    ]
    for (const [body, errors] of refused) {
      const answer = await call('POST', `/folders/${other.id}/actions`, body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.errors, JSON.stringify(body)).toEqual(errors)
    }
    expect((await call('GET', `/folders/${other.id}/actions`)).body.total).toBe(0)
  })

  test('the responsible must reach the project and be enabled; a row keeps the one it has', async () => {
    const other = await fixtures(server).document(project)
    for (const who of [outsider, disabled, foreigner, { id: 987654321 }]) {
      const answer = await call('POST', `/folders/${other.id}/actions`, { description: 'Who', responsibleId: who.id })
      expect(answer.status, String(who.id)).toBe(400)
      expect(answer.body.errors).toEqual({ responsibleId: FOLDER_ACTION_MESSAGES.responsible })
    }
    expect((await call('GET', `/folders/${other.id}/actions`)).body.total).toBe(0)
    // The account admin reaches every project; the editor reaches this one.
    const row = await add(other.id, { description: 'Who', responsibleId: editor.id })
    expect((await call('PUT', `/folders/${other.id}/actions/${row.id}`, { description: 'Who', responsibleId: outsider.id })).body.errors).toEqual({
      responsibleId: FOLDER_ACTION_MESSAGES.responsible,
    })
    const admin = await fixtures(server).user({ id: project.accountId }, 'accountAdmin')
    expect((await call('PUT', `/folders/${other.id}/actions/${row.id}`, { description: 'Who', responsibleId: admin.id })).status).toBe(200)
    // Someone who has left the project since stays responsible while the rest changes.
    const leaving = await fixtures(server).user({ id: project.accountId })
    await fixtures(server).grantProject(leaving, project, 'VIEW')
    const kept = await add(other.id, { description: 'Kept', responsibleId: leaving.id })
    await server.knex('privileges').where({ user_id: leaving.id, resource: 'PROJECT', resource_id: project.id }).delete()
    const saved = await call('PUT', `/folders/${other.id}/actions/${kept.id}`, { description: 'Kept', responsibleId: leaving.id, finalized: true })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body).toMatchObject({ responsibleId: leaving.id, finalized: true })
  })

  test('VIEW reads and changes nothing; a row of another document or account is 404 and stays', async () => {
    const mine = await fixtures(server).document(project)
    const elsewhere = await fixtures(server).document(project)
    const row = await add(mine.id, { description: 'Kept' })
    expect((await call('POST', `/folders/${mine.id}/actions`, { description: 'Viewer' }, tokens.viewer)).status).toBe(403)
    expect((await call('PUT', `/folders/${mine.id}/actions/${row.id}`, { description: 'Viewer' }, tokens.viewer)).status).toBe(403)
    expect((await call('DELETE', `/folders/${mine.id}/actions/${row.id}`, undefined, tokens.viewer)).status).toBe(403)
    expect((await call('GET', `/folders/${mine.id}/actions/${row.id}`, undefined, tokens.viewer)).status).toBe(200)

    // Through another document of the same project: not found, not changed.
    expect((await call('GET', `/folders/${elsewhere.id}/actions/${row.id}`)).status).toBe(404)
    expect((await call('PUT', `/folders/${elsewhere.id}/actions/${row.id}`, { description: 'Moved' })).status).toBe(404)
    expect((await call('DELETE', `/folders/${elsewhere.id}/actions/${row.id}`)).status).toBe(404)
    // Another account's admin: the document itself is not found.
    for (const [method, path, body] of [
      ['GET', `/folders/${mine.id}/actions`, undefined],
      ['GET', `/folders/${mine.id}/actions/${row.id}`, undefined],
      ['POST', `/folders/${mine.id}/actions`, { description: 'Theirs' }],
      ['PUT', `/folders/${mine.id}/actions/${row.id}`, { description: 'Theirs' }],
      ['DELETE', `/folders/${mine.id}/actions/${row.id}`, undefined],
    ] as const)
      expect((await call(method, path, body, tokens.stranger)).status, `${method} ${path}`).toBe(404)
    expect((await call('GET', `/folders/${mine.id}/actions`)).body.data).toEqual([expect.objectContaining({ id: row.id, description: 'Kept' })])
    expect((await call('GET', `/folders/${mine.id}/actions/abc`)).status).toBe(404)
  })

  test('an archived document keeps its plan: it is read, not added to, changed or deleted', async () => {
    const archived = await fixtures(server).document(project)
    const row = await add(archived.id, { description: 'Before archiving' })
    await server.knex('folders').where({ id: archived.id }).update({ state: 'ARCHIVED' })
    for (const [method, path, body] of [
      ['POST', `/folders/${archived.id}/actions`, { description: 'After' }],
      ['PUT', `/folders/${archived.id}/actions/${row.id}`, { description: 'After' }],
      ['DELETE', `/folders/${archived.id}/actions/${row.id}`, undefined],
    ] as const) {
      const answer = await call(method, path, body)
      expect(answer.status, `${method} ${path}`).toBe(409)
      expect(answer.body.message).toBe(FOLDER_ACTION_MESSAGES.archived)
    }
    expect((await call('GET', `/folders/${archived.id}/actions`)).body.data.map((a: FolderAction) => a.description)).toEqual(['Before archiving'])
  })

  test('a document with action rows is deleted with them (the spec names no reason to keep it)', async () => {
    const gone = await fixtures(server).document(project)
    await add(gone.id, { description: 'Goes with it', responsibleId: editor.id })
    const removed = await call('DELETE', `/folders/${gone.id}`)
    expect(removed.status, JSON.stringify(removed.body)).toBe(200)
    expect(await server.knex('folder_actions').where({ folder_id: gone.id }).count({ n: '*' })).toEqual([{ n: 0 }])
  })
})

/**
 * A checklist's exports over real HTTP: a viewer of its project downloads it as a workbook
 * and as a PDF, named after the checklist (RFC 6266); the workbook holds its facts, its items
 * in order (tick, who and which day, responsible person, due date, overdue) and its
 * sub-checklists; the days an item was ticked are the viewer's (timeZone), its due date the
 * same day anywhere; the texts follow the caller's language; another account's admin gets
 * 404, a member without access to the project 403, an unknown format 404 and a query but
 * timeZone 400. SQLite, or MariaDB with TEST_DATABASE_URL.
 */
import { type AccountFixture, type Person, type ProjectFixture, type TestServer, fixtures, startTestServer } from '@app/testing'
import ExcelJS from 'exceljs'
import { PDFDocument } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { checklistExportUrls } from './checklist-export.shared'

let server: TestServer
let account: AccountFixture
let project: ProjectFixture
let editor: Person
let viewer: Person
const tokens: Record<string, string> = {}

const TITLE = 'Kontrola łożysk / Hala 2'
const DUE_LATER = Date.UTC(2030, 0, 15)
const DUE_PAST = Date.UTC(2020, 0, 1)
/** Late on 9 March in UTC, already 10 March in Helsinki. */
const TICKED_AT = '2024-03-09T23:30:00.000Z'

let checklistId: number

beforeAll(async () => {
  server = await startTestServer()
  const make = fixtures(server)
  const team = await make.projectTeam({ editor: { firstName: 'Edith', lastName: 'Editor' }, viewer: { firstName: 'Vic', lastName: 'Viewer' } })
  ;({ account, project, editor, viewer } = team)
  Object.assign(tokens, team.tokens)
  tokens.noAccess = await make.signIn(await make.user(account))

  const made = await call('POST', '/checklists', { parentId: project.id, title: TITLE, description: 'Sprawdzić wszystkie łożyska', status: 'IN_PROGRESS' })
  expect(made.status, JSON.stringify(made.body)).toBe(201)
  checklistId = made.body.id
  expect((await call('PUT', `/checklists/${checklistId}/responsible-user?responsibleUserId=${editor.id}`, {}, tokens.editor)).status).toBe(200)
  await addItem(checklistId, 'Check the fire doors', { responsibleUserId: viewer.id, dueDate: DUE_LATER })
  await addItem(checklistId, 'Grease the bearings', { dueDate: DUE_PAST })
  const third = await addItem(checklistId, 'Sign the log', { responsibleUserId: editor.id, dueDate: DUE_PAST })
  // The first and the third ticked (the third though past its due date: done, so not overdue).
  const [first, , last] = third.checklistItems
  for (const item of [first!, last!]) expect((await call('PATCH', `/checklists/${checklistId}/items/${item.id}`, { done: true }, tokens.editor)).status).toBe(200)
  await server.knex('checklist_items').where({ id: first!.id }).update({ done_at: TICKED_AT })

  const child = await call('POST', '/checklists', { parentId: project.id, title: 'Hall 2, roof', description: 'The roof part', parentChecklistId: checklistId })
  expect(child.status, JSON.stringify(child.body)).toBe(201)
  await addItem(child.body.id, 'Gutters', { dueDate: DUE_PAST })
  await addItem(child.body.id, 'Skylights')
  const second = await call('POST', '/checklists', { parentId: project.id, title: 'Hall 2, floor', description: 'The floor part', parentChecklistId: checklistId, status: 'COMPLETE' })
  expect(second.status, JSON.stringify(second.body)).toBe(201)
})
afterAll(() => server?.close())

type Answer = { status: number; body: any }
function call(method: string, url: string, body?: unknown, token = tokens.admin): Promise<Answer> {
  return server.call(method, `/api${url}`, body, token)
}
async function addItem(id: number, name: string, extra: Record<string, unknown> = {}) {
  const answer = await call('POST', `/checklists/${id}/items`, { name, ...extra }, tokens.editor)
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  return answer.body as { checklistItems: { id: number; name: string }[] }
}
const download = (url: string, token = tokens.viewer) => fetch(`${server.url}/api${url}`, { headers: { authorization: `Bearer ${token}` } })
const workbookOf = async (response: Response) => {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as never)
  return workbook
}
const rowValues = (sheet: ExcelJS.Worksheet, row: number) => (sheet.getRow(row).values as unknown[]).slice(1)
const day = (year: number, month: number, date: number) => new Date(Date.UTC(year, month - 1, date))

describe("a checklist's exports", () => {
  test('a viewer downloads the workbook: the facts, the items in order with their ticks, people and days, the sub-checklists', async () => {
    const response = await download(checklistExportUrls(checklistId, 'Europe/Helsinki').excel)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    // The title's slash is no file name's; RFC 6266: an ASCII name, then the UTF-8 one.
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Kontrola _o_ysk _ Hala 2.xlsx"; filename*=UTF-8''${encodeURIComponent('Kontrola łożysk _ Hala 2.xlsx')}`,
    )
    const workbook = await workbookOf(response)
    const [sheet, children] = workbook.worksheets
    expect(sheet!.name).toBe('Checklist')
    expect(sheet!.getCell('A1').value).toBe(TITLE)
    expect(sheet!.getRow(1).font?.bold).toBe(true)
    expect([2, 3, 4, 5, 6].map((row) => rowValues(sheet!, row))).toEqual([
      ['Status', 'In progress'],
      ['Description', 'Sprawdzić wszystkie łożyska'],
      ['Responsible person', 'Edith Editor'],
      ['Progress', '2 of 3 done'],
      ['Overdue', '1'],
    ])
    expect(rowValues(sheet!, 8)).toEqual(['No.', 'Item', 'Done', 'Done by', 'Done on', 'Responsible person', 'Due date', 'Overdue'])
    expect(sheet!.getRow(8).font?.bold).toBe(true)
    // Ticked late on 9 March UTC: 10 March in Helsinki. Due dates are their own day anywhere.
    expect(rowValues(sheet!, 9)).toEqual([1, 'Check the fire doors', '✓', 'Edith Editor', day(2024, 3, 10), 'Vic Viewer', day(2030, 1, 15)])
    expect(rowValues(sheet!, 10)).toEqual([2, 'Grease the bearings', undefined, undefined, undefined, undefined, day(2020, 1, 1), 'Overdue'])
    const doneAt = rowValues(sheet!, 11)[4]
    expect(rowValues(sheet!, 11)).toEqual([3, 'Sign the log', '✓', 'Edith Editor', doneAt, 'Edith Editor', day(2020, 1, 1)])
    expect(doneAt).toBeInstanceOf(Date)
    expect(sheet!.getCell('E9').numFmt).toBe('dd.mm.yyyy')
    // The overdue mark stands out; an empty cell has nothing to mark.
    expect(sheet!.getCell('H10').font).toMatchObject({ bold: true, color: { argb: 'FFB00020' } })
    expect(sheet!.getCell('H9').font?.color).toBeUndefined()
    expect(sheet!.rowCount).toBe(11)

    expect(children!.name).toBe('Sub-checklists')
    expect(rowValues(children!, 1)).toEqual(['No.', 'Title', 'Status', 'Progress', 'Overdue'])
    expect(rowValues(children!, 2)).toEqual([1, 'Hall 2, roof', 'Open', '0 of 2 done', 1])
    expect(rowValues(children!, 3)).toEqual([2, 'Hall 2, floor', 'Complete', '0 of 0 done', 0])
    expect(children!.rowCount).toBe(3)
  })

  test('without a time zone the days are UTC; a due date stays its day in any zone', async () => {
    const utc = (await workbookOf(await download(checklistExportUrls(checklistId).excel))).worksheets[0]!
    expect(rowValues(utc, 9)[4]).toEqual(day(2024, 3, 9))
    expect(rowValues(utc, 9)[6]).toEqual(day(2030, 1, 15))
    const newYork = (await workbookOf(await download(checklistExportUrls(checklistId, 'America/New_York').excel))).worksheets[0]!
    expect(rowValues(newYork, 9)[4]).toEqual(day(2024, 3, 9))
    expect(rowValues(newYork, 9)[6]).toEqual(day(2030, 1, 15))
  })

  test('a viewer downloads the PDF: a PDF named after the checklist, titled with it, its letters in an embedded font', async () => {
    const response = await download(checklistExportUrls(checklistId, 'Europe/Helsinki').pdf)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/pdf')
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Kontrola _o_ysk _ Hala 2.pdf"; filename*=UTF-8''${encodeURIComponent('Kontrola łożysk _ Hala 2.pdf')}`,
    )
    const bytes = Buffer.from(await response.arrayBuffer())
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    expect(bytes.subarray(-6).toString('latin1')).toContain('%%EOF')
    const pdf = await PDFDocument.load(bytes)
    expect(pdf.getTitle()).toBe(TITLE)
    expect(pdf.getPageCount()).toBe(1)
    expect(bytes.toString('latin1')).toContain('DejaVuSans')
    expect(bytes.length).toBeGreaterThan(5_000)
  })

  test('a long checklist runs over pages; an empty one exports its facts', async () => {
    const long = await call('POST', '/checklists', { parentId: project.id, title: 'Long list', description: 'Many items' })
    expect(long.status).toBe(201)
    await server.knex.batchInsert(
      'checklist_items',
      Array.from({ length: 150 }, (_, i) => ({
        account_id: account.id,
        checklist_id: long.body.id,
        name: `Item ${i + 1}`,
        sort_order: i + 1,
        done: i % 2 === 0,
        created_at: new Date().toISOString(),
        created_by: account.admin.id,
      })),
      50,
    )
    const pdf = await PDFDocument.load(Buffer.from(await (await download(checklistExportUrls(long.body.id).pdf)).arrayBuffer()))
    expect(pdf.getPageCount()).toBeGreaterThan(1)
    const sheet = (await workbookOf(await download(checklistExportUrls(long.body.id).excel))).worksheets[0]!
    expect(sheet.rowCount).toBe(8 + 150)
    expect(sheet.getColumn(2).values.slice(9)).toEqual(Array.from({ length: 150 }, (_, i) => `Item ${i + 1}`))
    expect(rowValues(sheet, 5)).toEqual(['Progress', '75 of 150 done'])

    const empty = await call('POST', '/checklists', { parentId: project.id, title: 'Nothing yet', description: 'No items' })
    const emptySheet = (await workbookOf(await download(checklistExportUrls(empty.body.id).excel))).worksheets[0]!
    expect(emptySheet.rowCount).toBe(8)
    expect(rowValues(emptySheet, 5)).toEqual(['Progress', '0 of 0 done'])
    const emptyPdf = Buffer.from(await (await download(checklistExportUrls(empty.body.id).pdf)).arrayBuffer())
    expect(emptyPdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
  })

  test('another account gets 404, a member without access 403, an unknown format 404, another query 400', async () => {
    const urls = checklistExportUrls(checklistId)
    for (const url of [urls.excel, urls.pdf]) {
      expect((await download(url, tokens.stranger)).status, url).toBe(404)
      const refused = await download(url, tokens.noAccess)
      expect(refused.status, url).toBe(403)
      expect((await refused.json()).message).toBe('This needs VIEW access to the project')
      expect((await download(`${url}?format=csv`)).status, url).toBe(400)
      expect((await download(`${url}?timeZone=${encodeURIComponent('Not a zone!')}`)).status, url).toBe(400)
      // An unknown zone name of the right form is read as UTC, as the other exports do.
      expect((await download(`${url}?timeZone=Mars/Olympus`)).status, url).toBe(200)
    }
    expect((await download(`/checklists/${checklistId}/export.csv`)).status).toBe(404)
    expect((await download('/checklists/999999999/export.xlsx')).status).toBe(404)
    expect((await download(`/checklists/${checklistId}/export.xlsx`, tokens.editor)).status).toBe(200)
    expect((await fetch(`${server.url}/api/checklists/${checklistId}/export.pdf`)).status).toBe(401)
  })

  test('the texts follow the caller’s language', async () => {
    expect((await call('POST', `/accountusers/${viewer.id}/language/FINNISH`, {}, tokens.viewer)).status).toBe(201)
    try {
      const response = await download(checklistExportUrls(checklistId).excel)
      // The file keeps the checklist's name.
      expect(response.headers.get('content-disposition')).toContain('filename="Kontrola _o_ysk _ Hala 2.xlsx"')
      const [sheet, children] = (await workbookOf(response)).worksheets
      expect(sheet!.name).toBe('Tarkistuslista')
      expect(rowValues(sheet!, 2)).toEqual(['Tila', 'Käynnissä'])
      expect(rowValues(sheet!, 5)).toEqual(['Edistyminen', '2/3 tehty'])
      expect(rowValues(sheet!, 8)).toEqual(['Nro', 'Kohta', 'Tehty', 'Tekijä', 'Tehty pvm', 'Vastuuhenkilö', 'Määräpäivä', 'Myöhässä'])
      expect(rowValues(sheet!, 10)[7]).toBe('Myöhässä')
      expect(children!.name).toBe('Alalistat')
      expect((await download(checklistExportUrls(checklistId).pdf)).status).toBe(200)
    } finally {
      await call('POST', `/accountusers/${viewer.id}/language/ENGLISH`, {}, tokens.viewer)
    }
  })
})

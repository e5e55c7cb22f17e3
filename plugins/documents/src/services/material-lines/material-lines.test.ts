/**
 * A document's material list over real HTTP: lines added (last), listed in their order,
 * read, changed and deleted, each change in the document's change log; the name required
 * and the numbers not negative, each refusal naming its field; VIEW reads, EDIT writes,
 * DOWNLOAD exports; a line of another document or account is 404; an archived document
 * keeps its list; a document with lines is not deleted; the list as an Excel workbook and
 * a PDF, headed by the document's number and title, in the caller's language.
 * SQLite, or MariaDB with TEST_DATABASE_URL.
 */
import { type DocumentFixture, type Person, type ProjectFixture, type TestServer, fixtures, startTestServer } from '@app/testing'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { MATERIAL_LINE_MESSAGES } from './material-lines.schema'

let server: TestServer
let project: ProjectFixture
let downloader: Person
const tokens: Record<string, string> = {}

beforeAll(async () => {
  server = await startTestServer()
  const make = fixtures(server)
  const team = await make.projectTeam({ editor: { firstName: 'Edith', lastName: 'Editor' } })
  project = team.project
  Object.assign(tokens, team.tokens)
  downloader = await make.user(team.account)
  await make.grantProject(downloader, project, 'DOWNLOAD')
  tokens.downloader = await make.signIn(downloader)
})
afterAll(() => server?.close())

const call = (method: string, url: string, body?: unknown, token = tokens.editor) => server.call(method, `/api${url}`, body, token)
const lines = (folderId: number) => `/folders/${folderId}/material-lines`
const add = async (folderId: number, body: Record<string, unknown>) => {
  const answer = await call('POST', lines(folderId), body)
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  return answer.body as { id: number; name: string; position: number }
}
const names = async (folderId: number) => (await call('GET', `${lines(folderId)}?$limit=500`)).body.data.map((line: { name: string }) => line.name)
const events = async (folderId: number) =>
  (await call('GET', `/event/folder/${folderId}`)).body.data.map((e: { eventType: string; subject: string }) => `${e.eventType}: ${e.subject}`)
const download = (url: string, token = tokens.downloader) => fetch(`${server.url}/api${url}`, { headers: { authorization: `Bearer ${token}` } })
const sheetOf = async (response: Response) => {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as never)
  return workbook.worksheets[0]!
}
const rowValues = (sheet: ExcelJS.Worksheet, row: number) => (sheet.getRow(row).values as unknown[]).slice(1)

const BEARING = {
  level: 1,
  item: '1.1',
  quantity: 4,
  partNumber: 'SKF-6204-2RS',
  number: '100-042',
  name: 'Ball bearing',
  description: 'Deep groove, sealed both sides',
  material: 'Steel',
  unit: 'pcs',
  weight: 0.11,
  notes: 'Two spares on site',
}

describe("a document's material list", () => {
  let doc: DocumentFixture
  beforeAll(async () => {
    doc = await fixtures(server).document(project)
  })

  test('lines are added last, listed in their order, read, changed and deleted; each change logged once', async () => {
    const frame = await add(doc.id, { level: 0, item: '1', quantity: 1, name: 'Pump assembly', unit: 'pcs', weight: 42.5 })
    const bearing = await call('POST', lines(doc.id), BEARING)
    expect(bearing.status, JSON.stringify(bearing.body)).toBe(201)
    expect(bearing.body).toMatchObject({ ...BEARING, folderId: doc.id, createdBy: { firstName: 'Edith', lastName: 'Editor' }, changedBy: { firstName: 'Edith', lastName: 'Editor' } })
    // Only a name: level 0, quantity 1, everything else none; texts trimmed, a blank one none.
    const bare = await call('POST', lines(doc.id), { name: '  Seal kit ', item: '   ', notes: '' })
    expect(bare.status, JSON.stringify(bare.body)).toBe(201)
    expect(bare.body).toMatchObject({ level: 0, quantity: 1, name: 'Seal kit', item: null, partNumber: null, number: null, description: null, material: null, unit: null, weight: null, notes: null })
    expect([frame.position, bearing.body.position, bare.body.position]).toEqual([1, 2, 3])

    const list = await call('GET', lines(doc.id), undefined, tokens.viewer)
    expect(list.status).toBe(200)
    expect(list.body).toMatchObject({ total: 3, limit: 50, skip: 0 })
    expect(list.body.data.map((l: { name: string }) => l.name)).toEqual(['Pump assembly', 'Ball bearing', 'Seal kit'])
    const page = await call('GET', `${lines(doc.id)}?$limit=1&$skip=1`, undefined, tokens.viewer)
    expect(page.body.data.map((l: { name: string }) => l.name)).toEqual(['Ball bearing'])
    expect((await call('GET', `${lines(doc.id)}/${bearing.body.id}`, undefined, tokens.viewer)).body).toMatchObject(BEARING)

    // A change keeps the line in its place; decimals keep three places.
    const changed = await call('PUT', `${lines(doc.id)}/${bearing.body.id}`, { ...BEARING, name: 'Ball bearing 6204', quantity: 2.12345, weight: null })
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    expect(changed.body).toMatchObject({ id: bearing.body.id, position: 2, name: 'Ball bearing 6204', quantity: 2.123, weight: null })
    // The same values again change nothing, and log nothing.
    expect((await call('PUT', `${lines(doc.id)}/${bearing.body.id}`, { ...BEARING, name: 'Ball bearing 6204', quantity: 2.123, weight: null })).status).toBe(200)

    const removed = await call('DELETE', `${lines(doc.id)}/${frame.id}`)
    expect(removed.status).toBe(200)
    expect(removed.body.name).toBe('Pump assembly')
    expect((await call('GET', `${lines(doc.id)}/${frame.id}`)).status).toBe(404)
    expect(await names(doc.id)).toEqual(['Ball bearing 6204', 'Seal kit'])
    // A new line still goes last.
    expect((await add(doc.id, { name: 'Coupling' })).position).toBe(4)

    expect(await events(doc.id)).toEqual([
      'materialLineAdded: Coupling',
      'materialLineDeleted: Pump assembly',
      'materialLineSaved: Ball bearing → Ball bearing 6204',
      'materialLineAdded: Seal kit',
      'materialLineAdded: Ball bearing',
      'materialLineAdded: Pump assembly',
    ])
  })

  test('the name is required and the numbers are not negative: each refusal names its field, and nothing is stored', async () => {
    const other = await fixtures(server).document(project)
    const refused: [unknown, Record<string, string>][] = [
      [{}, { name: 'This field is required' }],
      [{ name: '   ' }, { name: 'This field is required' }],
      [{ name: 'x'.repeat(201) }, { name: 'The maximum number of characters is 200' }],
      [{ name: 'Line\nbreak' }, { name: 'Please do not use control or invisible characters' }],
      [{ name: 'Level', level: -1 }, { level: 'Needs to be at least 0' }],
      [{ name: 'Level', level: 21 }, { level: 'Can be maximum 20' }],
      [{ name: 'Level', level: 1.5 }, { level: 'Only valid numbers (no comma)' }],
      [{ name: 'Quantity', quantity: -0.5 }, { quantity: 'Needs to be at least 0' }],
      [{ name: 'Quantity', quantity: '2' }, { quantity: 'Invalid number, please use . for decimals' }],
      [{ name: 'Quantity', quantity: 1e12 }, { quantity: 'Can be maximum 999999999' }],
      [{ name: 'Weight', weight: -1 }, { weight: 'Needs to be at least 0' }],
      [{ name: 'Item', item: 'x'.repeat(41) }, { item: 'The maximum number of characters is 40' }],
      [{ name: 'Unit', unit: 'x'.repeat(21) }, { unit: 'The maximum number of characters is 20' }],
      [{ name: 'Notes', notes: 'x'.repeat(1001) }, { notes: 'The maximum number of characters is 1000' }],
      [{ name: 'Extra', folderId: 1 }, { folderId: 'Unknown field' }],
      [{ name: 'Extra', position: 1 }, { position: 'Unknown field' }],
    ]
    for (const [body, errors] of refused) {
      const answer = await call('POST', lines(other.id), body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.errors, JSON.stringify(body)).toEqual(errors)
    }
    const line = await add(other.id, { name: 'Fine', quantity: 0, weight: 0 })
    const bad = await call('PUT', `${lines(other.id)}/${line.id}`, { name: 'Fine', quantity: -3 })
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toEqual({ quantity: 'Needs to be at least 0' })
    expect((await call('GET', `${lines(other.id)}?$limit=500`)).body.data).toEqual([expect.objectContaining({ name: 'Fine', quantity: 0, weight: 0 })])
    expect((await call('GET', `${lines(other.id)}?$limit=501`)).status).toBe(400)
  })

  test('VIEW reads and changes nothing; a line of another document or account is 404 and stays', async () => {
    const mine = await fixtures(server).document(project)
    const elsewhere = await fixtures(server).document(project)
    const line = await add(mine.id, { name: 'Kept' })
    for (const token of [tokens.viewer, tokens.downloader]) {
      expect((await call('POST', lines(mine.id), { name: 'Viewer' }, token)).status).toBe(403)
      expect((await call('PUT', `${lines(mine.id)}/${line.id}`, { name: 'Viewer' }, token)).status).toBe(403)
      expect((await call('DELETE', `${lines(mine.id)}/${line.id}`, undefined, token)).status).toBe(403)
    }

    // Through another document of the same project: not found, not changed.
    expect((await call('GET', `${lines(elsewhere.id)}/${line.id}`)).status).toBe(404)
    expect((await call('PUT', `${lines(elsewhere.id)}/${line.id}`, { name: 'Moved' })).status).toBe(404)
    expect((await call('DELETE', `${lines(elsewhere.id)}/${line.id}`)).status).toBe(404)
    // Another account's admin: the document itself is not found.
    for (const [method, path, body] of [
      ['GET', lines(mine.id), undefined],
      ['GET', `${lines(mine.id)}/${line.id}`, undefined],
      ['POST', lines(mine.id), { name: 'Theirs' }],
      ['PUT', `${lines(mine.id)}/${line.id}`, { name: 'Theirs' }],
      ['DELETE', `${lines(mine.id)}/${line.id}`, undefined],
      ['GET', `${lines(mine.id)}/export.xlsx`, undefined],
      ['GET', `${lines(mine.id)}/export.pdf`, undefined],
    ] as const)
      expect((await call(method, path, body, tokens.stranger)).status, `${method} ${path}`).toBe(404)
    expect(await names(mine.id)).toEqual(['Kept'])
    expect((await call('GET', `${lines(mine.id)}/abc`)).status).toBe(404)
  })

  test('an archived document keeps its list: it is read and exported, not added to, changed or deleted', async () => {
    const archived = await fixtures(server).document(project)
    const line = await add(archived.id, { name: 'Before archiving' })
    await server.knex('folders').where({ id: archived.id }).update({ state: 'ARCHIVED' })
    for (const [method, path, body] of [
      ['POST', lines(archived.id), { name: 'After' }],
      ['PUT', `${lines(archived.id)}/${line.id}`, { name: 'After' }],
      ['DELETE', `${lines(archived.id)}/${line.id}`, undefined],
    ] as const) {
      const answer = await call(method, path, body)
      expect(answer.status, `${method} ${path}`).toBe(409)
      expect(answer.body.message).toBe(MATERIAL_LINE_MESSAGES.archived)
    }
    expect(await names(archived.id)).toEqual(['Before archiving'])
    expect((await download(`${lines(archived.id)}/export.xlsx`)).status).toBe(200)
  })

  test('a document with material lines is not deleted, naming them in order; without them it is', async () => {
    const kept = await fixtures(server).document(project)
    const first = await add(kept.id, { name: 'Valve body' })
    await add(kept.id, { name: 'Actuator' })
    const refused = await call('DELETE', `/folders/${kept.id}`)
    expect(refused.status).toBe(409)
    expect(refused.body.data.blocks).toEqual([
      { reason: 'has material', item: 'Valve body' },
      { reason: 'has material', item: 'Actuator' },
    ])
    expect((await call('DELETE', `${lines(kept.id)}/${first.id}`)).status).toBe(200)
    expect((await call('DELETE', `/folders/${kept.id}`)).body.data.blocks).toEqual([{ reason: 'has material', item: 'Actuator' }])
    const [rest] = (await call('GET', lines(kept.id))).body.data
    expect((await call('DELETE', `${lines(kept.id)}/${rest.id}`)).status).toBe(200)
    expect((await call('DELETE', `/folders/${kept.id}`)).status).toBe(200)
  })
})

describe('the exports', () => {
  let doc: DocumentFixture
  beforeAll(async () => {
    doc = await fixtures(server).document(project, { symbol: 'PMP-100/A', name: 'Pump skid' })
    await add(doc.id, { level: 0, item: '1', quantity: 1, partNumber: 'PS-1', number: '100', name: 'Pump skid', unit: 'pcs', weight: 420.25 })
    await add(doc.id, BEARING)
    await add(doc.id, { level: 1, item: '1.2', quantity: 2.5, name: 'Łożysko ślizgowe', material: 'Brąz', unit: 'm' })
  })

  test('need DOWNLOAD: VIEW is refused, DOWNLOAD and EDIT get the file', async () => {
    for (const format of ['xlsx', 'pdf']) {
      const refused = await download(`${lines(doc.id)}/export.${format}`, tokens.viewer)
      expect(refused.status).toBe(403)
      expect((await refused.json()).message).toBe('This needs DOWNLOAD access to the project')
      for (const token of [tokens.downloader, tokens.editor]) expect((await download(`${lines(doc.id)}/export.${format}`, token)).status).toBe(200)
    }
    expect((await download(`${lines(doc.id)}/export.xlsx?nope=1`)).status).toBe(400)
  })

  test('the workbook: the number and title above the list, the headers, then each line in order with numbers as numbers', async () => {
    const response = await download(`${lines(doc.id)}/export.xlsx`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    // The number's slash is no file name's: RFC 6266, an ASCII name and the UTF-8 one.
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="PMP-100_A Material list.xlsx"; filename*=UTF-8''PMP-100_A%20Material%20list.xlsx`)
    const sheet = await sheetOf(response)
    expect(sheet.name).toBe('Material list')
    expect(sheet.getCell('A1').value).toBe('PMP-100/A Pump skid')
    expect(sheet.getCell('A2').value).toBe('Material list')
    expect(rowValues(sheet, 4)).toEqual(['Level', 'Item', 'Quantity', 'Part number', 'Number', 'Name', 'Description', 'Material', 'Unit', 'Weight (kg)', 'Notes'])
    expect(sheet.getRow(4).font?.bold).toBe(true)
    expect(rowValues(sheet, 5)).toEqual([0, '1', 1, 'PS-1', '100', 'Pump skid', undefined, undefined, 'pcs', 420.25])
    expect(rowValues(sheet, 6)).toEqual([1, '1.1', 4, 'SKF-6204-2RS', '100-042', 'Ball bearing', 'Deep groove, sealed both sides', 'Steel', 'pcs', 0.11, 'Two spares on site'])
    expect(rowValues(sheet, 7)).toEqual([1, '1.2', 2.5, undefined, undefined, 'Łożysko ślizgowe', undefined, 'Brąz', 'm'])
    expect(sheet.getCell('C7').type).toBe(ExcelJS.ValueType.Number)
    expect(sheet.rowCount).toBe(7)
  })

  test('the PDF: a PDF file named from the number, one page for a short list, more for a long one', async () => {
    const response = await download(`${lines(doc.id)}/export.pdf`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/pdf')
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="PMP-100_A Material list.pdf"; filename*=UTF-8''PMP-100_A%20Material%20list.pdf`)
    const bytes = Buffer.from(await response.arrayBuffer())
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    expect(bytes.subarray(-6).toString('latin1')).toContain('%%EOF')
    const pages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0
    expect(pages(bytes)).toBe(1)
    // The embedded font (only the glyphs used), so Polish letters print.
    expect(bytes.toString('latin1')).toContain('DejaVuSans')

    const long = await fixtures(server).document(project, { symbol: null, name: 'Long list' })
    // More than one batch of the export's reading (500).
    await server.knex.batchInsert('folder_material_lines', Array.from({ length: 520 }, (_, i) => lineRow(long, i + 1)), 100)
    const many = await download(`${lines(long.id)}/export.pdf`)
    // No number: the title names the file.
    expect(many.headers.get('content-disposition')).toContain('filename="Long list Material list.pdf"')
    expect(pages(Buffer.from(await many.arrayBuffer()))).toBeGreaterThan(1)
    // And the workbook holds every one of them, in order, read in batches.
    const sheet = await sheetOf(await download(`${lines(long.id)}/export.xlsx`))
    expect(sheet.rowCount).toBe(4 + 520)
    expect(sheet.getColumn(6).values.slice(5)).toEqual(Array.from({ length: 520 }, (_, i) => `Part ${i + 1}`))
  })

  test('an empty list exports its headers; the texts follow the caller’s language', async () => {
    const empty = await fixtures(server).document(project, { symbol: 'E-1' })
    expect((await sheetOf(await download(`${lines(empty.id)}/export.xlsx`))).rowCount).toBe(4)
    const pdf = await download(`${lines(empty.id)}/export.pdf`)
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString('latin1')).toBe('%PDF-')

    const userId = downloader.id
    expect((await call('POST', `/accountusers/${userId}/language/FINNISH`, {}, tokens.downloader)).status).toBe(201)
    try {
      const response = await download(`${lines(doc.id)}/export.xlsx`)
      expect(response.headers.get('content-disposition')).toContain('PMP-100_A Materiaaliluettelo.xlsx')
      const sheet = await sheetOf(response)
      expect(sheet.name).toBe('Materiaaliluettelo')
      expect(rowValues(sheet, 4).slice(0, 3)).toEqual(['Taso', 'Positio', 'Määrä'])
      expect((await download(`${lines(doc.id)}/export.pdf`)).headers.get('content-disposition')).toContain('Materiaaliluettelo.pdf')
    } finally {
      await call('POST', `/accountusers/${userId}/language/ENGLISH`, {}, tokens.downloader)
    }
  })
})

/** A line written straight to the table (a long list made quickly), at position `i`. */
const lineRow = (folder: DocumentFixture, i: number) => ({
  account_id: folder.accountId,
  folder_id: folder.id,
  project_id: folder.projectId,
  position: i,
  level: i % 3,
  item: String(i),
  quantity: i,
  name: `Part ${i}`,
  description: 'A description long enough to wrap in its column of the printed table, twice over at least',
  created_at: new Date().toISOString(),
  changed_at: new Date().toISOString(),
})

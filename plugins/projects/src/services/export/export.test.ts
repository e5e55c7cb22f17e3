/** The projects Excel export over HTTP (SQLite, or MariaDB with TEST_DATABASE_URL). */
import { EXPORT_DATE_FORMAT } from '@app/plugin-kit'
import { type AccountFixture, fixtures, startTestServer, type TestServer } from '@app/testing'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

let server: TestServer
let make: ReturnType<typeof fixtures>
let account: AccountFixture
let adminToken: string

const download = (url: string, token?: string) => fetch(`${server.url}${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {} })
const open = async (response: Response) => {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as never)
  return workbook.worksheets[0]!
}
const rowsOf = (sheet: ExcelJS.Worksheet) => (sheet.getSheetValues() as unknown[][]).slice(2).map((r) => r.slice(1))

beforeAll(async () => {
  server = await startTestServer()
  make = fixtures(server)
  account = await make.account()
  adminToken = await make.signIn(account.admin)
  const client = await make.company(account, { name: 'Kone Client Oy' })
  const manager = await make.user(account, 'user', { firstName: 'Mia', lastName: 'Manager' })
  // 23:30 UTC on 31 Dec 2025 is already 1 Jan 2026 in Helsinki.
  const body = { name: 'Exported', symbol: 'EX-1', companyId: client.id, managerId: manager.id, startDate: Date.UTC(2025, 11, 31, 23, 30), endDate: Date.UTC(2026, 5, 15, 12) }
  expect((await server.call('POST', '/api/projects', body, adminToken)).status).toBe(201)
  expect((await server.call('POST', '/api/projects', { name: 'Other', symbol: 'OT-1', companyId: client.id }, adminToken)).status).toBe(201)
})
afterAll(() => server?.close())

describe('export', () => {
  test("projects.xlsx holds the list's columns, dates as days in the viewer's zone", async () => {
    const response = await download('/api/projects/export?timeZone=Europe/Helsinki', adminToken)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-disposition')).toContain('filename="projects.xlsx"')
    const sheet = await open(response)
    expect(sheet.name).toBe('Projects')
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Project number', 'Name', 'Manager', 'Client', 'Creation date', 'Start date', 'End date'])
    const rows = rowsOf(sheet)
    expect(rows).toHaveLength(2)
    const row = rows.find((r) => r[0] === 'EX-1')!
    expect(row.slice(0, 4)).toEqual(['EX-1', 'Exported', 'Mia Manager', 'Kone Client Oy'])
    expect(row[5]).toEqual(new Date(Date.UTC(2026, 0, 1)))
    expect(row[6]).toEqual(new Date(Date.UTC(2026, 5, 15)))
    const start = sheet.getRow(rows.indexOf(row) + 2).getCell(6)
    expect(start.type).toBe(ExcelJS.ValueType.Date)
    expect(start.numFmt).toBe(EXPORT_DATE_FORMAT)
    // In UTC the same start is still 31 Dec 2025.
    const utc = rowsOf(await open(await download('/api/projects/export?timeZone=UTC', adminToken))).find((r) => r[0] === 'EX-1')!
    expect(utc[5]).toEqual(new Date(Date.UTC(2025, 11, 31)))
  })

  test('the filter narrows it as the list does; headers follow the language', async () => {
    const filtered = rowsOf(await open(await download('/api/projects/export?filter=ot-', adminToken)))
    expect(filtered.map((r) => r[0])).toEqual(['OT-1'])
    const userId = account.admin.id
    expect((await server.call('POST', `/api/accountusers/${userId}/language/${'FINNISH'}`, {}, adminToken)).status).toBe(201)
    try {
      const sheet = await open(await download('/api/projects/export', adminToken))
      expect(sheet.name).toBe('Projektit')
      expect(sheet.getRow(1).getCell(1).value).toBe('Projektinumero')
    } finally {
      await server.call('POST', `/api/accountusers/${userId}/language/ENGLISH`, {}, adminToken)
    }
  })

  test("another account's admin gets none of this account's projects; a user without the rights 403", async () => {
    const other = await make.account()
    const sheet = await open(await download('/api/projects/export', await make.signIn(other.admin)))
    expect(rowsOf(sheet)).toEqual([])
    const user = await make.user(account)
    expect((await download('/api/projects/export', await make.signIn(user))).status).toBe(403)
  })
})

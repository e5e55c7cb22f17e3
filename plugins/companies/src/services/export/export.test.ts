/** The companies Excel export over HTTP, in a world made by fixtures (SQLite, or MariaDB with TEST_DATABASE_URL). */
import { type TestServer, startTestServer } from '@app/testing'
import { EXPORT_DATE_FORMAT } from '@app/plugin-kit'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type CompaniesWorld, makeWorld } from '../../test/world'

let server: TestServer
let world: CompaniesWorld

const download = (url: string, token?: string) => fetch(`${server.url}${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {} })

beforeAll(async () => {
  server = await startTestServer()
  world = await makeWorld(server)
})
afterAll(() => server?.close())

describe('export', () => {
  const open = async (response: Response) => {
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as never)
    return workbook.worksheets[0]!
  }

  test('companies.xlsx holds the account companies with the chosen columns', async () => {
    await server.call('POST', '/api/companies', { name: 'Export Only Oy', number: 'EX-1', city: 'Tampere', country: 'FI', vatRegNo: 'FI999' }, world.tokens.accountAdmin)
    const response = await download('/api/companies/export', world.tokens.accountAdmin)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-disposition')).toContain('filename="companies.xlsx"')
    const sheet = await open(response)
    expect(sheet.name).toBe('Companies')
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Name',
      'Number',
      'City',
      'Country',
      'Contact person',
      'Contact e-mail',
      'VAT reg. no.',
      'Creation date',
    ])
    const rows = (sheet.getSheetValues() as unknown[][]).slice(2).map((r) => r.slice(1))
    const now = new Date()
    const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
    expect(rows).toContainEqual(['Export Only Oy', 'EX-1', 'Tampere', 'FI', undefined, undefined, 'FI999', today])
    expect(rows).toHaveLength(4)
    const created = sheet.getRow(rows.findIndex((r) => r[0] === 'Export Only Oy') + 2).getCell(8)
    expect(created.type).toBe(ExcelJS.ValueType.Date)
    expect(created.numFmt).toBe(EXPORT_DATE_FORMAT)
  })

  test("the sheet and headers are in the caller's language; the file name stays", async () => {
    const userId = world.people.accountAdmin.id
    const language = (value: string) => server.call('POST', `/api/accountusers/${userId}/language/${value}`, {}, world.tokens.accountAdmin)
    expect((await language('POLISH')).status).toBe(201)
    try {
      const response = await download('/api/companies/export', world.tokens.accountAdmin)
      expect(response.headers.get('content-disposition')).toContain('filename="companies.xlsx"')
      const sheet = await open(response)
      expect(sheet.name).toBe('Firmy')
      expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
        'Nazwa',
        'Numer',
        'Miasto',
        'Kraj',
        'Osoba kontaktowa',
        'E-mail kontaktowy',
        'Numer VAT',
        'Data utworzenia',
      ])
    } finally {
      await language('ENGLISH')
    }
  })

  test("another account's file holds none of this account's companies", async () => {
    const sheet = await open(await download('/api/companies/export', world.tokens.otherAccount))
    const names = (sheet.getSheetValues() as unknown[][]).slice(2).map((r) => r[1])
    expect(names).not.toContain('Export Only Oy')
    expect(names).toHaveLength(3)
  })

  test("creation dates are the days in the caller's time zone; a malformed zone is refused", async () => {
    // 22:30 UTC on 31 December is already New Year's Day in Helsinki.
    await server.knex('companies').where({ name: 'Export Only Oy' }).update({ created_at: '2025-12-31T22:30:00.000Z' })
    const createdIn = async (timeZone: string) => {
      const sheet = await open(await download(`/api/companies/export?filter=tampere&timeZone=${timeZone}`, world.tokens.accountAdmin))
      return sheet.getRow(2).getCell(8).value
    }
    expect(await createdIn('Europe/Helsinki')).toEqual(new Date(Date.UTC(2026, 0, 1)))
    expect(await createdIn('UTC')).toEqual(new Date(Date.UTC(2025, 11, 31)))
    expect((await download('/api/companies/export?timeZone=%3Cscript%3E', world.tokens.accountAdmin)).status).toBe(400)
  })

  test('the filter narrows the file', async () => {
    const sheet = await open(await download('/api/companies/export?filter=tampere', world.tokens.globalAdmin))
    expect((sheet.getSheetValues() as unknown[][]).slice(2).map((r) => r[1])).toEqual(['Export Only Oy'])
  })
})

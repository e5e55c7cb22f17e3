/** The companies Excel export over HTTP, in a world made by fixtures (SQLite, or MariaDB with TEST_DATABASE_URL). */
import { type TestServer, startTestServer } from '@app/testing'
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
      'Contact email',
      'VAT reg no',
      'Creation date',
    ])
    const rows = (sheet.getSheetValues() as unknown[][]).slice(2).map((r) => r.slice(1))
    const today = new Date().toISOString().slice(0, 10).split('-').reverse().join('.')
    expect(rows).toContainEqual(['Export Only Oy', 'EX-1', 'Tampere', 'FI', undefined, undefined, 'FI999', today])
    expect(rows).toHaveLength(4)
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

  test('the filter narrows the file', async () => {
    const sheet = await open(await download('/api/companies/export?filter=tampere', world.tokens.globalAdmin))
    expect((sheet.getSheetValues() as unknown[][]).slice(2).map((r) => r[1])).toEqual(['Export Only Oy'])
  })
})

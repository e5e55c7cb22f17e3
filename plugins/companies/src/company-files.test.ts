/** A company's logo and the companies Excel export, over HTTP. */
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { type TestServer, startTestServer } from '@app/api/testing'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { LOGO_TYPE_MESSAGE } from './services/logo/logo'

let server: TestServer
const tokens: Record<string, string> = {}
const ROLES = ['globaladmin', 'admin', 'salesadmin', 'companyadmin', 'user', 'sales'] as const

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')

const upload = async (companyId: number, token: string | undefined, body: Buffer, filename: string, type: string) => {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(body)], { type }), filename)
  const response = await fetch(`${server.url}/api/companies/${companyId}/logo`, {
    method: 'PATCH',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })
  return { status: response.status, body: await response.json() }
}
const download = (url: string, token?: string) => fetch(`${server.url}${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {} })
const idOf = async (name: string, account = 'Demo Engineering') => {
  const accountId = (await server.knex('accounts').where({ company: account }).first('id')).id
  return Number((await server.knex('companies').where({ account_id: accountId, name }).first('id')).id)
}
/** Every stored file, so a refused upload can be shown to leave nothing behind. */
const storedFiles = async () => {
  const root = path.join(server.config.dataDir, 'files')
  return (await readdir(root, { recursive: true }).catch(() => [] as string[])).filter((f) => !f.endsWith('.meta.json')).sort()
}

beforeAll(async () => {
  server = await startTestServer()
  for (const role of ROLES) tokens[role] = await server.signIn(`${role}@demo.test`)
})
afterAll(() => server?.close())

describe('logo', () => {
  test('a PNG is stored, shown and replaced; other files are refused and leave nothing', async () => {
    const nordic = await idOf('Nordic Steel Oy')
    const saved = await upload(nordic, tokens.admin, PNG, 'logo.png', 'image/png')
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.logoId).toMatch(/^[0-9a-f-]{36}$/)

    const shown = await download(`/api/companies/${nordic}/logo`, tokens.companyadmin)
    expect(shown.status).toBe(200)
    expect(shown.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await shown.arrayBuffer()).equals(PNG)).toBe(true)

    const files = await storedFiles()
    for (const [body, name, type] of [
      [SVG, 'logo.svg', 'image/svg+xml'],
      [Buffer.from('just text'), 'logo.png', 'image/png'],
    ] as const) {
      const refused = await upload(nordic, tokens.admin, body, name, type)
      expect(refused.status).toBe(400)
      expect(refused.body.errors).toEqual({ file: LOGO_TYPE_MESSAGE })
    }
    expect(await storedFiles()).toEqual(files)
    expect((await server.call('GET', `/api/companies/${nordic}`, undefined, tokens.admin)).body.logoId).toBe(saved.body.logoId)

    // A new logo replaces the old one in storage too.
    const again = await upload(nordic, tokens.companyadmin, PNG, 'logo2.png', 'image/png')
    expect(again.status).toBe(200)
    expect(again.body.logoId).not.toBe(saved.body.logoId)
    expect((await storedFiles()).length).toBe(files.length)
  })

  test('a logo over 5 MB is refused with 413 while it streams, and nothing is kept', async () => {
    const nordic = await idOf('Nordic Steel Oy')
    const files = await storedFiles()
    const large = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)])
    const refused = await upload(nordic, tokens.admin, large, 'huge.png', 'image/png')
    expect(refused.status).toBe(413)
    expect(refused.body).toMatchObject({ message: 'The file is larger than 5 MB', errors: { file: 'The file is too large' } })
    expect(await storedFiles()).toEqual(files)
  })

  test('who may upload and see it', async () => {
    const nordic = await idOf('Nordic Steel Oy')
    const fjord = await idOf('Fjord Cranes AS')
    const expected: Record<string, [number, number, number]> = {
      // [upload to Nordic Steel, upload to Fjord Cranes, see Nordic Steel's]
      globaladmin: [200, 200, 200],
      admin: [200, 200, 200],
      salesadmin: [200, 200, 200],
      companyadmin: [200, 403, 200],
      user: [403, 403, 403],
      sales: [404, 404, 404],
    }
    for (const [role, [own, other, see]] of Object.entries(expected)) {
      expect((await upload(nordic, tokens[role], PNG, 'l.png', 'image/png')).status, `${role} own`).toBe(own)
      expect((await upload(fjord, tokens[role], PNG, 'l.png', 'image/png')).status, `${role} other`).toBe(other)
      expect((await download(`/api/companies/${nordic}/logo`, tokens[role])).status, `${role} see`).toBe(see)
    }
    expect((await upload(nordic, undefined, PNG, 'l.png', 'image/png')).status).toBe(401)
    expect((await download(`/api/companies/${nordic}/logo`)).status).toBe(401)
    const missing = await upload(nordic, tokens.admin, Buffer.alloc(0), '', 'image/png')
    expect(missing.status).toBe(400)
  })
})

describe('export', () => {
  const open = async (response: Response) => {
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as never)
    return workbook.worksheets[0]!
  }

  test('companies.xlsx holds the account companies with the chosen columns', async () => {
    await server.call('POST', '/api/companies', { name: 'Export Only Oy', number: 'EX-1', city: 'Tampere', country: 'FI', vatRegNo: 'FI999' }, tokens.admin)
    const response = await download('/api/companies/export', tokens.admin)
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
    const userId = Number((await server.knex('users').where({ username: 'admin@demo.test' }).first('id')).id)
    const language = (value: string) => server.call('POST', `/api/accountusers/${userId}/language/${value}`, {}, tokens.admin)
    expect((await language('POLISH')).status).toBe(201)
    try {
      const response = await download('/api/companies/export', tokens.admin)
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
    const sheet = await open(await download('/api/companies/export', tokens.sales))
    const names = (sheet.getSheetValues() as unknown[][]).slice(2).map((r) => r[1])
    expect(names).not.toContain('Export Only Oy')
    expect(names).toHaveLength(3)
  })

  test('the filter narrows the file', async () => {
    const sheet = await open(await download('/api/companies/export?filter=tampere', tokens.globaladmin))
    expect((sheet.getSheetValues() as unknown[][]).slice(2).map((r) => r[1])).toEqual(['Export Only Oy'])
  })
})

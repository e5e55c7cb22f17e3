/** Uploads into storage, downloads out of it, and streamed Excel exports, over real HTTP. */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import path from 'node:path'
import { BadRequest } from '@feathersjs/errors'
import ExcelJS from 'exceljs'
import { fixtures, startTestServer } from '@app/testing'
import { afterAll, describe, expect, test, vi } from 'vitest'
import { definePlugin } from './define-plugin'
import { EXPORT_DATE_FORMAT, excelDownload, exportDay, keysetBatches } from './excel'
import { FileDownload } from './files'
import type { AppParams } from './types'
import { claimUpload } from './upload'

const ROWS = 2500

const filesPlugin = definePlugin({
  id: 'kit-files-test',
  module: 'core',
  version: '0.0.0',
  permissions: [],
  migrations: [
    {
      name: '2026-11-23-900-kit-files-test',
      async up(knex) {
        await knex.schema.createTable('kit_test_files', (t) => {
          t.increments('id')
          t.string('storage_key', 100).notNullable()
          t.string('name', 255).notNullable()
        })
        await knex.schema.createTable('kit_test_rows', (t) => {
          t.increments('id')
          t.string('name', 100).notNullable()
          t.string('created_at', 24).notNullable()
        })
      },
      async down(knex) {
        await knex.schema.dropTableIfExists('kit_test_rows')
        await knex.schema.dropTableIfExists('kit_test_files')
      },
    },
  ],
  services: [
    {
      path: 'kit-test-files',
      methods: ['find', 'get', 'create', 'patch'],
      scope: { kind: 'none', why: 'Test service of the kit.' },
      uploads: { methods: ['create'] },
      service: (app) => ({
        async create(data: Record<string, string>, params: AppParams) {
          if (data.claim === 'no') return { claimed: false }
          const file = claimUpload(params)
          if (data.fail === 'yes') throw new BadRequest('Refused after the upload')
          const [id] = await app.get('knex')('kit_test_files').insert({ storage_key: file.key, name: file.filename })
          return { id: Number(id), filename: file.filename, size: file.size, mimeType: file.mimeType, fields: data }
        },
        async patch() {
          return {}
        },
        async get(id: number) {
          const row = await app.get('knex')('kit_test_files').where({ id }).first()
          const stored = await app.get('storage').get(row.storage_key)
          return new FileDownload(stored.body, row.name, stored.contentType, stored.size)
        },
        async find() {
          const rows = keysetBatches(() => app.get('knex')('kit_test_rows').select('id', 'name', 'created_at'), { size: 700 })
          const mapped = (async function* () {
            for await (const row of rows) yield { id: row.id, name: row.name, created: exportDay(row.created_at, 'UTC'), flag: row.id % 2 ? 'x' : '' }
          })()
          return excelDownload('rows', 'Rows', [
            { header: 'Id', key: 'id' },
            { header: 'Name', key: 'name' },
            { header: 'Created', key: 'created', date: true },
            { header: 'Odd', key: 'flag' },
          ], mapped)
        },
      }),
    },
  ],
})

const server = await startTestServer({ uploadMaxBytes: 64 * 1024 }, { extraPlugins: [filesPlugin] })
afterAll(() => server.close())
const make = fixtures(server)
// An account admin of an account of its own: may upload, and may create companies.
const token = await make.signIn((await make.account()).admin)
const uploadsDir = path.join(server.config.dataDir, 'files', 'uploads')
const filesIn = (dir: string) => {
  try {
    return readdirSync(dir)
  } catch {
    return []
  }
}
const storedFiles = () => filesIn(uploadsDir).filter((name) => !name.endsWith('.meta.json') && !name.endsWith('.part'))
const partialFiles = () => filesIn(uploadsDir).filter((name) => name.endsWith('.part'))

const upload = (fields: Record<string, string>, file?: { name: string; body: Uint8Array<ArrayBuffer> | string; type?: string }) => {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  if (file) form.append('file', new Blob([file.body], { type: file.type ?? 'application/octet-stream' }), file.name)
  return fetch(`${server.url}/api/kit-test-files`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } })
}

describe('uploads and downloads', () => {
  test('a file is stored, its form fields reach the service, and it downloads the same', async () => {
    const body = new Uint8Array(10_000).map((_, i) => i % 251)
    body.set(new TextEncoder().encode('%PDF-1.7\n'))
    const answer = await upload({ note: 'hello' }, { name: 'drawing.pdf', body, type: 'application/pdf' })
    expect(answer.status).toBe(201)
    const created = await answer.json()
    expect(created).toMatchObject({ filename: 'drawing.pdf', size: 10_000, mimeType: 'application/pdf', fields: { note: 'hello' } })

    const download = await fetch(`${server.url}/api/kit-test-files/${created.id}`, { headers: { authorization: `Bearer ${token}` } })
    expect(download.status).toBe(200)
    expect(download.headers.get('content-type')).toBe('application/pdf')
    expect(download.headers.get('content-disposition')).toContain('filename="drawing.pdf"')
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(body)
  })

  test('a name with folders is kept as a plain name and never becomes a path', async () => {
    const answer = await upload({}, { name: '../../etc/pässwd', body: 'x' })
    const created = await answer.json()
    expect(created.filename).toBe('pässwd')
    const download = await fetch(`${server.url}/api/kit-test-files/${created.id}`, { headers: { authorization: `Bearer ${token}` } })
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="p_sswd"; filename*=UTF-8''p%C3%A4sswd`)
  })

  test('a call that fails after taking the file, or never takes it, leaves nothing stored', async () => {
    const before = storedFiles().length
    const failed = await upload({ fail: 'yes' }, { name: 'a.txt', body: 'abc' })
    expect(failed.status).toBe(400)
    const unclaimed = await upload({ claim: 'no' }, { name: 'b.txt', body: 'abc' })
    expect(unclaimed.status).toBe(201)
    expect(storedFiles().length).toBe(before)
  })

  test('a missing file answers 400, and so does one over the size limit, storing nothing', async () => {
    const before = storedFiles().length
    const none = await upload({ note: 'no file' })
    expect(none.status).toBe(400)
    expect((await none.json()).errors.file).toBe('A file is required')
    expect(storedFiles().length).toBe(before)
  })

  test('a file over the limit answers 413 while it streams, and leaves no file, not even a partial one', async () => {
    const before = storedFiles().length
    const large = await upload({}, { name: 'big.bin', body: new Uint8Array(1024 * 1024) })
    expect(large.status).toBe(413)
    expect(await large.json()).toMatchObject({ message: 'The file is larger than 64 KB', errors: { file: 'The file is too large' } })
    expect(storedFiles().length).toBe(before)
    expect(partialFiles()).toEqual([])
  })

  test('the type is sniffed from the bytes, never taken from the browser', async () => {
    const answer = await upload({}, { name: 'page.pdf', body: '<html><script>alert(1)</script></html>', type: 'application/pdf' })
    expect(await answer.json()).toMatchObject({ mimeType: 'application/octet-stream' })
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')
    const image = await upload({}, { name: 'x.txt', body: new Uint8Array(png), type: 'text/html' })
    expect(await image.json()).toMatchObject({ mimeType: 'image/png' })
  })

  test('an upload cut off mid-stream leaves no file behind', async () => {
    const before = storedFiles().length
    const boundary = 'cut-off-boundary'
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1')
    await new Promise((resolve) => socket.once('connect', resolve))
    socket.write(
      `POST /api/kit-test-files HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${60 * 1024}\r\n\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    )
    socket.write(Buffer.alloc(20 * 1024, 7))
    // The server has begun writing the file aside when its partial shows.
    await vi.waitFor(() => expect(partialFiles().length).toBe(1), { timeout: 5000 })
    socket.destroy()
    await vi.waitFor(() => expect(partialFiles()).toEqual([]), { timeout: 5000 })
    expect(storedFiles().length).toBe(before)
  })

  test('a method that takes no file answers 415 to a multipart body and reads none of it', async () => {
    const before = storedFiles().length
    const form = new FormData()
    form.append('file', new Blob(['x']), 'x.txt')
    const answer = await fetch(`${server.url}/api/kit-test-files/1`, { method: 'PATCH', body: form, headers: { authorization: `Bearer ${token}` } })
    expect(answer.status).toBe(415)
    expect((await answer.json()).message).toBe('This call does not take files')
    const companies = await fetch(`${server.url}/api/companies`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } })
    expect(companies.status).toBe(415)
    expect(storedFiles().length).toBe(before)
  })

  test('half-written files of an earlier run are swept at start', async () => {
    const dir = path.join(server.config.dataDir, 'files', 'uploads')
    mkdirSync(dir, { recursive: true })
    writeFileSync(path.join(dir, 'left-over.1234.part'), 'half')
    expect(await server.app.get('storage').sweepPartial()).toBe(1)
    expect(partialFiles()).toEqual([])
  })

  test('signed out, an upload is refused and not kept', async () => {
    const before = storedFiles().length
    const form = new FormData()
    form.append('file', new Blob(['x']), 'x.txt')
    const answer = await fetch(`${server.url}/api/kit-test-files`, { method: 'POST', body: form })
    expect(answer.status).toBe(401)
    expect(storedFiles().length).toBe(before)
  })
})

describe('Excel exports', () => {
  test('stream every row in batches with headers, dates as date cells shown DD.MM.YYYY', async () => {
    const knex = server.knex
    const rows = Array.from({ length: ROWS }, (_, i) => ({ name: `Row ${i + 1}`, created_at: '2026-03-09T10:00:00.000Z' }))
    for (let i = 0; i < rows.length; i += 500) await knex('kit_test_rows').insert(rows.slice(i, i + 500))

    const answer = await fetch(`${server.url}/api/kit-test-files`, { headers: { authorization: `Bearer ${token}` } })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-disposition')).toContain('filename="rows.xlsx"')
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(Buffer.from(await answer.arrayBuffer()) as never)
    const sheet = workbook.getWorksheet('Rows')!
    expect(sheet.getRow(1).values).toEqual([undefined, 'Id', 'Name', 'Created', 'Odd'])
    expect(sheet.getRow(2).values).toEqual([undefined, 1, 'Row 1', new Date(Date.UTC(2026, 2, 9)), 'x'])
    const created = sheet.getRow(2).getCell(3)
    expect(created.type).toBe(ExcelJS.ValueType.Date)
    expect(created.numFmt).toBe(EXPORT_DATE_FORMAT)
    expect(sheet.rowCount).toBe(ROWS + 1)
    expect(sheet.getRow(ROWS + 1).getCell(2).value).toBe(`Row ${ROWS}`)
  })
})

/** Templates over HTTP: real small files made here, as a person of every rank, made by fixtures (SQLite, or MariaDB with TEST_DATABASE_URL). */
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { CALLERS, type Caller, type TestServer, type World, fixtures, startTestServer } from '@app/testing'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ANY_MEMBER, SETTINGS_ONLY, rowsOf } from '../../test/roles'

let server: TestServer
let callers: World
let xlsx: Uint8Array<ArrayBuffer>
const TABLE = 'setup_templates'
const INVALID = 'The template file you were trying to upload has invalid format.'

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')

beforeAll(async () => {
  server = await startTestServer()
  callers = await fixtures(server).world()
  const workbook = new ExcelJS.Workbook()
  workbook.addWorksheet('Template').addRow(['Title', 'Number'])
  xlsx = new Uint8Array(await workbook.xlsx.writeBuffer())
})
afterAll(() => server?.close())

const as = (role: Caller) => callers.tokens[role]
const base = (accountId = callers.a.id) => `/api/templates/${accountId}`
const storedFiles = () => {
  try {
    return readdirSync(path.join(server.config.dataDir, 'files', 'uploads')).filter((n) => !n.endsWith('.meta.json'))
  } catch {
    return []
  }
}

const upload = (name: string, body: Uint8Array<ArrayBuffer> | string, fields: Record<string, string> = {}, role: Caller = 'accountAdmin', accountId?: number) => {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  form.append('file', new Blob([body]), name)
  const token = as(role)
  return fetch(`${server.url}${base(accountId)}`, { method: 'POST', body: form, headers: token ? { authorization: `Bearer ${token}` } : {} })
}

describe('templates', () => {
  test('an Excel template uploads with the appendable flag, lists and downloads the same', async () => {
    const answer = await upload('Offer.xlsx', xlsx, { appendable: 'true' })
    const created = await answer.json()
    expect(answer.status, JSON.stringify(created)).toBe(201)
    expect(created).toMatchObject({ name: 'Offer.xlsx', appendable: true, size: xlsx.length, accountId: callers.a.id })
    expect(created).not.toHaveProperty('storageKey')

    const list = await server.call('GET', `${base()}?filter=offer`, undefined, as('user'))
    expect(list.status).toBe(200)
    expect(list.body.data).toEqual([created])

    const download = await fetch(`${server.url}${base()}/${created.id}`, { headers: { authorization: `Bearer ${as('user')}` } })
    expect(download.status).toBe(200)
    expect(download.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    expect(download.headers.get('content-disposition')).toContain('filename="Offer.xlsx"')
    const workbook = await new ExcelJS.Workbook().xlsx.load(await download.arrayBuffer())
    expect(workbook.getWorksheet('Template')!.getRow(1).values).toEqual([undefined, 'Title', 'Number'])
  })

  test('a PDF is accepted, not appendable unless asked', async () => {
    const answer = await upload('Letter.pdf', PDF)
    expect(answer.status).toBe(201)
    expect(await answer.json()).toMatchObject({ name: 'Letter.pdf', appendable: false, mimeType: 'application/pdf' })
  })

  test('a wrong extension or content answers 400 with the spec message and stores nothing', async () => {
    const before = await rowsOf(server, TABLE)
    const files = storedFiles().length
    const cases: [string, Uint8Array<ArrayBuffer> | string][] = [
      ['notes.txt', 'plain text'],
      ['Offer.docx', 'plain text renamed'],
      ['Letter.pdf', xlsx],
      ['Offer.xlsx', PDF],
      ['Offer.xlsx', ''],
      ['no-extension', xlsx],
    ]
    for (const [name, body] of cases) {
      const answer = await upload(name, body)
      const json = await answer.json()
      expect(answer.status, name).toBe(400)
      expect(json.message).toBe(INVALID)
      expect(json.errors).toEqual({ file: INVALID })
    }
    const none = await server.call('POST', base(), {}, as('accountAdmin'))
    expect(none.status).toBe(400)
    expect(await rowsOf(server, TABLE)).toEqual(before)
    expect(storedFiles().length).toBe(files)
  })

  test('only settings managers upload; others store nothing', async () => {
    const before = await rowsOf(server, TABLE)
    const files = storedFiles().length
    for (const role of CALLERS.filter((r) => SETTINGS_ONLY[r] !== 200)) {
      const answer = await upload('Denied.pdf', PDF, {}, role)
      expect(answer.status, role).toBe(SETTINGS_ONLY[role])
    }
    expect(await rowsOf(server, TABLE)).toEqual(before)
    expect(storedFiles().length).toBe(files)
    expect((await upload('Global.pdf', PDF, {}, 'globalAdmin', callers.b.id)).status).toBe(201)
  })

  test('every member lists and downloads; other accounts get 404', async () => {
    const { id } = await (await upload('Shared.pdf', PDF)).json()
    for (const role of CALLERS) {
      expect((await server.call('GET', base(), undefined, as(role))).status, role).toBe(ANY_MEMBER[role])
      expect((await server.call('GET', `${base()}/${id}`, undefined, as(role))).status, role).toBe(ANY_MEMBER[role])
    }
    expect((await server.call('GET', `${base(callers.b.id)}/${id}`, undefined, as('otherAccount'))).status).toBe(404)
  })

  test('the appendable switch and delete are for settings managers; delete removes the file', async () => {
    const { id } = await (await upload('Removable.pdf', PDF)).json()
    const row = await server.knex(TABLE).where({ id }).first()
    for (const role of CALLERS.filter((r) => SETTINGS_ONLY[r] !== 200)) {
      expect((await server.call('PATCH', `${base()}/${id}`, { appendable: true }, as(role))).status, role).toBe(SETTINGS_ONLY[role])
      expect((await server.call('DELETE', `${base()}/${id}`, undefined, as(role))).status, role).toBe(SETTINGS_ONLY[role])
    }
    expect((await server.call('DELETE', `${base(callers.b.id)}/${id}`, undefined, as('otherAccount'))).status).toBe(404)
    expect(await server.knex(TABLE).where({ id }).first()).toEqual(row)

    const bad = await server.call('PATCH', `${base()}/${id}`, { appendable: 'maybe' }, as('accountAdmin'))
    expect(bad.status).toBe(400)
    const patched = await server.call('PATCH', `${base()}/${id}`, { appendable: true }, as('accountAdmin'))
    expect(patched.status).toBe(200)
    expect(patched.body).toMatchObject({ id, appendable: true })
    expect(patched.body).not.toHaveProperty('storageKey')

    const files = storedFiles().length
    const removed = await server.call('DELETE', `${base()}/${id}`, undefined, as('accountAdmin'))
    expect(removed.status).toBe(200)
    expect(storedFiles().length).toBe(files - 1)
    expect((await server.call('GET', `${base()}/${id}`, undefined, as('accountAdmin'))).status).toBe(404)
  })
})

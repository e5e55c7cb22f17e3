/** A company's logo over HTTP, in a world made by fixtures (SQLite, or MariaDB with TEST_DATABASE_URL). */
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { type Caller, type TestServer, startTestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type CompaniesWorld, makeWorld } from '../../test/world'
import { LOGO_TYPE_MESSAGE } from './logo.schema'

let server: TestServer
let world: CompaniesWorld

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
/** Every stored file, so a refused upload can be shown to leave nothing behind. */
const storedFiles = async () => {
  const root = path.join(server.config.dataDir, 'files')
  return (await readdir(root, { recursive: true }).catch(() => [] as string[])).filter((f) => !f.endsWith('.meta.json')).sort()
}

beforeAll(async () => {
  server = await startTestServer()
  world = await makeWorld(server)
})
afterAll(() => server?.close())

describe('logo', () => {
  test('a PNG is stored, shown and replaced; other files are refused and leave nothing', async () => {
    const nordic = world.nordic.id
    const saved = await upload(nordic, world.tokens.accountAdmin, PNG, 'logo.png', 'image/png')
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.logoId).toMatch(/^[0-9a-f-]{36}$/)

    const shown = await download(`/api/companies/${nordic}/logo`, world.tokens.companyAdmin)
    expect(shown.status).toBe(200)
    expect(shown.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await shown.arrayBuffer()).equals(PNG)).toBe(true)

    const files = await storedFiles()
    for (const [body, name, type] of [
      [SVG, 'logo.svg', 'image/svg+xml'],
      [Buffer.from('just text'), 'logo.png', 'image/png'],
    ] as const) {
      const refused = await upload(nordic, world.tokens.accountAdmin, body, name, type)
      expect(refused.status).toBe(400)
      expect(refused.body.errors).toEqual({ file: LOGO_TYPE_MESSAGE })
    }
    expect(await storedFiles()).toEqual(files)
    expect((await server.call('GET', `/api/companies/${nordic}`, undefined, world.tokens.accountAdmin)).body.logoId).toBe(saved.body.logoId)

    // A new logo replaces the old one in storage too.
    const again = await upload(nordic, world.tokens.companyAdmin, PNG, 'logo2.png', 'image/png')
    expect(again.status).toBe(200)
    expect(again.body.logoId).not.toBe(saved.body.logoId)
    expect((await storedFiles()).length).toBe(files.length)
  })

  test('a logo over 5 MB is refused with 413 while it streams, and nothing is kept', async () => {
    const nordic = world.nordic.id
    const files = await storedFiles()
    const large = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)])
    const refused = await upload(nordic, world.tokens.accountAdmin, large, 'huge.png', 'image/png')
    expect(refused.status).toBe(413)
    expect(refused.body).toMatchObject({ message: 'The file is larger than 5 MB', errors: { file: 'The file is too large' } })
    expect(await storedFiles()).toEqual(files)
  })

  test('who may upload and see it', async () => {
    const nordic = world.nordic.id
    const fjord = world.fjord.id
    const expected: Record<Exclude<Caller, 'anonymous'>, [number, number, number]> = {
      // [upload to Nordic Steel, upload to Fjord Cranes, see Nordic Steel's]
      globalAdmin: [200, 200, 200],
      accountAdmin: [200, 200, 200],
      salesAdmin: [200, 200, 200],
      companyAdmin: [200, 403, 200],
      user: [403, 403, 403],
      otherAccount: [404, 404, 404],
    }
    for (const [role, [own, other, see]] of Object.entries(expected) as [Caller, [number, number, number]][]) {
      expect((await upload(nordic, world.tokens[role], PNG, 'l.png', 'image/png')).status, `${role} own`).toBe(own)
      expect((await upload(fjord, world.tokens[role], PNG, 'l.png', 'image/png')).status, `${role} other`).toBe(other)
      expect((await download(`/api/companies/${nordic}/logo`, world.tokens[role])).status, `${role} see`).toBe(see)
    }
    expect((await upload(nordic, undefined, PNG, 'l.png', 'image/png')).status).toBe(401)
    expect((await download(`/api/companies/${nordic}/logo`)).status).toBe(401)
    const missing = await upload(nordic, world.tokens.accountAdmin, Buffer.alloc(0), '', 'image/png')
    expect(missing.status).toBe(400)
  })
})

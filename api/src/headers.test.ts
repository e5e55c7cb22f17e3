/**
 * Security headers (issue 7 §4) on what the API answers, errors and files included,
 * and how a file a user uploaded comes back: an attachment with a safe name, the type
 * its bytes have (never the one the uploader claimed), sandboxed.
 *
 * Runs on SQLite by default, on MariaDB with TEST_DATABASE_URL=mysql://…
 */
import { fixtures } from '@app/testing'
import { afterAll, describe, expect, test } from 'vitest'
import { startTestServer } from './testing'

const server = await startTestServer()
afterAll(() => server.close())
const make = fixtures(server)
const account = await make.account()

const expectSecurityHeaders = (headers: Headers) => {
  const policy = headers.get('content-security-policy') ?? ''
  expect(policy).toContain("default-src 'self'")
  expect(policy).toContain("script-src 'self'")
  expect(policy).not.toMatch(/script-src[^;]*unsafe/)
  expect(policy).toContain("frame-ancestors 'none'")
  expect(headers.get('x-content-type-options')).toBe('nosniff')
  expect(headers.get('x-frame-options')).toBe('DENY')
  expect(headers.get('referrer-policy')).toBe('no-referrer')
}

describe('every answer', () => {
  test('API answers, errors among them, carry the headers and are never cached', async () => {
    const token = await make.signIn(account.admin)
    for (const [url, status, auth] of [
      ['/api/health', 200, undefined],
      ['/api/companies', 200, token],
      ['/api/companies', 401, undefined],
      ['/api/companies?nope=1', 400, token],
      ['/api/nothing-here', 404, token],
    ] as const) {
      const answer = await server.call('GET', url, undefined, auth)
      expect(answer.status, url).toBe(status)
      expectSecurityHeaders(answer.headers)
      expect(answer.headers.get('cache-control'), url).toBe('no-store')
    }
  })

  test('outside /api too, and no HSTS over plain http', async () => {
    const answer = await fetch(`${server.url}/anything`)
    expectSecurityHeaders(answer.headers)
    expect(answer.headers.get('strict-transport-security')).toBeNull()
    expect(answer.headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests')
  })

  test('img-src names no other host, but the base map\'s tile host when MAP_TILE_URL is set; GET /modules tells the projects remote', async () => {
    expect((await fetch(`${server.url}/`)).headers.get('content-security-policy')).toMatch(/img-src 'self' data: blob:;/)
    const tiles = await startTestServer({ mapTileUrl: 'https://tiles.example.test/{z}/{x}/{y}.png' })
    try {
      const policy = (await tiles.call('GET', '/api/health')).headers.get('content-security-policy') ?? ''
      expect(policy).toContain("img-src 'self' data: blob: https://tiles.example.test;")
      expect(policy).toMatch(/connect-src 'self';/)
      const there = fixtures(tiles)
      const admin = (await there.account()).admin
      const modules = (await tiles.call('GET', '/api/modules', undefined, await there.signIn(admin))).body as { remote: string; config: Record<string, unknown> }[]
      expect(modules.find((m) => m.remote === 'projects')?.config).toEqual({ mapTileUrl: 'https://tiles.example.test/{z}/{x}/{y}.png' })
    } finally {
      await tiles.close()
    }
  })

  test('HSTS when PUBLIC_URL is https', async () => {
    const https = await startTestServer({ publicUrl: 'https://cloud.example.test' })
    try {
      const answer = await https.call('GET', '/api/health')
      expect(answer.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
      expect(answer.headers.get('content-security-policy')).toContain('upgrade-insecure-requests')
    } finally {
      await https.close()
    }
  })
})

describe('uploaded files', () => {
  const uploadManual = async (token: string, name: string, body: string | Uint8Array<ArrayBuffer>, claimedType: string) => {
    const form = new FormData()
    form.append('name', name)
    form.append('file', new Blob([body], { type: claimedType }), 'manual.html')
    const answer = await fetch(`${server.url}/api/support`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } })
    return { status: answer.status, body: await answer.json() }
  }

  test('download as attachments with a safe name and the type their bytes have, sandboxed', async () => {
    const token = await make.signIn(await make.user(account, 'globalAdmin'))
    const html = await uploadManual(token, 'Käyttöohje "v2"; <b>', '<html><script>alert(document.cookie)</script></html>', 'text/html')
    expect(html.status, JSON.stringify(html.body)).toBe(201)
    const download = await fetch(`${server.url}${html.body.link}`, { headers: { authorization: `Bearer ${token}` } })
    expect(download.status).toBe(200)
    expect(download.headers.get('content-type')).toBe('application/octet-stream')
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="K_ytt_ohje _v2_; <b>"; filename*=UTF-8''K%C3%A4ytt%C3%B6ohje%20%22v2%22%3B%20%3Cb%3E`,
    )
    expect(download.headers.get('x-content-type-options')).toBe('nosniff')
    expect(download.headers.get('content-security-policy')).toMatch(/^sandbox;/)

    const pdf = await uploadManual(token, 'Guide', '%PDF-1.7\n1 0 obj\n', 'text/html')
    const pdfDownload = await fetch(`${server.url}${pdf.body.link}`, { headers: { authorization: `Bearer ${token}` } })
    expect(pdfDownload.headers.get('content-type')).toBe('application/pdf')
    await pdfDownload.arrayBuffer()
  })
})

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, describe, expect, test } from 'vitest'
import { startTestServer } from './testing'
import { webMiddleware } from './web'

const dir = mkdtempSync(path.join(os.tmpdir(), 'web-'))
const shell = path.join(dir, 'shell')
const remote = path.join(dir, 'core')
mkdirSync(shell)
mkdirSync(remote)
const INDEX = '<!doctype html><title>Business Cloud</title>'
const SCRIPT = `console.log(${JSON.stringify('compressible '.repeat(200))})`
const ENTRY = `var core = ${JSON.stringify('entry '.repeat(200))}`
/** Written as the build writes them: the file, and its brotli and gzip copies. */
const writeBuilt = (file: string, text: string, copies: ('br' | 'gz')[] = ['br', 'gz']) => {
  writeFileSync(file, text)
  if (copies.includes('br')) writeFileSync(`${file}.br`, brotliCompressSync(text))
  if (copies.includes('gz')) writeFileSync(`${file}.gz`, gzipSync(text))
}
writeBuilt(path.join(shell, 'index.html'), INDEX)
writeBuilt(path.join(shell, 'main.0123456789abcdef.js'), SCRIPT)
// A remote entry with only a gzip copy: a browser that prefers brotli still gets it compressed.
writeBuilt(path.join(remote, 'remoteEntry.js'), ENTRY, ['gz'])
writeFileSync(path.join(shell, '.env'), 'SECRET=hidden')
writeFileSync(path.join(dir, 'secret.txt'), 'not for the web')

const server = await startTestServer({}, { web: webMiddleware({ shell, remotes: { core: remote }, remotesPath: '/remotes' }) })
afterAll(() => server.close())
const get = (p: string) => fetch(`${server.url}${p}`)

/** A raw HTTP exchange: the path as written (fetch would resolve `..`) and the bytes as sent (fetch would decompress). */
const raw = (p: string, headers: Record<string, string> = {}, method = 'GET') =>
  new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const request = http.request(`${server.url}${p}`, { method, headers }, (answer) => {
      const chunks: Buffer[] = []
      answer.on('data', (chunk: Buffer) => chunks.push(chunk))
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body: Buffer.concat(chunks) }))
    })
    request.on('error', reject)
    request.end()
  })

const CHROME = 'gzip, deflate, br, zstd'
const decode = { br: brotliDecompressSync, gzip: gunzipSync, identity: (b: Buffer) => b }

describe('the web app beside the API', () => {
  test('serves the shell at / and index.html for deep links, so the app routes them', async () => {
    for (const p of ['/', '/users/12/details', '/changePassword/abc']) {
      const answer = await get(p)
      expect(answer.status, p).toBe(200)
      expect(answer.headers.get('content-type')).toMatch(/text\/html/)
      expect(answer.headers.get('cache-control')).toBe('no-cache')
      expect(await answer.text()).toContain('Business Cloud')
    }
  })

  test.each([
    ['a browser (all at q=1)', CHROME, 'br'],
    ['br with a lower q', 'br;q=0.5, gzip', 'gzip'],
    ['br refused', 'br;q=0, gzip', 'gzip'],
    ['gzip only', 'gzip', 'gzip'],
    ['* for the rest', '*', 'br'],
    ['identity wanted most', 'identity, gzip;q=0.5', 'identity'],
    ['both refused', 'br;q=0, gzip;q=0', 'identity'],
    ['no Accept-Encoding', '', 'identity'],
  ] as const)('sends the coding the browser prefers: %s', async (_, accept, coding) => {
    const answer = await raw('/main.0123456789abcdef.js', accept ? { 'Accept-Encoding': accept } : {})
    expect(answer.status).toBe(200)
    expect(answer.headers['content-encoding']).toBe(coding === 'identity' ? undefined : coding)
    expect(answer.headers.vary).toBe('Accept-Encoding')
    expect(answer.headers['content-type']).toMatch(/javascript/)
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length)
    expect(decode[coding](answer.body).toString()).toBe(SCRIPT)
    if (coding !== 'identity') expect(answer.body.length).toBeLessThan(SCRIPT.length / 5)
  })

  test('falls back to the next accepted coding the build left a copy for', async () => {
    const answer = await raw('/remotes/core/remoteEntry.js', { 'Accept-Encoding': CHROME })
    expect(answer.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(answer.body).toString()).toBe(ENTRY)
    const brOnly = await raw('/remotes/core/remoteEntry.js', { 'Accept-Encoding': 'br' })
    expect(brOnly.headers['content-encoding']).toBeUndefined()
    expect(brOnly.body.toString()).toBe(ENTRY)
  })

  test('answers HEAD with the headers of GET and no body', async () => {
    const get = await raw('/main.0123456789abcdef.js', { 'Accept-Encoding': CHROME })
    const head = await raw('/main.0123456789abcdef.js', { 'Accept-Encoding': CHROME }, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.body.length).toBe(0)
    for (const name of ['content-encoding', 'content-length', 'content-type', 'etag', 'cache-control'])
      expect(head.headers[name], name).toBe(get.headers[name])
  })

  test('answers 304 to a browser that holds the same coding of an unchanged file', async () => {
    const first = await raw('/remotes/core/remoteEntry.js', { 'Accept-Encoding': CHROME })
    const etag = first.headers.etag!
    const again = await raw('/remotes/core/remoteEntry.js', { 'Accept-Encoding': CHROME, 'If-None-Match': etag })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
    const identity = await raw('/remotes/core/remoteEntry.js', { 'If-None-Match': etag })
    expect(identity.status).toBe(200)
    expect(identity.headers.etag).not.toBe(etag)
  })

  test('caches content-hashed files for good and entries and index.html not at all', async () => {
    const asset = await get('/main.0123456789abcdef.js')
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    for (const p of ['/remotes/core/remoteEntry.js', '/index.html', '/']) {
      const answer = await get(p)
      expect(answer.status, p).toBe(200)
      expect(answer.headers.get('cache-control'), p).toBe('no-cache')
    }
  })

  test('keeps the security headers on files', async () => {
    const answer = await raw('/main.0123456789abcdef.js', { 'Accept-Encoding': CHROME })
    expect(answer.headers['x-content-type-options']).toBe('nosniff')
    expect(answer.headers['content-security-policy']).toBeTruthy()
  })

  test('answers 404 for a missing asset or remote, and never leaves the build folders', async () => {
    expect((await get('/missing.js')).status).toBe(404)
    expect((await get('/remotes/nope/remoteEntry.js')).status).toBe(404)
    expect((await get('/remotes/core/missing.js')).status).toBe(404)
    for (const p of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/..%5csecret.txt',
      '/remotes/core/../../secret.txt',
      '/remotes/core/..%2f..%2fsecret.txt',
      '/remotes/core/%2e%2e/%2e%2e/secret.txt',
      '/.env',
      '/%2eenv',
      '/%E0%A4%A',
    ]) {
      for (const accept of ['', CHROME]) {
        const answer = await raw(p, { 'Accept-Encoding': accept })
        expect(answer.body.toString(), p).not.toMatch(/not for the web|SECRET/)
        expect([200, 404], p).toContain(answer.status)
      }
    }
  })

  test('leaves /api to the API', async () => {
    expect(await (await get('/api/health')).json()).toEqual({ status: 'ok' })
    expect((await get('/api/nothing-here')).status).toBe(404)
  })
})

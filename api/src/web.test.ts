import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { startTestServer } from './testing'
import { webMiddleware } from './web'

const dir = mkdtempSync(path.join(os.tmpdir(), 'web-'))
const shell = path.join(dir, 'shell')
const remote = path.join(dir, 'core')
mkdirSync(shell)
mkdirSync(remote)
writeFileSync(path.join(shell, 'index.html'), '<!doctype html><title>Business Cloud</title>')
writeFileSync(path.join(shell, 'main.0123456789abcdef.js'), 'console.log(1)')
writeFileSync(path.join(remote, 'remoteEntry.js'), 'var core;')
writeFileSync(path.join(dir, 'secret.txt'), 'not for the web')

const server = await startTestServer({}, { web: webMiddleware({ shell, remotes: { core: remote }, remotesPath: '/remotes' }) })
afterAll(() => server.close())
const get = (p: string) => fetch(`${server.url}${p}`)

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

  test('caches content-hashed files for good and remote entries not at all', async () => {
    const asset = await get('/main.0123456789abcdef.js')
    expect(asset.headers.get('content-type')).toMatch(/javascript/)
    expect(asset.headers.get('cache-control')).toContain('immutable')
    const entry = await get('/remotes/core/remoteEntry.js')
    expect(entry.status).toBe(200)
    expect(entry.headers.get('cache-control')).toBe('no-cache')
  })

  test('answers 404 for a missing asset or remote, and never leaves the build folders', async () => {
    expect((await get('/missing.js')).status).toBe(404)
    expect((await get('/remotes/nope/remoteEntry.js')).status).toBe(404)
    expect((await get('/remotes/core/missing.js')).status).toBe(404)
    for (const p of ['/../secret.txt', '/%2e%2e/secret.txt', '/remotes/core/..%2f..%2fsecret.txt'])
      expect(await (await get(p)).text(), p).not.toContain('not for the web')
  })

  test('leaves /api to the API', async () => {
    expect(await (await get('/api/health')).json()).toEqual({ status: 'ok' })
    expect((await get('/api/nothing-here')).status).toBe(404)
  })
})

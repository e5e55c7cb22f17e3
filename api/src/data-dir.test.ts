/**
 * DATA_DIR is the server's user's alone (issue 7 §4): the folder 0700, the SQLite file,
 * the JWT secret, outbox mails and uploaded files 0600. And the mail log line carries
 * no reset or welcome link unless LOG_MAIL_LINKS (on by NODE_ENV=development) asks.
 */
import { readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, describe, expect, test, vi } from 'vitest'
import { capturedLogger } from '@app/plugin-kit'
import { fixtures } from '@app/testing'
import { loadConfig } from './config'
import { startTestServer } from './testing'

// The mail log's lines (the server logs JSON objects; `msg` is the line).
const { logger, lines } = capturedLogger()
const server = await startTestServer({}, { logger })
afterAll(() => server.close())
const make = fixtures(server)
const account = await make.account()

const modeOf = async (file: string) => (await stat(file)).mode & 0o777

/** Every file and folder under `dir`, with its mode. */
const modesUnder = async (dir: string) => {
  const names = await readdir(dir, { recursive: true })
  return Promise.all(names.map(async (name) => ({ name, mode: await modeOf(path.join(dir, name)), folder: (await stat(path.join(dir, name))).isDirectory() })))
}

const requestReset = (email: string) => server.call('POST', `/api/passwordreset/requestReset?email=${encodeURIComponent(email)}`)

describe('DATA_DIR', () => {
  test('the folder and everything the server writes in it are readable by its user only', async () => {
    expect((await requestReset((await make.user(account)).username)).status).toBeLessThan(300)
    await vi.waitFor(async () => expect((await readdir(path.join(server.config.dataDir, 'outbox'))).length).toBeGreaterThan(0))
    const token = await make.signIn(await make.user(account, 'globalAdmin'))
    const form = new FormData()
    form.append('file', new Blob(['%PDF-1.7\n']), 'guide.pdf')
    expect((await fetch(`${server.url}/api/support`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } })).status).toBe(201)

    expect(await modeOf(server.config.dataDir)).toBe(0o700)
    const entries = await modesUnder(server.config.dataDir)
    const names = entries.map((e) => e.name)
    expect(names).toContain('jwt-secret')
    expect(names.some((n) => n.startsWith('outbox/') && n.endsWith('.eml'))).toBe(true)
    expect(names.some((n) => n.startsWith('files/uploads/'))).toBe(true)
    if (server.config.database.client === 'better-sqlite3') expect(names).toContain('app.sqlite')
    for (const entry of entries) expect(entry.mode, entry.name).toBe(entry.folder ? 0o700 : 0o600)
  })

  test('an existing folder is closed at start', async () => {
    const { chmod, mkdtemp } = await import('node:fs/promises')
    const dir = await mkdtemp(path.join(server.config.dataDir, 'open-'))
    await chmod(dir, 0o755)
    loadConfig({ DATA_DIR: dir }, dir)
    expect(await modeOf(dir)).toBe(0o700)
  })
})

describe('the mail log', () => {
  test('names the mail and its outbox file but not its link outside development', async () => {
    lines.length = 0
    const { username } = account.admin
    await requestReset(username)
    await vi.waitFor(() => expect(lines.some((l) => l.msg.startsWith(`Mail to ${username}`))).toBe(true))
    const line = lines.find((l) => l.msg.startsWith(`Mail to ${username}`))!.msg as string
    expect(line).toMatch(/\(outbox\/.+\.eml\)$/)
    expect(line).not.toMatch(/https?:\/\//)
  })

  test('LOG_MAIL_LINKS follows NODE_ENV=development unless set', () => {
    expect(loadConfig({ DATA_DIR: server.config.dataDir }, server.config.dataDir).logMailLinks).toBe(false)
    expect(loadConfig({ DATA_DIR: server.config.dataDir, NODE_ENV: 'development' }, server.config.dataDir).logMailLinks).toBe(true)
    expect(loadConfig({ DATA_DIR: server.config.dataDir, NODE_ENV: 'development', LOG_MAIL_LINKS: 'false' }, server.config.dataDir).logMailLinks).toBe(false)
  })

  test('in development the link is logged', async () => {
    const { logger: devLogger, lines: devLines } = capturedLogger()
    const dev = await startTestServer({ logMailLinks: true }, { logger: devLogger })
    try {
      const there = fixtures(dev)
      const { username } = await there.user(await there.account())
      await dev.call('POST', `/api/passwordreset/requestReset?email=${encodeURIComponent(username)}`)
      await vi.waitFor(() => expect(devLines.some((l) => l.msg.startsWith(`Mail to ${username}`))).toBe(true))
      expect(devLines.find((l) => l.msg.startsWith(`Mail to ${username}`))?.msg).toMatch(/https?:\/\/\S+/)
    } finally {
      await dev.close()
    }
  })
})

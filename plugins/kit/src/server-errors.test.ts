/**
 * What a client and the log see when something breaks on the server, over real HTTP:
 * a bug answers 500 "Internal error" with an id the log also has (with the stack, never
 * SQL in the answer); a database that goes away answers 503 with Retry-After, readiness
 * says so while liveness stays up, the log holds one line per cause, and the server
 * serves again when the database is back. SQLite, or MariaDB with TEST_DATABASE_URL.
 */
import net from 'node:net'
import { type TestServer, fixtures, startTestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createKnex, databaseConfig } from './database'
import { definePlugin } from './define-plugin'
import { capturedLogger, testDatabase } from './testing'

const brokenPlugin = definePlugin({
  id: 'kit-errors-test',
  module: 'core',
  version: '0.0.0',
  permissions: [],
  migrations: [],
  services: [
    {
      path: 'kit-test-broken',
      methods: ['find'],
      scope: { kind: 'none', why: 'Test service of the kit: fails the way a bug in a query does.' },
      service: (app) => ({
        async find() {
          return app.get('knex').raw('select secret_column from no_such_table')
        },
      }),
    },
  ],
})

/** The admin of a fresh account, signed in. */
const signedInAdmin = async (server: TestServer) => {
  const make = fixtures(server)
  return make.signIn((await make.account()).admin)
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

describe('a bug', () => {
  let server: TestServer
  let token: string
  const { logger, lines } = capturedLogger()
  beforeAll(async () => {
    server = await startTestServer({}, { extraPlugins: [brokenPlugin], logger })
    token = await signedInAdmin(server)
  })
  afterAll(() => server?.close())

  test('answers 500 "Internal error" with an id, and the log has that id with the stack and the SQL error', async () => {
    const ids = []
    for (let i = 0; i < 2; i++) {
      const answer = await server.call('GET', '/api/kit-test-broken', undefined, token)
      expect(answer.status).toBe(500)
      expect(answer.body).toMatchObject({ name: 'GeneralError', message: 'Internal error', code: 500, data: { errorId: expect.stringMatching(UUID) } })
      expect(JSON.stringify(answer.body)).not.toMatch(/no_such_table|secret_column|select/i)
      ids.push(answer.body.data.errorId)
    }
    expect(ids[0]).not.toBe(ids[1])
    for (const errorId of ids) {
      const logged = lines.filter((line) => line.errorId === errorId)
      expect(logged).toHaveLength(1)
      expect(logged[0]).toMatchObject({ level: 50, request: 'GET /api/kit-test-broken' })
      expect(logged[0]!.err.message).toMatch(/no_such_table/)
      expect(logged[0]!.err.stack).toMatch(/\n\s+at /)
    }
  })
})

/** A TCP proxy between the server and MariaDB that can be cut (every connection dropped, new ones refused). */
const cuttableProxy = async (target: { host: string; port: number }) => {
  const sockets = new Set<net.Socket>()
  let down = false
  const proxy = net.createServer((client) => {
    if (down) return client.destroy()
    const upstream = net.connect(target.port, target.host)
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
      socket.on('error', () => {})
    }
    client.pipe(upstream).pipe(client)
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  return {
    port: (proxy.address() as net.AddressInfo).port,
    cut: () => {
      down = true
      for (const socket of sockets) socket.destroy()
    },
    restore: () => {
      down = false
    },
    close: () => new Promise((resolve) => proxy.close(resolve)),
  }
}

const until = async (check: () => Promise<boolean>, timeoutMs = 15_000) => {
  const started = Date.now()
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('Timed out')
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

// The database the suite runs on decides how it goes away: MariaDB behind a proxy that is cut,
// or an SQLite file locked by another process (an open file cannot become unreachable).
const mariadb = Boolean(process.env.TEST_DATABASE_URL)

if (mariadb) describe('a MariaDB that goes away (through a proxy the test cuts)', () => {
  let server: TestServer
  let token: string
  let proxy: Awaited<ReturnType<typeof cuttableProxy>>
  let drop: () => Promise<void>
  const { logger, lines } = capturedLogger()

  beforeAll(async () => {
    const db = await testDatabase()
    drop = db.drop
    const url = new URL((db.config.connection as { uri: string }).uri)
    proxy = await cuttableProxy({ host: url.hostname, port: Number(url.port || 3306) })
    url.host = `127.0.0.1:${proxy.port}`
    // AUTH_CACHE_MS 0: every call reads the caller's session, so the outage meets it there too.
    server = await startTestServer({ database: databaseConfig(url.toString(), ''), dataDir: db.dataDir, authCacheMs: 0 }, { logger })
    token = await signedInAdmin(server)
  })
  afterAll(async () => {
    await server?.close()
    await proxy?.close()
    await drop?.()
  })

  test('calls answer 503 with Retry-After, readiness 503, liveness 200; one log line per cause; then it serves again', async () => {
    expect((await server.call('GET', '/api/health?ready')).status).toBe(200)
    expect((await server.call('GET', '/api/companies', undefined, token)).status).toBe(200)
    const before = lines.length

    proxy.cut()
    const calls = [
      () => server.call('GET', '/api/companies', undefined, token),
      () => server.call('POST', '/api/companies', { name: 'Outage Oy' }, token),
      () => server.call('GET', '/api/health?ready'),
      // Signing in is a call that needs the database too: 503, not a wrong-password 401.
      () => server.call('POST', '/api/authentication', { username: 'nobody@fixture.test', password: 'whatever-password' }),
    ]
    for (let round = 0; round < 4; round++)
      for (const call of calls) {
        const answer = await call()
        expect(answer.status, JSON.stringify(answer.body)).toBe(503)
        expect(answer.headers.get('retry-after')).toBe('5')
        expect(JSON.stringify(answer.body)).not.toMatch(/ECONN|127\.0\.0\.1|select/i)
      }
    const live = await server.call('GET', '/api/health')
    expect(live.status).toBe(200)

    const outage = lines.slice(before)
    // 16 failed calls, a handful of lines: each cause once (the cut sockets, the connections lost),
    // from the error handler and from knex's pool, with no SQL in the summary.
    expect(outage.length).toBeLessThanOrEqual(6)
    expect(outage.filter((line) => /^503 answered for /.test(line.msg)).length).toBeGreaterThan(0)
    expect(outage.every((line) => line.level >= 40 && !/select/i.test(line.msg))).toBe(true)

    proxy.restore()
    await until(async () => (await server.call('GET', '/api/health?ready')).status === 200)
    expect((await server.call('GET', '/api/companies', undefined, token)).status).toBe(200)
    const created = await server.call('POST', '/api/companies', { name: 'After Outage Oy' }, token)
    expect(created.status).toBe(201)
    expect(await server.knex('companies').where({ name: 'Outage Oy' }).first()).toBeUndefined()
  })
})

else describe('an SQLite file another connection holds locked', () => {
  let server: TestServer
  let token: string
  beforeAll(async () => {
    server = await startTestServer()
    token = await signedInAdmin(server)
  })
  afterAll(() => server?.close())

  test('a write answers 503 with Retry-After once the busy timeout has passed, liveness stays 200, and it writes again after', async () => {
    const other = createKnex(databaseConfig(undefined, (server.config.database.connection as { filename: string }).filename))
    await other.raw('begin exclusive')
    try {
      const refused = await server.call('POST', '/api/companies', { name: 'Locked Oy' }, token)
      expect(refused.status, JSON.stringify(refused.body)).toBe(503)
      expect(refused.headers.get('retry-after')).toBe('5')
      expect((await server.call('GET', '/api/health')).status).toBe(200)
    } finally {
      await other.raw('rollback')
      await other.destroy()
    }
    expect((await server.call('POST', '/api/companies', { name: 'Unlocked Oy' }, token)).status).toBe(201)
    expect(await server.knex('companies').where({ name: 'Locked Oy' }).first()).toBeUndefined()
  })
})

describe('an answer that fails while being sent', () => {
  let server: TestServer
  const { logger, lines } = capturedLogger()
  beforeAll(async () => {
    server = await startTestServer({}, { logger })
  })
  afterAll(() => server?.close())

  test('a client that stopped reading is no error (nothing logged); any other failure is logged, and Koa writes nothing of its own', () => {
    // The server's handler is the only one, so Koa adds none that writes to stderr.
    expect(server.app.listenerCount('error')).toBe(1)
    server.app.emit('error', Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' }))
    expect(lines.filter((line) => line.level >= 50)).toEqual([])
    server.app.emit('error', new Error('The socket broke'))
    expect(lines.filter((line) => line.level >= 50)).toEqual([expect.objectContaining({ msg: 'An answer failed while being sent', err: expect.objectContaining({ message: 'The socket broke' }) })])
  })
})

/**
 * Two instances (`npm start`'s server, bundled as it runs it, as separate processes) started together on one
 * fresh database: neither dies on the other's migration lock, the demo is seeded once,
 * and a token one signs is accepted by the other (shared secret and audience); with Redis
 * (TEST_REDIS_URL, else the local one), a change made on one is heard live on the other.
 * SQLite (one DATA_DIR), or MariaDB with TEST_DATABASE_URL (one DATABASE_URL).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createKnex, httpClient, testDatabase, withMigrationLock } from '@app/plugin-kit'
import { createClient } from 'redis'
import { afterEach, beforeAll, expect, test } from 'vitest'
import { bundleServer } from '../bundle.mjs'

const API_DIR = path.dirname(path.dirname(fileURLToPath(import.meta.url)))
const PASSWORD = 'two-instances-password'
/** Where `npm run build` writes it: the bundle finds its packages in the repository's node_modules. */
const MAIN = path.join(API_DIR, 'dist', 'main.js')

beforeAll(() => bundleServer(path.join(API_DIR, 'src', 'main.ts'), MAIN))

interface Instance {
  process: ChildProcess
  url: Promise<string>
  logs: Record<string, any>[]
}

/** Starts the bundled server with `env`; its URL comes from its "Listening" log line. */
const startInstance = (env: Record<string, string>): Instance => {
  const child = spawn(process.execPath, [MAIN], { cwd: API_DIR, env: { ...process.env, PORT: '0', DEMO_PASSWORD: PASSWORD, SEED_DEMO: 'true', ...env } })
  const logs: Record<string, any>[] = []
  const url = new Promise<string>((resolve, reject) => {
    let pending = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      pending += chunk.toString()
      const lines = pending.split('\n')
      pending = lines.pop()!
      for (const line of lines) {
        const entry = JSON.parse(line)
        logs.push(entry)
        if (entry.port) resolve(`http://127.0.0.1:${entry.port}`)
      }
    })
    child.on('exit', (code) => reject(new Error(`The instance stopped (${code}): ${JSON.stringify(logs)}`)))
  })
  return { process: child, url, logs }
}

let instances: Instance[] = []
let cleanUp = async () => {}
afterEach(async () => {
  for (const { process: child } of instances) {
    const exited = new Promise((resolve) => child.once('exit', resolve))
    if (child.exitCode === null) child.kill('SIGTERM')
    await exited
  }
  instances = []
  await cleanUp()
})

/** A fresh database and the environment two instances share for it (each with a DATA_DIR of its own on MariaDB). */
const freshDatabase = async () => {
  const db = await testDatabase()
  const knex = createKnex(db.config)
  cleanUp = async () => {
    await knex.destroy()
    await db.drop()
  }
  const mariadb = db.config.client === 'mysql2'
  const env = async (): Promise<Record<string, string>> =>
    mariadb
      ? {
          DATABASE_URL: (db.config.connection as { uri: string }).uri,
          JWT_SECRET: 'a-secret-both-instances-share-0123456789',
          TOTP_KEY: 'ef'.repeat(32),
          DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'bc-instance-')),
        }
      : { DATA_DIR: db.dataDir }
  return { knex, env, mariadb }
}

const logged = (pattern: RegExp) => instances.flatMap((instance) => instance.logs).filter((entry) => pattern.test(entry.msg))

/** Both answer readiness; a token signed by the first works on the second; the demo exists once. */
const expectBothServe = async () => {
  const [callA, callB] = (await Promise.all(instances.map((instance) => instance.url))).map(httpClient)
  for (const call of [callA!, callB!]) expect((await call('GET', '/api/health?ready')).status).toBe(200)
  const signedIn = await callA!('POST', '/api/authentication', { username: 'admin@demo.test', password: PASSWORD })
  expect(signedIn.status).toBe(201)
  const companies = await callB!('GET', '/api/companies?name=Nordic Steel Oy', undefined, signedIn.body.accessToken)
  expect(companies.status, `the second instance answered ${JSON.stringify(companies.body)}`).toBe(200)
  expect(companies.body.total).toBe(1)
  expect(logged(/^Demo data created/)).toHaveLength(1)
}

test('two instances started together on an empty database both serve, with one demo and each other’s tokens', async () => {
  const { env, mariadb } = await freshDatabase()
  instances = [startInstance(await env()), startInstance(await env())]
  await expectBothServe()
  // Uploads on local disk are each instance's own: with a shared database, each says so at start.
  expect(logged(/more than one instance needs S3 storage/)).toHaveLength(mariadb ? 2 : 0)
}, 120_000)

test('instances that find the migration lock taken wait for it, then migrate one after the other and serve', async () => {
  const { knex, env } = await freshDatabase()
  // A third instance holds the lock until both have said they wait; then both race for it.
  await withMigrationLock(knex, undefined, async () => {
    instances = [startInstance(await env()), startInstance(await env())]
    for (let i = 0; logged(/^Another instance is migrating/).length < 2; i++) {
      if (i > 600 || instances.some((x) => x.process.exitCode !== null))
        throw new Error(`The instances did not wait: ${JSON.stringify(instances.map((x) => x.logs))}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  })
  await expectBothServe()
  expect(logged(/has finished with the database; going on/).length).toBeGreaterThanOrEqual(2)
}, 120_000)

test('with Redis, a change made on one instance is heard live by a listener on the other', async () => {
  const { env } = await freshDatabase()
  const redis = { REDIS_URL: process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379' }
  instances = [startInstance({ ...(await env()), ...redis }), startInstance({ ...(await env()), ...redis })]
  const [urlA, urlB] = await Promise.all(instances.map((instance) => instance.url))
  const [callA, callB] = [httpClient(urlA!), httpClient(urlB!)]
  // What passes through Redis: only the events someone may hear live, never a sign-in's token.
  const watcher = createClient({ url: redis.REDIS_URL })
  await watcher.connect()
  const passed: string[] = []
  await watcher.pSubscribe('business-cloud-events:*', (message) => passed.push(message))
  const token = (await callA('POST', '/api/authentication', { username: 'admin@demo.test', password: PASSWORD })).body.accessToken as string
  const projectId = (await callA('GET', '/api/projects?$limit=1', undefined, token)).body.data[0].id as number
  const controller = new AbortController()
  const response = await fetch(`${urlA}/api/live/projects/${projectId}`, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal })
  expect(response.status).toBe(200)
  let heard = ''
  const reading = (async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }))
      if (done) return
      heard += value
    }
  })()
  try {
    const made = await callB('POST', '/api/checklists', { parentId: projectId, title: 'Made on B', description: 'Heard on A' }, token)
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    await expect.poll(() => heard, { timeout: 10_000 }).toContain('event: checklists created')
    expect(heard).toContain('"title":"Made on B"')
    expect(passed.some((message) => JSON.parse(message).path === 'checklists')).toBe(true)
    expect(passed.filter((message) => JSON.parse(message).path !== 'checklists').map((message) => JSON.parse(message).path)).toEqual([])
    expect(passed.join('\n')).not.toContain(token)
  } finally {
    controller.abort()
    await reading
    await watcher.quit()
  }
}, 120_000)

/** Helpers for tests that talk to a real server over HTTP with a real database. */
import { mkdtemp } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Knex } from 'knex'
import { createKnex, databaseConfig, migrate, migrationNames } from './database'
import type { PluginDefinition } from './define-plugin'
import { createLogger } from './logger'

/** Migrated tables, read back to be made again: each one's CREATE statement and rows (the migrations' own bookkeeping, any rows they seed). */
interface SchemaCopy {
  creates: string[]
  rows: [table: string, rows: Record<string, unknown>[]][]
}

/**
 * On MariaDB, migrating an empty database costs about 2 s (each table, index and key its
 * own DDL), and a run starts some 150 test servers; making the migrated tables again from
 * their CREATE statements costs 0.3 s. Each test process migrates once per set of
 * migrations and copies the result into every further database it makes.
 */
const schemaCopies = new Map<string, Promise<SchemaCopy>>()

/** One connection for a whole copy: `foreign_key_checks` is the connection's, and tables are made in any order. */
const oneConnection = (url: string) => createKnex({ ...databaseConfig(url, ''), pool: { min: 1, max: 1 } })

const databaseUrl = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

const newDatabaseName = () => `test_${process.pid}_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`

const onServer = async (serverUrl: string, statement: string) => {
  const admin = createKnex(databaseConfig(serverUrl, ''))
  try {
    await admin.raw(statement)
  } finally {
    await admin.destroy()
  }
}

/** Migrates a database of its own with `plugins`' migrations, reads it back and drops it. */
const copySchema = async (serverUrl: string, plugins: PluginDefinition[]): Promise<SchemaCopy> => {
  const name = newDatabaseName()
  await onServer(serverUrl, `create database \`${name}\` character set utf8mb4 collate utf8mb4_unicode_ci`)
  const knex = oneConnection(databaseUrl(serverUrl, name))
  try {
    await migrate(knex, plugins)
    const [tables] = await knex.raw("show full tables where Table_type = 'BASE TABLE'")
    const names = (tables as Record<string, string>[]).map((row) => Object.values(row)[0]!)
    const copy: SchemaCopy = { creates: [], rows: [] }
    for (const table of names) {
      const [[created]] = await knex.raw('show create table ??', [table])
      copy.creates.push(created['Create Table'])
      const rows = await knex(table).select()
      if (rows.length) copy.rows.push([table, rows])
    }
    return copy
  } finally {
    await knex.destroy()
    await onServer(serverUrl, `drop database if exists \`${name}\``)
  }
}

/** Makes `copy`'s tables and rows in the empty database at `url`. */
const pasteSchema = async (url: string, copy: SchemaCopy) => {
  const knex = oneConnection(url)
  try {
    await knex.raw('set foreign_key_checks = 0')
    for (const create of copy.creates) await knex.raw(create)
    for (const [table, rows] of copy.rows) await knex(table).insert(rows)
  } finally {
    await knex.destroy()
  }
}

/**
 * A fresh database for one test server: an SQLite file in a temporary folder, or,
 * when TEST_DATABASE_URL names a MySQL/MariaDB server, a new database on it that
 * `drop` removes again. With `migrated`, the MariaDB database already holds those plugins'
 * migrations (copied, see schemaCopies; SQLite migrates in a tenth of a second).
 */
export const testDatabase = async ({ migrated }: { migrated?: PluginDefinition[] } = {}): Promise<{ config: Knex.Config; dataDir: string; drop: () => Promise<void> }> => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bc-test-'))
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) return { config: databaseConfig(undefined, path.join(dataDir, 'app.sqlite')), dataDir, drop: async () => {} }
  const name = newDatabaseName()
  await onServer(serverUrl, `create database \`${name}\` character set utf8mb4 collate utf8mb4_unicode_ci`)
  const url = databaseUrl(serverUrl, name)
  const drop = () => onServer(serverUrl, `drop database if exists \`${name}\``)
  if (migrated) {
    const key = migrationNames(migrated).join('\n')
    let copy = schemaCopies.get(key)
    if (!copy) {
      copy = copySchema(serverUrl, migrated)
      schemaCopies.set(key, copy)
      // A failed copy is not kept: the next server tries again.
      copy.catch(() => schemaCopies.delete(key))
    }
    try {
      await pasteSchema(url, await copy)
    } catch (error) {
      // No server will drop a database it never got.
      await drop()
      throw error
    }
  }
  return { config: databaseConfig(url, ''), dataDir, drop }
}

export interface HttpAnswer<T = any> {
  status: number
  body: T
  headers: Headers
}

/** A small JSON client for tests: `call('POST', '/api/x', body, token, { 'idempotency-key': 'k' })`. */
export const httpClient =
  (baseUrl: string) =>
  async <T = any>(method: string, url: string, body?: unknown, token?: string, extraHeaders: Record<string, string> = {}): Promise<HttpAnswer<T>> => {
    const headers: Record<string, string> = { accept: 'application/json', ...extraHeaders }
    // A form goes as multipart, with the boundary fetch writes; anything else as JSON.
    const form = body instanceof FormData
    if (body !== undefined && !form) headers['content-type'] ??= 'application/json'
    if (token) headers.authorization = `Bearer ${token}`
    const response = await fetch(baseUrl + url, {
      method,
      headers,
      body: body === undefined ? undefined : form || typeof body === 'string' ? body : JSON.stringify(body),
    })
    // An event stream (a live GET) never ends by itself: its opening is the answer, and the test is done with it.
    if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
      await response.body?.cancel()
      return { status: response.status, body: undefined as T, headers: response.headers }
    }
    const text = await response.text()
    let parsed: any = text
    try {
      parsed = text ? JSON.parse(text) : undefined
    } catch {}
    return { status: response.status, body: parsed, headers: response.headers }
  }

/** A logger whose JSON lines land in `lines`, for tests of what the server logs. */
export const capturedLogger = () => {
  const lines: Record<string, any>[] = []
  const logger = createLogger({ destination: { write: (line: string) => lines.push(JSON.parse(line)) } })
  return { logger, lines }
}

import { chmodSync } from 'node:fs'
import knexFactory, { type Knex } from 'knex'
import type { Migration, PluginDefinition } from './define-plugin'
import { objectLiteralFunction } from './object-literal'

/** knex settings for a DATABASE_URL (mysql://…) or, without one, the embedded SQLite file. */
export const databaseConfig = (url: string | undefined, sqliteFile: string): Knex.Config => {
  if (url) {
    return {
      client: 'mysql2',
      connection: { uri: url, charset: 'utf8mb4', timezone: 'Z', dateStrings: true } as any,
      pool: { min: 0, max: 10 },
    }
  }
  return {
    client: 'better-sqlite3',
    connection: { filename: sqliteFile },
    useNullAsDefault: true,
    pool: {
      min: 1,
      max: 1,
      // WAL lets readers go on while one writer writes; foreign keys are off by default in SQLite.
      afterCreate: (conn: any, done: (err: Error | null, conn: unknown) => void) => {
        // The server's user only; SQLite gives its -wal and -shm files the same mode.
        if (conn.name !== ':memory:') chmodSync(conn.name, 0o600)
        conn.pragma('journal_mode = WAL')
        conn.pragma('synchronous = NORMAL')
        conn.pragma('foreign_keys = ON')
        conn.pragma('busy_timeout = 5000')
        cacheStatements(conn)
        done(null, conn)
      },
    },
  }
}

/**
 * knex prepares every query anew; on SQLite preparing costs as much as running a
 * small query. The same SQL text is reused from a bounded cache instead (knex runs
 * each statement to its end synchronously, so one statement is never in use twice).
 */
const STATEMENT_CACHE_SIZE = 500
const cacheStatements = (conn: { prepare: (sql: string) => unknown }) => {
  const prepare = conn.prepare.bind(conn)
  const cache = new Map<string, unknown>()
  conn.prepare = (sql: string) => {
    let statement = cache.get(sql)
    if (statement === undefined) {
      statement = prepare(sql)
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string)
      cache.set(sql, statement)
    }
    return statement
  }
}

interface SqliteStatement {
  reader: boolean
  columns(): { name: string }[]
  raw(on: boolean): SqliteStatement
  all(bindings: unknown[]): unknown[][]
}

type RowObject = (values: unknown[]) => Record<string, unknown>

const rowObjects = new WeakMap<SqliteStatement, RowObject>()
const rowObjectOf = (statement: SqliteStatement) => {
  let make = rowObjects.get(statement)
  if (!make) {
    make = objectLiteralFunction<unknown[]>(statement.columns().map(({ name }, i) => [name, `input[${i}]`]))
    rowObjects.set(statement, make)
  }
  return make
}

/**
 * better-sqlite3 builds each row object in C++ one property at a time: past a dozen
 * columns that is a slow dictionary object, and the costliest part of reading a page.
 * Reads instead fetch plain arrays (raw mode), and each becomes an object through an
 * object literal compiled once per statement: the same keys and values, a fast object.
 * Reads inside a transaction, and writes, go the usual way.
 */
const readRowsAsArrays = (knex: Knex) => {
  const client = knex.client as any
  const query = client._query.bind(client)
  client._query = async (connection: { prepare(sql: string): SqliteStatement } | undefined, obj: any) => {
    if (!connection || !obj.sql || obj.options?.safeIntegers !== undefined) return query(connection, obj)
    const statement = connection.prepare(obj.sql)
    if (!statement.reader) return query(connection, obj)
    arrayReads.set(knex, (arrayReads.get(knex) ?? 0) + 1)
    const make = rowObjectOf(statement)
    statement.raw(true)
    try {
      obj.response = statement.all(client._formatBindings(obj.bindings)).map(make)
    } finally {
      statement.raw(false)
    }
    return obj
  }
}

/** Reads served as arrays, per knex instance: the start-up check proves the path is taken. */
const arrayReads = new WeakMap<Knex, number>()
export const arrayReadCount = (knex: Knex) => arrayReads.get(knex) ?? 0

export const createKnex = (config: Knex.Config) => {
  const knex = knexFactory(config)
  if (config.client === 'better-sqlite3') readRowsAsArrays(knex)
  return knex
}

/** Every plugin's migrations as one knex migration source, sorted by name. */
export const migrationSource = (plugins: PluginDefinition[]): Knex.MigrationSource<Migration> => {
  const all = plugins.flatMap((p) => p.migrations).sort((a, b) => a.name.localeCompare(b.name))
  const names = new Set<string>()
  for (const m of all) {
    if (names.has(m.name)) throw new Error(`Two migrations are named ${m.name}`)
    names.add(m.name)
  }
  return {
    getMigrations: async () => all,
    getMigrationName: (m) => m.name,
    getMigration: async (m) => ({ up: m.up, down: m.down }),
  }
}

/** Applies pending migrations; knex's lock table keeps two instances from racing. */
export const migrate = async (knex: Knex, plugins: PluginDefinition[]) => {
  const [, applied] = await knex.migrate.latest({ migrationSource: migrationSource(plugins) })
  return applied as string[]
}

/**
 * Rows where any of `columns` contains `text`, whatever the case, with the text taken
 * literally (a typed % or _ is no wildcard). '!' escapes: a backslash means different
 * things inside SQL strings on MariaDB and SQLite. `lowerCased` columns already hold
 * lower-case copies (search keys), so they are compared without lower().
 */
export const whereContains = (query: Knex.QueryBuilder, columns: string[], text: string, options: { lowerCased?: boolean } = {}) => {
  const pattern = `%${text.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`
  const compared = options.lowerCased ? '??' : 'lower(??)'
  return query.where((any) => {
    for (const column of columns) any.orWhereRaw(`${compared} like ? escape '!'`, [column, pattern])
  })
}

/** The current time as stored: ISO-8601 UTC strings sort and compare the same on every database. */
export const nowIso = () => new Date().toISOString()

import { chmodSync } from 'node:fs'
import { ERROR } from '@feathersjs/knex'
import knexFactory, { type Knex } from 'knex'
import { type Logger, repeatSummariser } from './logger'
import type { Migration, PluginDefinition } from './define-plugin'
import { idempotencyKeysMigration } from './idempotency'
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

/** knex's own warnings (a failed connection, with its stack) go to the log, each cause once, then summarised. */
const knexLog = (logger: Logger) => {
  const summarise = repeatSummariser(logger)
  const log = (level: 'warn' | 'error') => (message: string) => {
    const firstLine = `knex: ${String(message).split('\n')[0]}`
    summarise(firstLine, level, {}, firstLine)
  }
  return { warn: log('warn'), error: log('error'), deprecate: (message: string) => logger.warn(`knex: ${message}`), debug: () => {} }
}

/**
 * A read straight on SQLite's one connection, without knex's runner and pool (on the list
 * call they cost about as much as SQLite itself). better-sqlite3 runs a statement to its end
 * synchronously, so the one state that outlives a query is an open transaction: then, before
 * the pool has made its connection, or on another database, the answer is undefined and the
 * caller goes through knex, which waits for the transaction like any query. knex's query
 * events are emitted as for its own queries (the SQL statistics and tests count them).
 */
export const readDirect = (knex: Knex, sql: string, bindings: readonly unknown[]): Record<string, unknown>[] | undefined => {
  const connection = sqliteConnections.get(knex)?.connection
  if (!connection?.open || connection.inTransaction) return undefined
  const statement = connection.prepare(sql)
  const query = { method: 'raw', sql, bindings, __knexQueryUid: `direct-${++directReads}` }
  knex.emit('query', query)
  const make = rowObjectOf(statement)
  statement.raw(true)
  try {
    // As knex binds them: booleans as 1 and 0, dates as numbers (its client's formatter, proved at start).
    const rows = statement.all((knex.client as any)._formatBindings(bindings)).map(make)
    knex.emit('query-response', rows, query)
    return rows
  } finally {
    statement.raw(false)
  }
}
let directReads = 0

interface SqliteConnection {
  open: boolean
  inTransaction: boolean
  prepare(sql: string): SqliteStatement
}

/** Each knex's SQLite connection, kept by the pool's `afterCreate` (a public setting) when it is made. */
const sqliteConnections = new WeakMap<Knex, { connection?: SqliteConnection }>()

type AfterCreate = (connection: SqliteConnection, done: (error: Error | null, connection: unknown) => void) => void

const keepingConnection = (afterCreate: AfterCreate | undefined, kept: { connection?: SqliteConnection }): AfterCreate => (connection, done) => {
  const keep = (error: Error | null, made: unknown) => {
    if (!error) kept.connection = made as SqliteConnection
    done(error, made)
  }
  if (afterCreate) afterCreate(connection, keep)
  else keep(null, connection)
}

export const createKnex = (config: Knex.Config, logger?: Logger) => {
  const sqlite = config.client === 'better-sqlite3'
  const kept: { connection?: SqliteConnection } = {}
  const pool = sqlite ? { ...config.pool, afterCreate: keepingConnection(config.pool?.afterCreate as AfterCreate | undefined, kept) } : config.pool
  const knex = knexFactory({ ...config, pool, ...(logger ? { log: knexLog(logger) } : {}) })
  if (sqlite) {
    readRowsAsArrays(knex)
    sqliteConnections.set(knex, kept)
  }
  return knex
}

const sortedMigrations = (plugins: PluginDefinition[], own: Migration[]) => [...own, ...plugins.flatMap((p) => p.migrations)].sort((a, b) => a.name.localeCompare(b.name))

/** Every plugin's migrations as one knex migration source, sorted by name. */
export const migrationSource = (plugins: PluginDefinition[], own: Migration[] = []): Knex.MigrationSource<Migration> => {
  const all = sortedMigrations(plugins, own)
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

/** The kit's own tables (idempotency keys), migrated with the plugins'. */
const KIT_MIGRATIONS: Migration[] = [idempotencyKeysMigration]

/** The names of the migrations `migrate` runs for `plugins`, in order: the kit's and theirs. */
export const migrationNames = (plugins: PluginDefinition[]) => sortedMigrations(plugins, KIT_MIGRATIONS).map((m) => m.name)

/** How long an instance waits for another's migrations before it gives up starting. */
export const MIGRATION_WAIT_MS = 120_000
const MIGRATION_POLL_MS = 250

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * knex makes its migration tables with "if missing, create" and "if empty, insert the
 * lock row": two instances starting together on an empty database can both create
 * (one fails) or both insert (then neither can ever take the lock). Made here first, a
 * creation that loses the race is ignored, and so is a second lock row (it has a fixed key).
 */
const prepareMigrationTables = async (knex: Knex) => {
  const create = async (table: string, columns: (t: Knex.CreateTableBuilder) => void) => {
    if (await knex.schema.hasTable(table)) return
    await knex.schema.createTable(table, columns).catch(async (error) => {
      if (!(await knex.schema.hasTable(table))) throw error
    })
  }
  await create('knex_migrations', (t) => {
    t.increments()
    t.string('name')
    t.integer('batch')
    t.timestamp('migration_time')
  })
  await create('knex_migrations_lock', (t) => {
    t.increments('index').primary()
    t.integer('is_locked')
  })
  if (await knex('knex_migrations_lock').first('index')) return
  await knex('knex_migrations_lock').insert({ index: 1, is_locked: 0 }).catch((error) => {
    if (!isUniqueViolation(error)) throw error
  })
}

/** A unique index refused the write (as the driver says it, or inside the adapter's error). */
export const isUniqueViolation = (error: any): boolean =>
  ['ER_DUP_ENTRY', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY'].includes(error?.code) || (error?.[ERROR] !== undefined && isUniqueViolation(error[ERROR]))

const isMigrationLocked = (error: unknown) => (error as Error | undefined)?.name === 'MigrationLocked'

const LOCK_TAKEN = Symbol('lock taken')

/** Runs `attempt` until it finds the migration lock free, polling it for at most MIGRATION_WAIT_MS. */
const whenLockFree = async <T>(logger: Logger | undefined, attempt: () => Promise<T | typeof LOCK_TAKEN>): Promise<T> => {
  const started = Date.now()
  for (let waiting = false; ; waiting = true) {
    const result = await attempt()
    if (result !== LOCK_TAKEN) {
      if (waiting) logger?.info({ waitedMs: Date.now() - started }, 'The other instance has finished with the database; going on')
      return result
    }
    if (Date.now() - started > MIGRATION_WAIT_MS)
      throw new Error(
        `The migration lock is still taken after ${MIGRATION_WAIT_MS / 1000} s. If no other instance is starting (one stopped half-way), ` +
          'free it with `update knex_migrations_lock set is_locked = 0` and start again.',
      )
    if (!waiting) logger?.info(`Another instance is migrating or seeding the database; waiting for it (at most ${MIGRATION_WAIT_MS / 1000} s)`)
    await sleep(MIGRATION_POLL_MS)
  }
}

/**
 * Applies pending migrations. knex's lock keeps two instances from running them at
 * once; the one that finds it taken waits for the other and then finds nothing left
 * to do, instead of dying with MigrationLocked.
 */
export const migrate = async (knex: Knex, plugins: PluginDefinition[], logger?: Logger) => {
  await prepareMigrationTables(knex)
  const source = migrationSource(plugins, KIT_MIGRATIONS)
  return whenLockFree(logger, async () => {
    // Only try when the lock looks free: knex logs two warnings each time it finds it taken.
    if (await knex('knex_migrations_lock').where({ is_locked: 1 }).first('index')) return LOCK_TAKEN
    try {
      const [, applied] = await knex.migrate.latest({ migrationSource: source })
      return applied as string[]
    } catch (error) {
      if (isMigrationLocked(error)) return LOCK_TAKEN
      throw error
    }
  })
}

/** Runs `work` holding the migration lock (two instances seeding an empty database take turns). */
export const withMigrationLock = async (knex: Knex, logger: Logger | undefined, work: () => Promise<void>) => {
  await prepareMigrationTables(knex)
  return whenLockFree(logger, async () => {
    const taken = await knex('knex_migrations_lock').where({ is_locked: 0 }).update({ is_locked: 1 })
    if (taken !== 1) return LOCK_TAKEN
    try {
      await work()
    } finally {
      await knex('knex_migrations_lock').update({ is_locked: 0 })
    }
  })
}

/**
 * Rows where any of `columns` contains `text`, whatever the case, with the text taken
 * literally (a typed % or _ is no wildcard). '!' escapes: a backslash means different
 * things inside SQL strings on MariaDB and SQLite. No lower() on the column, which cost a
 * copy of each row's text (half of MariaDB's 2.7 s over an account's 2,000,000 file names):
 * SQLite's LIKE ignores the case of ASCII letters, as its lower() folds no others; on MySQL and
 * MariaDB the pattern names a case-insensitive collation, whatever the column's (a case-blind
 * one compares as before). `lowerCased` columns hold lower-case copies (search keys, some of
 * them in a binary collation, which compares faster), compared as they are.
 */
export const whereContains = (query: Knex.QueryBuilder, columns: string[], text: string, options: { lowerCased?: boolean } = {}) => {
  const pattern = `%${text.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`
  const caseBlind = !options.lowerCased && (query as unknown as { client: Knex.Client }).client.config.client !== 'better-sqlite3'
  const test = caseBlind ? `?? like ? collate ${CASE_BLIND_COLLATION} escape '!'` : `?? like ? escape '!'`
  return query.where((any) => {
    for (const column of columns) any.orWhereRaw(test, [column, pattern])
  })
}

/** MySQL's and MariaDB's case- and accent-blind collation of the product's character set (utf8mb4, databaseConfig). */
const CASE_BLIND_COLLATION = 'utf8mb4_general_ci'

/** The current time as stored: ISO-8601 UTC strings sort and compare the same on every database. */
export const nowIso = () => new Date().toISOString()

/**
 * A list's total, counted no further than `upTo` rows: a list that can hold hundreds of
 * thousands (an account's documents, its files) is not counted in full for every page it
 * shows. Below the bound the total is exact; at it, `capped` says more rows match (the
 * pager shows "1,025+"), and a later page counts further, as it asks with a larger bound.
 */
export const countUpTo = async (knex: Knex, query: Knex.QueryBuilder, upTo: number): Promise<{ total: number; capped: boolean }> => {
  const [count] = await countQuery(knex, query, upTo)
  return totalOf(count?.total, upTo)
}

/** `select count(*) as total` of the query's rows, no further than `upTo` rows past which it stops. */
const countQuery = (knex: Knex, query: Knex.QueryBuilder, upTo?: number) => {
  const rows = query.clone().clearSelect().clearOrder().clear('offset').clear('limit')
  if (upTo === undefined) return rows.count({ total: '*' })
  return knex.from(rows.select(knex.raw('1 as counted')).limit(upTo + 1).as('matched')).count({ total: '*' })
}

const totalOf = (counted: unknown, upTo?: number) => {
  const matched = Number(counted ?? 0)
  return upTo === undefined ? { total: matched, capped: false } : { total: Math.min(matched, upTo), capped: matched > upTo }
}

/**
 * A search group's first rows in its order and its count to `upTo`, for lists of hundreds of
 * thousands. The hits are first read in no order, to one past `upTo`, which stops early for a
 * text that many rows hold. When fewer come back, they are every hit: the page is chosen among
 * those ids (`page(ids)` reads them by key). Only past `upTo` does `page(null)` read the group in
 * its order, where the hits come early. Before, a text few rows hold (a document's number) was sought
 * through every row twice, once counting and once in order for the page (three times for a
 * member, whose page first asks where each project's first hit lies).
 */
export const firstHits = async <Row>(
  hits: Knex.QueryBuilder,
  idColumn: string,
  upTo: number,
  page: (ids: number[] | null) => Promise<Row[]>,
): Promise<{ rows: Row[]; total: number; capped: boolean }> => {
  const found = (await hits.clone().clearSelect().clearOrder().select(`${idColumn} as id`).limit(upTo + 1)) as { id: number }[]
  const total = Math.min(found.length, upTo)
  const capped = found.length > upTo
  return { rows: total ? await page(capped ? null : found.map((row) => Number(row.id))) : [], total, capped }
}

/** The column the total rides in (firstRowsCounted); it never reaches the caller. */
const COUNTED = '__counted'

/**
 * A list's first rows and its exact total (a search group of hundreds of thousands counts to a
 * bound instead: firstHits). On MySQL and MariaDB in one statement: the count rides on each row
 * as an uncorrelated scalar subquery, worked out once, and a statement fewer matters there, as
 * each is sent, parsed and planned afresh (0.3–0.5 ms). SQLite sends nothing and keeps its
 * statements prepared, and planned a count worse inside the page than alone (a member's
 * documents led by the account's 500,000 instead of their 240 projects: 12 ms against 0.7), so
 * there the two are asked in turn. `first` must be the list's first rows (it skips none), so no
 * rows means nothing matches; `first` null (no rows wanted) asks the count alone.
 */
export const firstRowsCounted = async <Row extends Record<string, unknown>>(
  knex: Knex,
  list: Knex.QueryBuilder,
  first: Knex.QueryBuilder | null,
): Promise<{ rows: Row[]; total: number }> => {
  if (!first || knex.client.config.client === 'better-sqlite3') {
    const [count] = await countQuery(knex, list)
    const total = Number(count?.total ?? 0)
    return { rows: first && total ? ((await first) as Row[]) : [], total }
  }
  const rows: Record<string, unknown>[] = await first.select(knex.raw('(?) as ??', [countQuery(knex, list), COUNTED]))
  const counted = rows[0]?.[COUNTED]
  for (const row of rows) delete row[COUNTED]
  return { rows: rows as Row[], total: Number(counted ?? 0) }
}

/**
 * SQLite plans a query from its tables' statistics, and keeps none unless asked: without
 * them it walked the documents' number order for a member holding 240 of 5,000 projects,
 * testing each of 500,000 documents against their projects, where a page from the
 * member's projects takes 4 ms (and for an account admin the walk is the fast plan: 0.1
 * ms). `PRAGMA optimize` (SQLite's advice for long-lived connections) gathers them where
 * missing or where a table has grown tenfold, each index sampled (analysis_limit), so it
 * costs a quarter of a second on that data set: at start-up and then hourly. MariaDB's
 * InnoDB keeps its own (persistent statistics, recalculated as tables change).
 */
export const STATISTICS_SAMPLE_ROWS = 2000
export const refreshStatistics = async (knex: Knex) => {
  if (knex.client.config.client !== 'better-sqlite3') return
  await knex.raw(`pragma analysis_limit = ${STATISTICS_SAMPLE_ROWS}`)
  await knex.raw('pragma optimize = 0x10002')
}

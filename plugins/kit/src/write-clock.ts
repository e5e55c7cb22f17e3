/**
 * Caches of what nearly every request reads (the caller's session, their grants) that
 * stay exact on this process. A write clock watches every statement this process sends
 * through knex: a write that names one of the watched tables moves it when the write
 * starts, and again when its connection goes back to the pool (after its COMMIT, for a
 * write inside a transaction). An entry counts only while the clock still reads what it
 * read when the entry's load began, so a load that raced a write is never used after
 * the write has finished: the first request that starts after the writing request has
 * answered reads the database again.
 *
 * Writes this process cannot see (another instance on the same database, a script) are
 * only bounded by the caches' maximum age.
 */
import type { Knex } from 'knex'

export interface WriteClock {
  /** Moves on every watched write; never moves back. */
  readonly time: number
}

/** Statements that change no rows. Anything else naming a watched table counts as a write. */
const READS = /^\s*(select|pragma|begin|commit|rollback|savepoint|release|start transaction|show|explain|set\s)/i

interface QueryEvent {
  sql?: string
  __knexUid?: string
}

/**
 * A clock over writes to `tables` through `knex`. `ignore` names writes that cannot change
 * what any cache holds (a new session row, for a cache that never keeps a missing row).
 */
export const writeClock = (knex: Knex, tables: readonly string[], options: { ignore?: RegExp } = {}): WriteClock => {
  const names = new RegExp(`(^|[^\\w$])(${tables.join('|')})($|[^\\w$])`, 'i')
  const watched = (sql: string | undefined) => !!sql && !READS.test(sql) && names.test(sql) && !options.ignore?.test(sql)
  let time = 0
  // Connections that ran a watched write: the write is done when the connection is released.
  const writing = new Set<string>()
  knex.on('query', (query: QueryEvent) => {
    if (!watched(query.sql)) return
    time++
    if (query.__knexUid) writing.add(query.__knexUid)
  })
  const done = (_answer: unknown, query: QueryEvent) => {
    if (watched(query.sql)) time++
  }
  knex.on('query-response', done)
  knex.on('query-error', done)
  const client = knex.client as { releaseConnection: (connection: { __knexUid?: string }) => Promise<void> }
  const release = client.releaseConnection.bind(client)
  client.releaseConnection = (connection) => {
    const released = release(connection)
    if (connection.__knexUid && writing.delete(connection.__knexUid)) time++
    return released
  }
  return {
    get time() {
      return time
    },
  }
}

export interface ClockedCacheOptions {
  /** Entries kept; the oldest goes first. */
  max: number
  /** The longest an entry is used, bounding writes the clock cannot see; 0 turns the cache off. */
  maxAgeMs: number
}

/**
 * A read-through cache whose entries end when the clock moves or when they reach their
 * maximum age. Concurrent readers of one key share one load; failed loads, and values
 * `keep` refuses, are not kept.
 */
export class ClockedCache<K, V> {
  private readonly entries = new Map<K, { value: Promise<V>; time: number; until: number }>()

  constructor(
    private readonly clock: WriteClock,
    private readonly options: ClockedCacheOptions,
  ) {}

  get(key: K, load: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
    if (this.options.maxAgeMs <= 0) return load()
    const now = Date.now()
    const known = this.entries.get(key)
    if (known && known.time === this.clock.time && now < known.until) return known.value
    if (known) this.entries.delete(key)
    const entry = { time: this.clock.time, until: now + this.options.maxAgeMs, value: load() }
    if (this.entries.size >= this.options.max) this.entries.delete(this.entries.keys().next().value as K)
    this.entries.set(key, entry)
    const forget = () => {
      if (this.entries.get(key) === entry) this.entries.delete(key)
    }
    entry.value.then((value) => keep(value) || forget(), forget)
    return entry.value
  }
}

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
  /**
   * Moves on every watched write that may touch one of `scopes`: writes the clock's
   * `scopesOf` places in them, and every write it cannot place. Never moves back.
   */
  timeOf(scopes: readonly string[]): number
}

/** Statements that change no rows. Anything else naming a watched table counts as a write. */
const READS = /^\s*(select|pragma|begin|commit|rollback|savepoint|release|start transaction|show|explain|set\s)/i

export interface QueryEvent {
  sql?: string
  bindings?: readonly unknown[]
  __knexUid?: string
}

export interface WriteClockOptions {
  /** Writes that cannot change what any cache holds (a new session row, for a cache that never keeps a missing row). */
  ignore?: RegExp
  /**
   * The scopes a write can touch (`account:5`), so that caches of other scopes keep their
   * entries; `undefined` when it cannot tell, and then the write touches every scope.
   */
  scopesOf?: (query: QueryEvent) => readonly string[] | undefined
}

/** The scope of the writes a clock cannot place: part of every scope's time. */
const EVERY = ''

/** A clock over writes to `tables` through `knex`. */
export const writeClock = (knex: Knex, tables: readonly string[], options: WriteClockOptions = {}): WriteClock => {
  const names = new RegExp(`(^|[^\\w$])(${tables.join('|')})($|[^\\w$])`, 'i')
  const watched = (sql: string | undefined) => !!sql && !READS.test(sql) && names.test(sql) && !options.ignore?.test(sql)
  const placed = (query: QueryEvent) => options.scopesOf?.(query) ?? [EVERY]
  let time = 0
  // Writes per scope; a scope's time is the writes placed in it plus those placed nowhere.
  const times = new Map<string, number>()
  const move = (scopes: Iterable<string>) => {
    time++
    for (const scope of scopes) times.set(scope, (times.get(scope) ?? 0) + 1)
  }
  // Connections that ran a watched write, and its scopes: the write is done when the connection is released.
  const writing = new Map<string, Set<string>>()
  knex.on('query', (query: QueryEvent) => {
    if (!watched(query.sql)) return
    const scopes = placed(query)
    move(scopes)
    if (!query.__knexUid) return
    const open = writing.get(query.__knexUid) ?? new Set<string>()
    for (const scope of scopes) open.add(scope)
    writing.set(query.__knexUid, open)
  })
  const done = (_answer: unknown, query: QueryEvent) => {
    if (watched(query.sql)) move(placed(query))
  }
  knex.on('query-response', done)
  knex.on('query-error', done)
  const client = knex.client as { releaseConnection: (connection: { __knexUid?: string }) => Promise<void> }
  const release = client.releaseConnection.bind(client)
  client.releaseConnection = (connection) => {
    const released = release(connection)
    const scopes = connection.__knexUid && writing.get(connection.__knexUid)
    if (scopes) {
      writing.delete(connection.__knexUid!)
      move(scopes)
    }
    return released
  }
  return {
    get time() {
      return time
    },
    timeOf(scopes) {
      let sum = times.get(EVERY) ?? 0
      for (const scope of scopes) sum += times.get(scope) ?? 0
      return sum
    },
  }
}

export interface ClockedCacheOptions<K> {
  /** Entries kept; the oldest goes first. */
  max: number
  /** The longest an entry is used, bounding writes the clock cannot see; 0 turns the cache off. */
  maxAgeMs: number
  /** The clock scopes an entry depends on (see WriteClock.timeOf); without it every write ends every entry. */
  scopesOf?: (key: K) => readonly string[]
}

/**
 * A read-through cache whose entries end when the clock moves (in their scopes, when the
 * cache names them) or when they reach their maximum age. Concurrent readers of one key share one load; failed loads, and values
 * `keep` refuses, are not kept.
 */
export class ClockedCache<K, V> {
  private readonly entries = new Map<K, { value: Promise<V>; time: number; until: number; scopes?: readonly string[] }>()

  constructor(
    private readonly clock: WriteClock,
    private readonly options: ClockedCacheOptions<K>,
  ) {}

  private timeOf(scopes: readonly string[] | undefined) {
    return scopes ? this.clock.timeOf(scopes) : this.clock.time
  }

  get(key: K, load: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
    if (this.options.maxAgeMs <= 0) return load()
    const now = Date.now()
    const known = this.entries.get(key)
    // A key's scopes never change: a kept entry carries them.
    const scopes = known ? known.scopes : this.options.scopesOf?.(key)
    const time = this.timeOf(scopes)
    if (known && known.time === time && now < known.until) return known.value
    if (known) this.entries.delete(key)
    const entry = { time, until: now + this.options.maxAgeMs, value: load(), scopes }
    if (this.entries.size >= this.options.max) this.entries.delete(this.entries.keys().next().value as K)
    this.entries.set(key, entry)
    const forget = () => {
      if (this.entries.get(key) === entry) this.entries.delete(key)
    }
    entry.value.then((value) => keep(value) || forget(), forget)
    return entry.value
  }
}

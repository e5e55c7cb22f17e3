/**
 * The write clock and the caches it ends, on a real database (SQLite, or MariaDB with
 * TEST_DATABASE_URL): a kept value is never used after a write to its tables has finished.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Knex } from 'knex'
import { createKnex } from './database'
import { testDatabase } from './testing'
import { ClockedCache, type WriteClock, writeClock } from './write-clock'

let knex: Knex
let drop: () => Promise<void>
let clock: WriteClock

beforeAll(async () => {
  const db = await testDatabase()
  drop = db.drop
  knex = createKnex(db.config)
  await knex.schema.createTable('grants', (t) => {
    t.increments('id')
    t.string('name')
  })
  await knex.schema.createTable('visits', (t) => {
    t.increments('id')
  })
  await knex.schema.createTable('account_grants', (t) => {
    t.increments('id')
  })
  clock = writeClock(knex, ['grants'], { ignore: /^\s*delete\s/i })
})

afterAll(async () => {
  await knex.destroy()
  await drop()
})

const names = async () => (await knex('grants').orderBy('id').select('name')).map((r) => r.name as string)

describe('the write clock', () => {
  test('moves on a write to a watched table, not on reads, other tables or ignored writes', async () => {
    const before = clock.time
    await knex('grants').select('id')
    await knex('visits').insert({})
    // Only the whole name counts: account_grants is another table.
    await knex('account_grants').insert({})
    await knex('grants').where({ id: -1 }).delete()
    expect(clock.time).toBe(before)
    await knex('grants').insert({ name: 'a' })
    expect(clock.time).toBeGreaterThan(before)
    const after = clock.time
    await knex.raw('update grants set name = ? where id = -1', ['b'])
    expect(clock.time).toBeGreaterThan(after)
  })

  test('inside a transaction it moves at the write and again once the transaction is over', async () => {
    const before = clock.time
    let duringWrite = 0
    await knex.transaction(async (trx) => {
      await trx('grants').insert({ name: 'in a transaction' })
      duringWrite = clock.time
      await trx('visits').insert({})
    })
    expect(duringWrite).toBeGreaterThan(before)
    expect(clock.time).toBeGreaterThan(duringWrite)
  })

  test('a failed write moves it too', async () => {
    const before = clock.time
    await expect(knex('grants').insert({ id: 1, name: 'the same id again' })).rejects.toThrow()
    expect(clock.time).toBeGreaterThan(before)
  })
})

describe('a clocked cache', () => {
  const cache = () => new ClockedCache<string, string[]>(clock, { max: 10, maxAgeMs: 60_000 })

  test('loads once while nothing is written, and again after a write', async () => {
    const kept = cache()
    let loads = 0
    const load = () => {
      loads++
      return names()
    }
    const first = await kept.get('k', load)
    expect(await kept.get('k', load)).toEqual(first)
    expect(loads).toBe(1)
    await knex('grants').insert({ name: 'new' })
    expect(await kept.get('k', load)).toContain('new')
    expect(loads).toBe(2)
  })

  test('a load that raced a write is not used after the write', async () => {
    const kept = cache()
    let release = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    // The load reads, then waits while a write starts and finishes, then answers what it read.
    const racing = kept.get('k', async () => {
      const read = await names()
      await gate
      return read
    })
    await knex('grants').insert({ name: 'written during the load' })
    release()
    expect(await racing).not.toContain('written during the load')
    expect(await kept.get('k', names)).toContain('written during the load')
  })

  test('readers of one key share one load; failed loads and refused values are not kept', async () => {
    const kept = cache()
    let loads = 0
    const load = async () => {
      loads++
      return ['x']
    }
    await Promise.all([kept.get('k', load), kept.get('k', load)])
    expect(loads).toBe(1)

    await expect(kept.get('failing', () => Promise.reject(new Error('down')))).rejects.toThrow('down')
    expect(await kept.get('failing', load)).toEqual(['x'])

    const empty = async () => {
      loads++
      return [] as string[]
    }
    const before = loads
    await kept.get('empty', empty, (value) => value.length > 0)
    await kept.get('empty', empty, (value) => value.length > 0)
    expect(loads).toBe(before + 2)
  })

  test('entries end at their maximum age; 0 keeps nothing; the oldest goes first when full', async () => {
    let loads = 0
    const load = async () => [String(++loads)]
    const off = new ClockedCache<string, string[]>(clock, { max: 10, maxAgeMs: 0 })
    await off.get('k', load)
    await off.get('k', load)
    expect(loads).toBe(2)

    const short = new ClockedCache<string, string[]>(clock, { max: 10, maxAgeMs: 20 })
    const first = await short.get('k', load)
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(await short.get('k', load)).not.toEqual(first)

    const small = new ClockedCache<string, string[]>(clock, { max: 2, maxAgeMs: 60_000 })
    const a = await small.get('a', load)
    await small.get('b', load)
    await small.get('c', load)
    expect(await small.get('a', load)).not.toEqual(a)
  })
})

describe('a clock that places writes in scopes', () => {
  // A write is placed by its `name` value; one without a name cannot be placed.
  const scoped = () => writeClock(knex, ['grants'], { scopesOf: ({ sql, bindings }) => (/^insert/i.test(sql ?? '') && bindings?.[0] ? [String(bindings[0])] : undefined) })

  test('ends only the entries of the scope written, at the write and again once its transaction is over', async () => {
    const placed = scoped()
    const kept = new ClockedCache<string, number>(placed, { max: 10, maxAgeMs: 60_000, scopesOf: (key) => [key] })
    let loads = 0
    const load = async () => ++loads
    await kept.get('a', load)
    await kept.get('b', load)
    const timeOfB = placed.timeOf(['b'])
    let duringWrite = 0
    await knex.transaction(async (trx) => {
      await trx('grants').insert({ name: 'a' })
      duringWrite = placed.timeOf(['a'])
    })
    expect(placed.timeOf(['a'])).toBeGreaterThan(duringWrite)
    expect(placed.timeOf(['b'])).toBe(timeOfB)
    expect(await kept.get('b', load)).toBe(2)
    expect(await kept.get('a', load)).toBe(3)
  })

  test('a write it cannot place ends every scope', async () => {
    const placed = scoped()
    const before = placed.timeOf(['a'])
    await knex('grants').where({ id: -1 }).update({ name: 'x' })
    expect(placed.timeOf(['a'])).toBeGreaterThan(before)
    expect(placed.timeOf(['b'])).toBeGreaterThan(0)
  })
})

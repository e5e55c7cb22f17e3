/**
 * List statements compiled once per shape answer exactly what knex's own compile does, on
 * a real database (SQLite, or MariaDB with TEST_DATABASE_URL): the same finds run through
 * a TableService that keeps statements and one that leaves every call to knex.
 */
import type { Knex } from 'knex'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createKnex } from './database'
import { StatementCache, shapeOf } from './statement-cache'
import { TableService } from './table-service'
import { testDatabase } from './testing'

let knex: Knex
let drop: () => Promise<void>

const options = () => ({ Model: knex, name: 'gadgets', search: { filter: { columns: ['gadgets.name'] } } })

/** The same service with a createQuery of its own: the cache never sees its calls. */
class Uncached extends TableService {
  override createQuery(params?: any) {
    return super.createQuery(params)
  }
}

beforeAll(async () => {
  const db = await testDatabase()
  drop = db.drop
  knex = createKnex(db.config)
  await knex.schema.createTable('gadgets', (t) => {
    t.increments('id')
    t.integer('account_id').notNullable()
    t.string('name').notNullable()
    t.string('colour')
    t.boolean('on').notNullable().defaultTo(false)
  })
  const colours = ['red', 'green', null, 'blue']
  await knex('gadgets').insert(
    Array.from({ length: 30 }, (_, i) => ({ account_id: 1 + (i % 2), name: `Gadget ${String(i).padStart(2, '0')}`, colour: colours[i % 4], on: i % 3 === 0 })),
  )
})

afterAll(async () => {
  await knex.destroy()
  await drop()
})

const queries: Record<string, unknown>[] = [
  { accountId: 1, $limit: 5 },
  { accountId: 2, $limit: 5 },
  { accountId: 1, $limit: 5, $skip: 5, $sort: { name: -1 } },
  { accountId: 1, $limit: 5, $skip: 10, $sort: { name: 1 } },
  { accountId: 2, colour: null, $limit: 10 },
  { accountId: 2, colour: 'red', $limit: 10 },
  { accountId: 1, on: true, $limit: 10 },
  { accountId: 1, on: false, $limit: 10 },
  { accountId: 1, colour: { $in: ['red', 'blue'] }, $limit: 10 },
  { accountId: 1, colour: { $in: ['green'] }, $limit: 10 },
  { accountId: 1, colour: { $in: [] }, $limit: 10 },
  { accountId: 2, id: { $gt: 10, $lte: 20 }, $limit: 10 },
  { accountId: 2, $or: [{ colour: 'red' }, { name: { $like: 'Gadget 1%' } }], $limit: 10 },
  { accountId: 1, $select: ['name'], $limit: 3 },
  { accountId: 1, filter: 'gadget 1', $limit: 10 },
  { accountId: 1, $limit: 5, $skip: 100 },
  { accountId: 3, $limit: 5 },
  // The shape of the second query but for the page size, which is written into the SQL text.
  { accountId: 2, $limit: 7 },
]

describe('a TableService that keeps its list statements', () => {
  test('answers every find as knex compiles it anew, however the calls come', async () => {
    const cached = new TableService(options())
    const uncached = new Uncached(options())
    // Twice over: the first call of each shape compiles it, the second uses what was kept.
    const kept: string[] = []
    const notKept = new Set<string>()
    for (const round of [1, 2])
      for (const query of queries) {
        const expected = await uncached.find({ query })
        const onQuery = (q: { method?: string; sql: string }) => q.method === 'raw' && kept.push(q.sql)
        knex.on('query', onQuery)
        const before = kept.length
        const answer = await cached.find({ query })
        if (kept.length === before) notKept.add(JSON.stringify(query))
        knex.removeListener('query', onQuery)
        expect({ round, query, answer }).toEqual({ round, query, answer: expected })
      }
    // Every call ran a kept statement but the text search (its pattern is made of the text) and an empty list.
    expect([...notKept]).toEqual([JSON.stringify(queries[10]), JSON.stringify(queries[14])])
  })

  test('inside a transaction, reads what the transaction sees', async () => {
    const service = new TableService(options())
    const before = (await service.find({ query: { accountId: 1, $limit: 1 } })) as { total: number }
    await knex.transaction(async (trx) => {
      await trx('gadgets').insert({ account_id: 1, name: 'Gadget in a transaction' })
      const within = (await service.find({ query: { accountId: 1, $limit: 1 }, transaction: { trx } } as any)) as { total: number }
      expect(within.total).toBe(before.total + 1)
      throw new Error('roll back')
    }).catch((error) => expect(error.message).toBe('roll back'))
  })
})

describe('StatementCache', () => {
  const build = (where: Record<string, unknown>, [limit]: number[]) => knex('gadgets').where(where).limit(limit!)

  test('keeps a shape whose values reach the bindings whole, and binds each call’s own', () => {
    const cache = new StatementCache()
    const first = cache.statement({ account_id: 1, name: 'a' }, [], [5], build)
    const second = cache.statement({ account_id: 7, name: 'b' }, [], [9], build)
    expect(second?.sql).toBe(first?.sql)
    expect(second?.bindings).toEqual(build({ account_id: 7, name: 'b' }, [9]).toSQL().bindings)
  })

  test('keeps no shape whose SQL a value changes or decides', () => {
    const cache = new StatementCache()
    const pattern = (where: Record<string, unknown>, [limit]: number[]) => knex('gadgets').where('name', 'like', `%${where.name}%`).limit(limit!)
    expect(cache.statement({ name: 'a' }, [], [5], pattern)).toBeUndefined()
    const decided = (where: Record<string, unknown>, [limit]: number[]) =>
      (where.name === 'x' ? knex('gadgets').whereNull('colour') : knex('gadgets').where('name', where.name as string)).limit(limit!)
    expect(cache.statement({ name: 'x' }, [], [5], decided)).toBeUndefined()
  })

  test('tells shapes apart by key, null, booleans, list lengths, types and what is taken verbatim', () => {
    const key = (conditions: unknown, verbatim: unknown[] = []) => shapeOf(conditions, verbatim, [10])?.key
    expect(key({ a: 1 })).toBe(key({ a: 2 }))
    expect(key({ a: 1 })).not.toBe(key({ b: 1 }))
    expect(key({ a: 1 })).not.toBe(key({ a: '1' }))
    expect(key({ a: 1 })).not.toBe(key({ a: null }))
    expect(key({ a: true })).not.toBe(key({ a: false }))
    expect(key({ a: { $in: [1, 2] } })).not.toBe(key({ a: { $in: [1] } }))
    expect(key({ a: 1 }, [{ name: 1 }])).not.toBe(key({ a: 1 }, [{ name: -1 }]))
    expect(key({ a: 1 }, [Object.freeze(['id', 'name'])])).toBe(key({ a: 1 }, [['id', 'name']]))
    expect(shapeOf({ a: new Date() }, [], [10])).toBeUndefined()
    expect(shapeOf({ a: Number.NaN }, [], [10])).toBeUndefined()
  })
})

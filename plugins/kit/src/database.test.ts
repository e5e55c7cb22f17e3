/**
 * What a query answers, on a real database (SQLite, or MariaDB with TEST_DATABASE_URL):
 * rows are plain objects with the columns as written, however SQLite reads them.
 */
import type { Knex } from 'knex'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { countUpTo, createKnex, firstHits, firstRowsCounted, refreshStatistics, whereContains } from './database'
import { objectLiteralFunction } from './object-literal'
import { TableService } from './table-service'
import { testDatabase } from './testing'

let knex: Knex
let drop: () => Promise<void>

beforeAll(async () => {
  const db = await testDatabase()
  drop = db.drop
  knex = createKnex(db.config)
  await knex.schema.createTable('things', (t) => {
    t.increments('id')
    t.string('name')
    t.boolean('on').notNullable().defaultTo(false)
    t.float('share')
  })
  await knex('things').insert([{ name: 'a', on: true, share: 0.5 }, { name: 'b"c', on: false, share: null }])
})

afterAll(async () => {
  await knex.destroy()
  await drop()
})

describe('rows', () => {
  test('come back as plain objects with every column, in order, of every type', async () => {
    const rows = await knex('things').orderBy('id').select('*')
    expect(rows.map((r) => Object.keys(r))).toEqual([
      ['id', 'name', 'on', 'share'],
      ['id', 'name', 'on', 'share'],
    ])
    expect(rows.map((r) => ({ ...r, on: Boolean(r.on) }))).toEqual([
      { id: 1, name: 'a', on: true, share: 0.5 },
      { id: 2, name: 'b"c', on: false, share: null },
    ])
    expect(Object.getPrototypeOf(rows[0])).toBe(Object.prototype)
    expect(await knex('things').where('id', -1).select('*')).toEqual([])
    expect(await knex('things').where('id', 2).first('name')).toEqual({ name: 'b"c' })
  })

  test('odd column names stay data; a repeated name keeps the last value', async () => {
    const answer = await knex.raw('select 1 as x, 2 as x, 4 as "a\'b"')
    const [row] = Array.isArray(answer[0]) ? answer[0] : answer
    expect(row).toEqual({ x: 2, "a'b": 4 })
  })

  test('reads inside a transaction and rows a write returns look the same', async () => {
    await knex.transaction(async (trx) => {
      expect(await trx('things').where('id', 1).first('id', 'name')).toEqual({ id: 1, name: 'a' })
    })
    expect((await knex('things').count({ n: '*' }))[0]).toEqual({ n: 2 })
  })
})

describe('an object-literal function', () => {
  test('builds objects from expressions over its input, names taken literally', () => {
    const make = objectLiteralFunction<number[]>([
      ['a', 'input[0]'],
      ['b"); throw new Error("no', 'input[1]'],
      ['__proto__', 'double(input[0])'],
    ], { double: (n: number) => n * 2 })
    const made = make([1, 2])
    expect(Object.getPrototypeOf(made)).toBe(Object.prototype)
    expect(Object.entries(made)).toEqual([
      ['a', 1],
      ['b"); throw new Error("no', 2],
      ['__proto__', 2],
    ])
  })
})

describe('a table service page', () => {
  const service = () => new TableService({ Model: knex, name: 'things', paginate: { default: 1, max: 10 } })

  test('answers its rows and the total of every match, in one statement', async () => {
    const queries: string[] = []
    const record = (q: { sql: string }) => queries.push(q.sql)
    knex.on('query', record)
    const page = await service()._find({ query: { $sort: { id: 1 } } })
    knex.off('query', record)
    expect(page).toEqual({ total: 2, limit: 1, skip: 0, data: [{ id: 1, name: 'a', on: 1, share: 0.5 }] })
    expect(queries).toHaveLength(1)
  })

  test('is read straight from SQLite, without knex, while no transaction is open', async () => {
    const sqlite = knex.client.config.client === 'better-sqlite3'
    const uids: string[] = []
    const record = (q: { __knexQueryUid: string }) => uids.push(q.__knexQueryUid)
    knex.on('query', record)
    await service()._find({ query: { $sort: { id: 1 } } })
    knex.off('query', record)
    expect(uids.map((uid) => uid.startsWith('direct-'))).toEqual([sqlite])
  })

  test('waits for an open transaction and never reads what it has not committed', async () => {
    let commit!: () => void
    let inserted!: () => void
    const wrote = new Promise<void>((resolve) => (inserted = resolve))
    const transaction = knex.transaction(async (trx) => {
      await trx('things').insert({ name: 'uncommitted' })
      inserted()
      await new Promise<void>((resolve) => (commit = resolve))
    })
    await wrote
    let page: any
    const reading = service()._find({ query: { $sort: { id: 1 } } }).then((answer) => (page = answer))
    if (knex.client.config.client === 'better-sqlite3') {
      // SQLite's one connection is the transaction's: the read waits for it, then sees the row.
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(page).toBeUndefined()
      commit()
      await Promise.all([transaction, reading])
      expect(page.total).toBe(3)
    } else {
      // MariaDB reads on another connection what was committed.
      await reading
      expect(page.total).toBe(2)
      commit()
      await transaction
    }
    await knex('things').where({ name: 'uncommitted' }).delete()
    expect((await service()._find({ query: {} })).total).toBe(2)
  })

  test('a failing read answers a Feathers error, not the driver error', async () => {
    const broken = new TableService({ Model: knex, name: 'no_such_table', paginate: { default: 1, max: 10 } })
    await expect(broken._find({ query: {} })).rejects.toMatchObject({ className: expect.any(String) })
  })

  test('past the last page, and filtered to nothing, the total is still right', async () => {
    expect(await service()._find({ query: { $skip: 5 } })).toEqual({ total: 2, limit: 1, skip: 5, data: [] })
    expect(await service()._find({ query: { name: 'none' } })).toEqual({ total: 0, limit: 1, skip: 0, data: [] })
    expect(await service()._find({ query: { name: 'a', $skip: 1 } })).toEqual({ total: 1, limit: 1, skip: 1, data: [] })
    expect(await service()._find({ query: { $limit: 0 } })).toEqual({ total: 2, limit: 0, skip: 0, data: [] })
  })
})

describe('a count up to a bound', () => {
  test('is exact below the bound and says "more" past it, whatever the query selects, sorts or pages', async () => {
    await knex.schema.createTable('counted', (t) => {
      t.increments('id')
      t.integer('group').notNullable()
    })
    await knex.batchInsert('counted', Array.from({ length: 30 }, (_, n) => ({ group: n % 3 })), 30)
    const group = (g: number) => knex('counted').where({ group: g }).select('id').orderBy('id', 'desc').limit(2).offset(5)
    expect(await countUpTo(knex, group(0), 25)).toEqual({ total: 10, capped: false })
    expect(await countUpTo(knex, group(0), 10)).toEqual({ total: 10, capped: false })
    expect(await countUpTo(knex, group(0), 9)).toEqual({ total: 9, capped: true })
    expect(await countUpTo(knex, knex('counted'), 20)).toEqual({ total: 20, capped: true })
    expect(await countUpTo(knex, knex('counted').where({ group: 7 }), 20)).toEqual({ total: 0, capped: false })
  })

  test("the first rows come with the list's exact total (in one statement on MariaDB), no row carrying it", async () => {
    const list = () => knex('counted').where({ group: 1 })
    const first = () => list().select('id').orderBy('id').limit(3)
    const statements: string[] = []
    const count = (query: { sql: string }) => statements.push(query.sql)
    knex.on('query', count)
    const counted = await firstRowsCounted<{ id: number }>(knex, list(), first())
    knex.off('query', count)
    expect(statements).toHaveLength(knex.client.config.client === 'better-sqlite3' ? 2 : 1)
    expect(counted.total).toBe(10)
    expect(counted.rows.map((row) => Object.keys(row))).toEqual([['id'], ['id'], ['id']])
    expect(counted.rows.map((row) => Number(row.id))).toEqual([2, 5, 8])
    expect(await firstRowsCounted(knex, list(), null)).toEqual({ rows: [], total: 10 })
    const none = () => knex('counted').where({ group: 7 })
    expect(await firstRowsCounted(knex, none(), none().select('id').limit(3))).toEqual({ rows: [], total: 0 })
  })
})

describe("a search group's first hits", () => {
  test('among few, the page is chosen from their ids; among more than the count, in order from all; none, no page', async () => {
    const asked: (number[] | null)[] = []
    const page = (group: number) => async (ids: number[] | null) => {
      asked.push(ids)
      return (await (ids ? knex('counted').whereIn('id', ids) : knex('counted').where({ group })).select('id').orderBy('id', 'desc').limit(3)) as { id: number }[]
    }
    const group = (g: number) => knex('counted').where({ group: g })
    // Group 1: ids 2, 5, …, 29 (10 rows).
    const few = await firstHits<{ id: number }>(group(1), 'id', 10, page(1))
    expect(few).toMatchObject({ total: 10, capped: false })
    expect(few.rows.map((row) => Number(row.id))).toEqual([29, 26, 23])
    expect(asked.at(-1)?.sort((a, b) => a - b)).toEqual([2, 5, 8, 11, 14, 17, 20, 23, 26, 29])
    const many = await firstHits<{ id: number }>(group(1), 'id', 9, page(1))
    expect(many).toMatchObject({ total: 9, capped: true })
    expect(many.rows.map((row) => Number(row.id))).toEqual([29, 26, 23])
    expect(asked.at(-1)).toBeNull()
    const asks = asked.length
    expect(await firstHits(group(7), 'id', 9, page(7))).toEqual({ rows: [], total: 0, capped: false })
    expect(asked).toHaveLength(asks)
    expect(await firstHits(group(1), 'id', 9, async () => [])).toEqual({ rows: [], total: 9, capped: true })
  })
})

describe('a contains-test', () => {
  test('finds the text in any case, inside the value, taken literally, whatever the column\'s collation', async () => {
    const mysql = knex.client.config.client !== 'better-sqlite3'
    await knex.schema.createTable('named', (t) => {
      t.increments('id')
      t.string('name')
      // A binary collation compares case: the test must not lean on the column's.
      if (mysql) t.string('exact').collate('utf8mb4_bin')
      else t.string('exact')
      t.string('name_key')
    })
    const names = ['Harbour Bridge', 'OLD HARBOUR', 'harbourside', 'Bridge', '50% done', '50 done', 'a_b', 'ab']
    await knex('named').insert(names.map((name) => ({ name, exact: name, name_key: name.toLowerCase() })))
    const found = async (column: string, text: string, lowerCased = false) =>
      (await whereContains(knex('named'), [column], text, { lowerCased }).orderBy('id').pluck(column)) as string[]
    for (const column of ['name', 'exact']) {
      expect(await found(column, 'harbour')).toEqual(['Harbour Bridge', 'OLD HARBOUR', 'harbourside'])
      expect(await found(column, 'HARBOUR b')).toEqual(['Harbour Bridge'])
      expect(await found(column, '50%')).toEqual(['50% done'])
      expect(await found(column, 'a_b')).toEqual(['a_b'])
      expect(await found(column, 'quay')).toEqual([])
    }
    expect(await found('name_key', 'HARBOUR', true)).toEqual(['harbour bridge', 'old harbour', 'harbourside'])
  })
})

describe('the statistics the query planner reads', () => {
  test('SQLite gathers them for each index (without them it chose walks over lookups); on MariaDB InnoDB keeps its own', async () => {
    await knex.schema.createTable('planned', (t) => {
      t.increments('id')
      t.integer('owner').notNullable().index('planned_owner_index')
    })
    await knex.batchInsert('planned', Array.from({ length: 50 }, (_, n) => ({ owner: n % 5 })), 50)
    await refreshStatistics(knex)
    if (knex.client.config.client !== 'better-sqlite3') return
    const stats = await knex('sqlite_stat1').where({ tbl: 'planned' }).select('idx', 'stat')
    expect(stats).toEqual([{ idx: 'planned_owner_index', stat: '50 10' }])
  })
})

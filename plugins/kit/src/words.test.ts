/**
 * The word index on a real database (SQLite, or MariaDB with TEST_DATABASE_URL): which
 * texts a search finds, whether the index names the rows or each row is probed.
 */
import type { Knex } from 'knex'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createKnex } from './database'
import { testDatabase } from './testing'
import { WORD_ENTRY_LENGTH, type WordIndex, createWordIndex, wordEntries, wordKey, wordMatch, wordText, writeWords } from './words'

describe('words', () => {
  test('are split at signs and where letters and digits meet, in lower case, without accents', () => {
    expect(wordText('PR-00001-D001 Façade')).toBe('pr 00001 d 001 facade')
    expect(wordText('  Plan_3rd floor (rev.B)  ')).toBe('plan 3 rd floor rev b')
    expect(wordText('Østre Ålesund — København')).toBe('østre alesund københavn')
    expect(wordText('50%')).toBe('50')
    expect(wordText('--- %_ ')).toBe('')
  })

  test("a text's entries start at each word, each once, cut to whole characters", () => {
    expect(wordEntries('PR-00001-D001 Facade')).toEqual(['pr 00001 d 001 facade', '00001 d 001 facade', 'd 001 facade', '001 facade', 'facade'])
    expect(wordEntries('sheet sheet')).toEqual(['sheet sheet', 'sheet'])
    // Cut by characters: a UTF-16 cut at 40 units would keep half of the 20th 𝔸.
    expect(wordEntries(`a${'𝔸'.repeat(45)}`)).toEqual([`a${'𝔸'.repeat(WORD_ENTRY_LENGTH - 1)}`])
    expect(wordEntries('')).toEqual([])
  })
})

describe('a word search', () => {
  let knex: Knex
  let drop: () => Promise<void>
  const index: WordIndex = { table: 'item_words', row: 'item_id', keys: ['owner_id'] }
  const names = ['PR-00001-D001 Facade north', 'PR-00001-D002 Façade south', 'PR-00002-D001 Roof', 'Floor plan 3rd', 'Plan of the floor', 'Ærø harbour']

  beforeAll(async () => {
    const db = await testDatabase()
    drop = db.drop
    knex = createKnex(db.config)
    await knex.schema.createTable('items', (t) => {
      t.increments('id')
      t.integer('account_id').notNullable()
      t.string('name').notNullable()
      t.integer('owner_id')
      t.string('name_key')
    })
    await createWordIndex(knex, index, 'items.id')
    for (const accountId of [1, 2])
      for (const [n, name] of names.entries()) {
        // Every other item is owner 7's.
        const owner = n % 2 ? 7 : 8
        const [id] = await knex('items').insert({ account_id: accountId, name, owner_id: owner, name_key: wordKey(name, 255) })
        await writeWords(knex, index, [{ id: Number(id), accountId, text: name, keys: { owner_id: owner } }])
      }
  })

  afterAll(async () => {
    await knex.destroy()
    await drop()
  })

  const found = async (text: string, few?: number, textColumn?: string) => {
    const match = await wordMatch(knex, index, { accountId: 1, idColumn: 'items.id', textColumn }, text, few)
    return (await match(knex('items').where('items.account_id', 1)).orderBy('items.id').pluck('name')) as string[]
  }

  test('finds the start of any word or number, in any case and accent, in the caller\'s account alone', async () => {
    // The default names the few rows found; few 1 tests each row, in the word index or on its word key: the same answers every way.
    for (const [few, key] of [[undefined, undefined], [1, undefined], [1, 'items.name_key']] as const) {
      expect(await found('00001', few, key)).toEqual(['PR-00001-D001 Facade north', 'PR-00001-D002 Façade south'])
      expect(await found('pr-00001-d001', few, key)).toEqual(['PR-00001-D001 Facade north'])
      expect(await found('D001', few, key)).toEqual(['PR-00001-D001 Facade north', 'PR-00002-D001 Roof'])
      expect(await found('FAÇADE', few, key)).toEqual(['PR-00001-D001 Facade north', 'PR-00001-D002 Façade south'])
      expect(await found('floor', few, key)).toEqual(['Floor plan 3rd', 'Plan of the floor'])
      expect(await found('floor plan', few, key)).toEqual(['Floor plan 3rd'])
      expect(await found('3rd', few, key)).toEqual(['Floor plan 3rd'])
      expect(await found('ærø', few, key)).toEqual(['Ærø harbour'])
      // Inside a word or a number is not a start.
      expect(await found('0001', few, key)).toEqual([])
      expect(await found('acade', few, key)).toEqual([])
      expect(await found('-%_', few, key)).toEqual([])
    }
  })

  test("among a key's rows, the index is read for them alone: the answers are the same", async () => {
    const owned = async (text: string, few?: number) => {
      const match = await wordMatch(knex, index, { accountId: 1, idColumn: 'items.id', among: [{ key: 'owner_id', value: 7 }] }, text, few)
      return (await match(knex('items').where({ 'items.account_id': 1, owner_id: 7 })).orderBy('items.id').pluck('name')) as string[]
    }
    for (const few of [undefined, 0]) {
      expect(await owned('facade', few)).toEqual(['PR-00001-D002 Façade south'])
      expect(await owned('floor', few)).toEqual(['Floor plan 3rd'])
      expect(await owned('roof', few)).toEqual([])
    }
    // Two keys' rows together (either may hold the row), each read by its own range.
    const either = await wordMatch(knex, index, { accountId: 1, idColumn: 'items.id', among: [{ key: 'owner_id', value: 7 }, { key: 'owner_id', value: 8 }] }, 'pr')
    expect(await either(knex('items').where('items.account_id', 1)).orderBy('items.id').pluck('name')).toEqual(names.slice(0, 3))
  })

  test('two transactions writing the entries of neighbouring rows both go through', async () => {
    // Deleting a new row's (empty) range of entries first locked the gap past it on MariaDB: the two inserts then deadlocked.
    const write = (name: string) =>
      knex.transaction(async (trx) => {
        const [id] = await trx('items').insert({ account_id: 3, name })
        await writeWords(trx, index, [{ id: Number(id), accountId: 3, text: name }])
        await new Promise((resolve) => setTimeout(resolve, 50))
        await writeWords(trx, index, [{ id: Number(id), accountId: 3, text: `${name} revised` }])
      })
    await Promise.all([write('Pier A'), write('Pier B')])
    const match = await wordMatch(knex, index, { accountId: 3, idColumn: 'items.id' }, 'revised')
    expect(await match(knex('items')).orderBy('id').pluck('name')).toEqual(['Pier A', 'Pier B'])
  })

  test("a row's entries are written afresh when its text changes, and go with the row", async () => {
    const id = Number((await knex('items').where({ account_id: 2, name: 'PR-00002-D001 Roof' }).first('id')).id)
    await writeWords(knex, index, [{ id, accountId: 2, text: 'Canopy' }])
    const inTwo = async (text: string) => (await wordMatch(knex, index, { accountId: 2, idColumn: 'items.id' }, text))(knex('items')).pluck('id')
    expect(await inTwo('roof')).toEqual([])
    expect(await inTwo('canopy')).toEqual([id])
    await knex('items').where({ id }).delete()
    expect(await knex(index.table).where(index.row, id).count({ n: '*' })).toEqual([{ n: 0 }])
  })
})

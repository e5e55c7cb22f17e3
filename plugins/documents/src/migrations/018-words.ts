import { createWordIndex, type Migration } from '@app/plugin-kit'
import type { Knex } from 'knex'
import { FILE_WORDS, FOLDER_WORDS, folderSearchKey, writeFileWords, writeFolderWords } from '../words'

/** Rows read at a time for the first fill. */
const BATCH = 2000

/** The word indexes of documents and file names (words.ts), first filled from the rows there are; the documents' search keys written as the index writes words. */
export const wordIndexes: Migration = {
  name: '2026-11-30-094-document-words',
  async up(knex) {
    await createWordIndex(knex, FOLDER_WORDS, 'folders.id')
    await createWordIndex(knex, FILE_WORDS, 'folder_files.id')
    await fillWordIndexes(knex)
  },
  async down(knex) {
    await knex.schema.dropTable(FILE_WORDS.table)
    await knex.schema.dropTable(FOLDER_WORDS.table)
  },
}

/** Writes every document's search key and entries and every file's entries afresh: the migration's first fill. */
export const fillWordIndexes = async (knex: Knex) => {
  await eachBatch(knex, 'folders', ['symbol', 'name', 'responsible_id', 'created_by'], async (rows) => {
    for (const row of rows) await knex('folders').where('id', row.id).update({ search_key: folderSearchKey(row.symbol, row.name) })
    await writeFolderWords(
      knex,
      rows.map((row) => ({
        id: Number(row.id),
        accountId: Number(row.account_id),
        symbol: row.symbol,
        name: row.name,
        responsibleId: row.responsible_id === null ? null : Number(row.responsible_id),
        createdBy: row.created_by === null ? null : Number(row.created_by),
      })),
    )
  })
  await eachBatch(knex, 'folder_files', ['name'], (rows) =>
    writeFileWords(
      knex,
      rows.map((row) => ({ id: Number(row.id), accountId: Number(row.account_id), name: row.name })),
    ),
  )
}

/** Hands a table's rows (id, account_id and `columns`) to `write`, a batch at a time in order of id (this migration's fill and 019's). */
export const eachBatch = async (knex: Knex, table: string, columns: string[], write: (rows: Record<string, any>[]) => Promise<void>) => {
  for (let after = 0; ; ) {
    const rows = await knex(table).where('id', '>', after).orderBy('id').limit(BATCH).select('id', 'account_id', ...columns)
    if (!rows.length) return
    await write(rows)
    after = Number(rows.at(-1).id)
  }
}

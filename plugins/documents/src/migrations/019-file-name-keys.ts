import type { Migration } from '@app/plugin-kit'
import type { Knex } from 'knex'
import { FILE_NAME_KEY_LENGTH, fileNameKey } from '../words'
import { FILE_NAME_INDEX } from './014-file-name-index'
import { FILE_MANAGER_FILES_INDEX } from './016-file-manager-index'
import { eachBatch } from './018-words'

/**
 * The indexes that read files' names (008 search, 014 name, 016 file manager), as they were
 * made; each gets the name key at its end. On SQLite, 014's and 016's hold the name in any
 * case (NOCASE), the order the lists sort by.
 */
const NAME_INDEXES = [
  { name: 'folder_files_search_index', columns: ['account_id', 'project_id', 'revision_id', 'file_type', 'name'], anyCase: false },
  { name: FILE_NAME_INDEX, columns: ['account_id', 'name', 'id', 'revision_id', 'file_type', 'project_id'], anyCase: true },
  { name: FILE_MANAGER_FILES_INDEX, columns: ['account_id', 'project_id', 'name', 'id', 'revision_id', 'file_type'], anyCase: true },
]

/** Makes the name indexes again, with the name key at their end or (down) without. */
const remake = async (knex: Knex, withKey: boolean) => {
  for (const { name, columns, anyCase } of NAME_INDEXES) {
    await knex.schema.alterTable('folder_files', (t) => {
      t.dropIndex([], name)
    })
    const all = withKey ? [...columns, 'name_key'] : columns
    if (knex.client.config.client === 'better-sqlite3')
      await knex.raw(`create index ?? on folder_files (${all.map((column) => (column === 'name' && anyCase ? 'name collate nocase' : column)).join(', ')})`, [name])
    else
      await knex.schema.alterTable('folder_files', (t) => {
        t.index(all, name)
      })
  }
}

/**
 * Each file's name as the word index writes it (`name_key`, words.ts), at the end of the
 * indexes that read names: a search for a common word then tests each file it reads there, a
 * LIKE on the key, instead of a probe into the file words' 20,000,000 entries (the documents'
 * search key does the same, 018).
 */
export const fileNameKeys: Migration = {
  name: '2026-11-30-095-document-file-name-keys',
  async up(knex) {
    await knex.schema.alterTable('folder_files', (t) => {
      t.string('name_key', FILE_NAME_KEY_LENGTH).notNullable().defaultTo('')
    })
    await fillFileNameKeys(knex)
    await remake(knex, true)
  },
  async down(knex) {
    await remake(knex, false)
    await knex.schema.alterTable('folder_files', (t) => {
      t.dropColumn('name_key')
    })
  },
}

/** Writes every file's name key afresh: the migration's first fill. */
export const fillFileNameKeys = (knex: Knex) =>
  eachBatch(knex, 'folder_files', ['name'], async (rows) => {
    for (const row of rows) await knex('folder_files').where('id', row.id).update({ name_key: fileNameKey(row.name) })
  })

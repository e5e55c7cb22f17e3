import type { Migration } from '@app/plugin-kit'

/**
 * The file manager panel (services/file-manager) pages one project's files by name in any
 * case, then id, and its links by name: with the project and that order leading an index
 * (and what the files' section filters on riding along), a page is read from the index in
 * order and stops once full, and a section is counted from the index alone, instead of
 * sorting every file of the project. SQLite's NOCASE folds the case as the order asks;
 * MariaDB's column collation is case-insensitive already.
 */
export const FILE_MANAGER_FILES_INDEX = 'folder_files_manager_index'
export const FILE_MANAGER_URLS_INDEX = 'folder_urls_manager_index'

export const fileManagerIndex: Migration = {
  name: '2026-11-25-092-document-file-manager-index',
  async up(knex) {
    if (knex.client.config.client === 'better-sqlite3') {
      await knex.raw(`create index ${FILE_MANAGER_FILES_INDEX} on folder_files (account_id, project_id, name collate nocase, id, revision_id, file_type)`)
      await knex.raw(`create index ${FILE_MANAGER_URLS_INDEX} on folder_urls (account_id, project_id, description collate nocase, id)`)
      return
    }
    await knex.schema.alterTable('folder_files', (t) => {
      t.index(['account_id', 'project_id', 'name', 'id', 'revision_id', 'file_type'], FILE_MANAGER_FILES_INDEX)
    })
    await knex.schema.alterTable('folder_urls', (t) => {
      t.index(['account_id', 'project_id', 'description', 'id'], FILE_MANAGER_URLS_INDEX)
    })
  },
  async down(knex) {
    await knex.schema.alterTable('folder_files', (t) => {
      t.dropIndex([], FILE_MANAGER_FILES_INDEX)
    })
    await knex.schema.alterTable('folder_urls', (t) => {
      t.dropIndex([], FILE_MANAGER_URLS_INDEX)
    })
  },
}

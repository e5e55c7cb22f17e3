import type { Migration } from '@app/plugin-kit'

/**
 * The files' search group (search.ts) counts and pages an account's files whose name holds
 * the text, in the projects the caller may see, without note files or archived revisions'.
 * No index led with the account, so SQLite read every account's files; with this one both
 * databases read just the account's entries of the index, never the rows, to count.
 */
export const fileSearchIndex: Migration = {
  name: '2026-11-25-077-document-file-search-index',
  async up(knex) {
    await knex.schema.alterTable('folder_files', (t) => {
      t.index(['account_id', 'project_id', 'revision_id', 'file_type', 'name'], 'folder_files_search_index')
    })
  },
  async down(knex) {
    await knex.schema.alterTable('folder_files', (t) => {
      t.dropIndex([], 'folder_files_search_index')
    })
  },
}

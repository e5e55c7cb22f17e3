import type { Migration } from '@app/plugin-kit'

/**
 * The My tab (the documents one is responsible for or made) of a caller who holds every
 * project of the account (an account admin): its count and its filter read each of the
 * account's documents in number order to find the caller's (500,000 in the bench: 57 ms
 * of CPU on SQLite, over a second under load, when the filter matched none of theirs). With
 * the account and the person leading an index, and the number, title and search key beside
 * them, both databases read just the caller's documents (MULTI-INDEX OR on SQLite), and a
 * page's numbers are found from the two in order (lead-window.ts, streamsWindow).
 */
export const peopleIndexes: Migration = {
  name: '2026-11-29-091-document-people-indexes',
  async up(knex) {
    await knex.schema.alterTable('folders', (t) => {
      t.index(['account_id', 'responsible_id', 'symbol', 'name', 'search_key', 'project_id'], 'folders_responsible_index')
      t.index(['account_id', 'created_by', 'symbol', 'name', 'search_key', 'project_id'], 'folders_author_index')
    })
  },
  async down(knex) {
    await knex.schema.alterTable('folders', (t) => {
      t.dropIndex([], 'folders_responsible_index')
      t.dropIndex([], 'folders_author_index')
    })
  },
}

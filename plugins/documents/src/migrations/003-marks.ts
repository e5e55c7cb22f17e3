import type { Migration } from '@app/plugin-kit'

/**
 * A person's own marks on documents, for the documents list's tabs (spec part1 §2 "Folder
 * list with tabs My, All, Favorites, Recent"): the documents they marked as favourites, and
 * when they last opened each document. One row per person and document (a mark is set
 * again, a visit updated in place); the account is the document's, so a person's marks in
 * one account never show in another. Times are ISO-8601 strings, as the documents' are.
 */
export const marksTables: Migration = {
  name: '2026-11-25-072-document-marks',
  async up(knex) {
    await knex.schema.createTable('folder_favorites', (t) => {
      t.increments('id')
      t.integer('account_id').unsigned().notNullable().references('accounts.id').onDelete('CASCADE')
      t.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE')
      t.integer('folder_id').unsigned().notNullable().references('folders.id').onDelete('CASCADE')
      t.string('created_at', 24).notNullable()
      t.unique(['user_id', 'folder_id'], { indexName: 'folder_favorites_user_folder_unique' })
      t.index(['account_id', 'user_id'], 'folder_favorites_account_user_index')
      // A document's deletion finds its marks (MariaDB would make this index for the foreign key anyway).
      t.index(['folder_id'], 'folder_favorites_folder_index')
    })
    await knex.schema.createTable('folder_visits', (t) => {
      t.increments('id')
      t.integer('account_id').unsigned().notNullable().references('accounts.id').onDelete('CASCADE')
      t.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE')
      t.integer('folder_id').unsigned().notNullable().references('folders.id').onDelete('CASCADE')
      t.string('visited_at', 24).notNullable()
      // A visit is recorded with an upsert on this pair (SQLite's ON CONFLICT, MySQL's ON DUPLICATE KEY).
      t.unique(['user_id', 'folder_id'], { indexName: 'folder_visits_user_folder_unique' })
      // The Recent tab: one person's visits, newest first.
      t.index(['user_id', 'visited_at'], 'folder_visits_user_visited_index')
      t.index(['folder_id'], 'folder_visits_folder_index')
    })
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('folder_visits')
    await knex.schema.dropTableIfExists('folder_favorites')
  },
}

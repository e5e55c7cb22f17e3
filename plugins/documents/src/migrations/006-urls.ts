import type { Migration } from '@app/plugin-kit'

/**
 * A document's links (spec part1 §3 "Folder URL", §7 "Folder URLs"): a name (the spec's
 * description) and a web address, http or https only. The project is the document's,
 * kept beside it (a document never changes project) so a project's documents read their
 * links in one query. A document with links is not deleted (part1 §4); an account's
 * deletion, or a document's by server code, takes them.
 */
export const urlsTables: Migration = {
  name: '2026-11-25-075-document-urls',
  async up(knex) {
    await knex.schema.createTable('folder_urls', (t) => {
      t.increments('id')
      t.integer('account_id').unsigned().notNullable().references('accounts.id').onDelete('CASCADE')
      t.integer('folder_id').unsigned().notNullable().references('folders.id').onDelete('CASCADE')
      t.integer('project_id').unsigned().notNullable().references('projects.id').onDelete('CASCADE')
      t.string('description', 200).notNullable()
      t.string('url', 2000).notNullable()
      t.string('created_at', 24).notNullable()
      t.integer('created_by').unsigned().nullable().references('users.id').onDelete('SET NULL')
      t.index(['folder_id'], 'folder_urls_folder_index')
      t.index(['project_id'], 'folder_urls_project_index')
    })
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('folder_urls')
  },
}

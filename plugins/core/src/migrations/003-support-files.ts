import type { Migration } from '@app/plugin-kit'

/**
 * Support manuals become stored files (storage key, type, size), and the accounts
 * list gets indexes for the columns global admins sort and filter by.
 */
export const supportFiles: Migration = {
  name: '2026-11-23-003-core-support-files',
  async up(knex) {
    await knex.schema.alterTable('support_manuals', (t) => {
      t.string('storage_key', 200)
      t.string('mime_type', 200)
      t.bigInteger('size')
      t.index(['name'])
    })
    await knex.schema.alterTable('accounts', (t) => {
      t.index(['company'])
      t.index(['created_at'])
    })
  },
  async down(knex) {
    await knex.schema.alterTable('accounts', (t) => {
      t.dropIndex(['created_at'])
      t.dropIndex(['company'])
    })
    await knex.schema.alterTable('support_manuals', (t) => {
      t.dropIndex(['name'])
      t.dropColumn('size')
      t.dropColumn('mime_type')
      t.dropColumn('storage_key')
    })
  },
}

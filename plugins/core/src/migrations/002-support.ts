import type { Migration } from '@app/plugin-kit'

/**
 * Support manuals: one platform-wide list shown on the help and profile pages.
 * Not tenant data, so no account_id; global admins manage it (upload comes later).
 */
export const supportTables: Migration = {
  name: '2026-11-23-002-core-support',
  async up(knex) {
    await knex.schema.createTable('support_manuals', (t) => {
      t.increments('id')
      t.string('name', 255).notNullable()
      t.string('link', 1000).notNullable()
      t.string('created_at', 24).notNullable()
    })
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('support_manuals')
  },
}

import type { Migration } from '@app/plugin-kit'

/**
 * Links between things of two modules (spec part1 §3 "Link between modules: from, fromId,
 * to"): a document used in another document or a project, later materials, quotations and
 * buildings. One row per pair in one account, kept in one order (the end whose module and
 * id sort first is `from`), so the unique index holds a pair once whichever end it was
 * made from; a link reads the same from both ends. Each end's lookups have an index:
 * `links_pair_unique` from the `from` end, `links_to_index` from the `to` end. Who made it
 * and when (ISO-8601 UTC) are kept.
 */
export const linksTable: Migration = {
  name: '2026-11-26-090-links',
  async up(knex) {
    await knex.schema.createTable('links', (t) => {
      t.increments('id')
      t.integer('account_id').unsigned().notNullable().references('accounts.id').onDelete('CASCADE')
      t.string('from_module', 40).notNullable()
      t.integer('from_id').unsigned().notNullable()
      t.string('to_module', 40).notNullable()
      t.integer('to_id').unsigned().notNullable()
      t.string('created_at', 24).notNullable()
      t.integer('created_by').unsigned().nullable().references('users.id').onDelete('SET NULL')
      t.unique(['account_id', 'from_module', 'from_id', 'to_module', 'to_id'], { indexName: 'links_pair_unique' })
      t.index(['account_id', 'to_module', 'to_id', 'from_module'], 'links_to_index')
    })
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('links')
  },
}

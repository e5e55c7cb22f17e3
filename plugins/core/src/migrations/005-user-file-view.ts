import type { Migration } from '@app/plugin-kit'

/** A user's preferred folder list view (spec part1 §3 "file-view preference"): DEFAULT, FILE or CUSTOMER. */
export const userFileView: Migration = {
  name: '2026-11-23-005-core-user-file-view',
  async up(knex) {
    await knex.schema.alterTable('users', (t) => {
      t.string('file_view', 10).notNullable().defaultTo('DEFAULT')
    })
  },
  async down(knex) {
    await knex.schema.alterTable('users', (t) => {
      t.dropColumn('file_view')
    })
  },
}

import type { Migration } from '@app/plugin-kit'

/** A login e-mail change waits for its link (kind 'email'): the token row carries the new address. */
export const pendingEmail: Migration = {
  name: '2026-11-23-010-core-pending-email',
  async up(knex) {
    await knex.schema.alterTable('user_tokens', (t) => {
      t.string('new_username', 254)
    })
  },
  async down(knex) {
    await knex.schema.alterTable('user_tokens', (t) => {
      t.dropColumn('new_username')
    })
  },
}

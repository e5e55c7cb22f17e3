import type { Migration } from '@app/plugin-kit'

/**
 * Who holds something on one row (a project's users, who can open it, a resource's grants
 * as it is deleted): the account's grants on one resource row, found by the row rather than
 * by reading every member's grants. Holder and action ride along, so the project users'
 * list finds its candidates from the index alone.
 */
export const privilegesResourceIndex: Migration = {
  name: '2026-11-24-012-core-privileges-resource-index',
  async up(knex) {
    await knex.schema.alterTable('privileges', (t) => {
      t.index(['account_id', 'resource', 'resource_id', 'user_id', 'role_id'], 'privileges_resource_holders_idx')
    })
  },
  async down(knex) {
    await knex.schema.alterTable('privileges', (t) => {
      t.dropIndex([], 'privileges_resource_holders_idx')
    })
  },
}

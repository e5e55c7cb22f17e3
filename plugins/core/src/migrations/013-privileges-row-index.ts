import type { Migration } from '@app/plugin-kit'

/**
 * The holders of one row's grants, by the row first (resource id, resource, account):
 * 012's (account, resource, …) index had the prefix the hot list filter asks with
 * (account and resource), and SQLite's planner took it over the member's own grants
 * index, reading the whole account's project grants. Led by the row, only the lookups
 * that name the row (or none: the account-wide grants have no row) can use it.
 */
export const privilegesRowIndex: Migration = {
  name: '2026-11-24-013-core-privileges-row-index',
  async up(knex) {
    await knex.schema.alterTable('privileges', (t) => {
      t.dropIndex([], 'privileges_resource_holders_idx')
    })
    await knex.schema.alterTable('privileges', (t) => {
      t.index(['resource_id', 'resource', 'account_id', 'user_id', 'role_id'], 'privileges_row_holders_idx')
    })
  },
  async down(knex) {
    await knex.schema.alterTable('privileges', (t) => {
      t.dropIndex([], 'privileges_row_holders_idx')
    })
    await knex.schema.alterTable('privileges', (t) => {
      t.index(['account_id', 'resource', 'resource_id', 'user_id', 'role_id'], 'privileges_resource_holders_idx')
    })
  },
}

import type { Migration } from '@app/plugin-kit'

/**
 * "Projects this caller holds at least LEVEL on" (whereProjectLevel in access.ts) reads
 * a member's project grants, and their role's, by account, holder, resource and action:
 * each of these indexes answers its half from the index alone. They replace the
 * (account_id, user_id) and (account_id, role_id) indexes, their prefixes.
 */
export const projectGrantIndexes: Migration = {
  name: '2026-11-23-009-core-project-grant-indexes',
  async up(knex) {
    await knex.schema.alterTable('privileges', (t) => {
      t.index(['account_id', 'user_id', 'resource', 'action', 'resource_id'], 'privileges_user_grants_idx')
      t.index(['account_id', 'role_id', 'resource', 'action', 'resource_id'], 'privileges_role_grants_idx')
    })
    await knex.schema.alterTable('privileges', (t) => {
      t.dropIndex(['account_id', 'user_id'])
      t.dropIndex(['account_id', 'role_id'])
    })
  },
  async down(knex) {
    await knex.schema.alterTable('privileges', (t) => {
      t.index(['account_id', 'user_id'])
      t.index(['account_id', 'role_id'])
    })
    await knex.schema.alterTable('privileges', (t) => {
      t.dropIndex([], 'privileges_role_grants_idx')
      t.dropIndex([], 'privileges_user_grants_idx')
    })
  },
}

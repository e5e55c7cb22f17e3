import type { Migration } from '@app/plugin-kit'

/**
 * The users list sorts by name, acronym and creation date within an account of up to
 * tens of thousands of users: these indexes let the database walk that order.
 */
export const userIndexes: Migration = {
  name: '2026-11-23-004-core-user-indexes',
  async up(knex) {
    await knex.schema.alterTable('users', (t) => {
      t.index(['last_name', 'first_name'], 'users_last_first_idx')
      t.index(['first_name'], 'users_first_idx')
      t.index(['acronym'], 'users_acronym_idx')
    })
    await knex.schema.alterTable('account_users', (t) => {
      t.index(['account_id', 'created_at'], 'account_users_account_created_idx')
      t.index(['account_id', 'company_id'], 'account_users_account_company_idx')
    })
  },
  async down(knex) {
    await knex.schema.alterTable('account_users', (t) => {
      t.dropIndex(['account_id', 'company_id'], 'account_users_account_company_idx')
      t.dropIndex(['account_id', 'created_at'], 'account_users_account_created_idx')
    })
    await knex.schema.alterTable('users', (t) => {
      t.dropIndex(['acronym'], 'users_acronym_idx')
      t.dropIndex(['first_name'], 'users_first_idx')
      t.dropIndex(['last_name', 'first_name'], 'users_last_first_idx')
    })
  },
}

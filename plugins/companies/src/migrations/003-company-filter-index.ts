import type { Migration } from '@app/plugin-kit'

/**
 * The default sort with the search keys beside it: a filtered list (and its count) tests
 * each company's keys in the index instead of reading every row of the account.
 */
export const companyFilterIndex: Migration = {
  name: '2026-11-23-011-companies-filter-index',
  async up(knex) {
    await knex.schema.alterTable('companies', (t) => {
      t.index(['account_id', 'name', 'search_key', 'city_key'], 'companies_account_name_keys_index')
    })
  },
  async down(knex) {
    await knex.schema.alterTable('companies', (t) => {
      t.dropIndex([], 'companies_account_name_keys_index')
    })
  },
}

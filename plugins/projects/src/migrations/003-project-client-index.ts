import type { Migration } from '@app/plugin-kit'

/**
 * The company-client rule of project access (part1 §6): a company's people reach the
 * projects whose client it is, a list core joins on every list of project things. The
 * account and the client in one index, so that list is one seek per company, whatever
 * else the account holds.
 */
export const projectClientIndex: Migration = {
  name: '2026-11-24-043-project-client-index',
  async up(knex) {
    await knex.schema.alterTable('projects', (t) => {
      t.index(['account_id', 'company_id'], 'projects_account_company_index')
    })
  },
  async down(knex) {
    await knex.schema.alterTable('projects', (t) => {
      t.dropIndex([], 'projects_account_company_index')
    })
  },
}

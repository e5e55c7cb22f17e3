import type { Migration } from '@app/plugin-kit'

/**
 * Two index changes the projects scale bench asked for (5,000 projects in an account):
 * - The SQM tile sums the square metres of every project an account admin sees: with the
 *   figure beside the account in one index the sum reads the index alone, not each row.
 * - The lone (account_id) index goes: every other index of the table starts with the
 *   account, and SQLite (without statistics) preferred it, for its id order, to the
 *   (account_id, company_id) index when it listed the projects of a company's clients,
 *   reading every project of the account.
 */
export const squareMetersIndex: Migration = {
  name: '2026-11-24-049-projects-square-meters-index',
  async up(knex) {
    await knex.schema.alterTable('projects', (t) => {
      t.index(['account_id', 'square_meters'], 'projects_account_square_meters_index')
    })
    await knex.schema.alterTable('projects', (t) => {
      t.dropIndex(['account_id'])
    })
  },
  async down(knex) {
    await knex.schema.alterTable('projects', (t) => {
      t.index(['account_id'])
    })
    await knex.schema.alterTable('projects', (t) => {
      t.dropIndex([], 'projects_account_square_meters_index')
    })
  },
}

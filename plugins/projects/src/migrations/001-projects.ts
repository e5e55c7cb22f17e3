import type { Migration } from '@app/plugin-kit'

/**
 * The projects table, as much of it as project access needs (spec part2 §3 "Project"):
 * the account that owns it, its name and number (the spec's `symbol`), who made it and
 * when. The projects issue adds the rest of the spec's fields with its services.
 */
export const projectsTable: Migration = {
  name: '2026-11-23-040-projects',
  async up(knex) {
    await knex.schema.createTable('projects', (t) => {
      t.increments('id')
      t.integer('account_id').unsigned().notNullable().references('accounts.id').onDelete('CASCADE')
      t.string('name', 100).notNullable()
      t.string('symbol', 20).notNullable()
      t.string('created_at', 24).notNullable()
      t.integer('created_by').unsigned()
      // Every read is per account; the project-scope hook reads a project's account by id.
      t.index(['account_id'])
    })
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('projects')
  },
}

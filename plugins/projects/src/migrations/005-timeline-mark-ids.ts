import type { Migration } from '@app/plugin-kit'

/**
 * The timeline marks get an id like every other table (the access matrix watches a
 * service's rows by it), one mark per project and key staying unique. Nothing wrote
 * marks before this, so the table is made again.
 */
export const timelineMarkIds: Migration = {
  name: '2026-11-24-048-project-timeline-mark-ids',
  async up(knex) {
    await knex.schema.dropTableIfExists('project_timeline_marks')
    await knex.schema.createTable('project_timeline_marks', (t) => {
      t.increments('id')
      t.integer('account_id').unsigned().notNullable().references('accounts.id').onDelete('CASCADE')
      t.integer('project_id').unsigned().notNullable().references('projects.id').onDelete('CASCADE')
      t.string('key', 20).notNullable()
      t.string('progress', 10).notNullable()
      t.integer('marked_by').unsigned().nullable().references('users.id').onDelete('SET NULL')
      t.string('marked_at', 24).notNullable()
      t.unique(['project_id', 'key'], { indexName: 'project_timeline_marks_key_unique' })
    })
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('project_timeline_marks')
  },
}

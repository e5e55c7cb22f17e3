import type { Migration } from '@app/plugin-kit'

/**
 * The project status timeline's marks (spec part2 §2 "Project status timeline", POST and
 * DELETE /dashboard/time-line/project/{projectId}/{key}): how far a bubble (start, end,
 * delivery, inspection, shipment) has got, PARTIAL or FULL, for the whole project; no row
 * is "none". And room for the event log's types, which are a service's path and method.
 */
export const timelineMarks: Migration = {
  name: '2026-11-24-047-project-timeline-marks',
  async up(knex) {
    await knex.schema.createTable('project_timeline_marks', (t) => {
      t.integer('account_id').unsigned().notNullable().references('accounts.id').onDelete('CASCADE')
      t.integer('project_id').unsigned().notNullable().references('projects.id').onDelete('CASCADE')
      t.string('key', 20).notNullable()
      t.string('progress', 10).notNullable()
      t.integer('marked_by').unsigned().nullable().references('users.id').onDelete('SET NULL')
      t.string('marked_at', 24).notNullable()
      t.primary(['project_id', 'key'])
    })
    await knex.schema.alterTable('project_events', (t) => {
      t.string('event_type', 200).notNullable().alter()
    })
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('project_timeline_marks')
  },
}

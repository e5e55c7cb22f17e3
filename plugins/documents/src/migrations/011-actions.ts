import type { Migration } from '@app/plugin-kit'

/**
 * A document's action plan (spec part1 §2 "Actions" tab, §3 "Document action plan rows:
 * description, planned date, responsible, finalized check, notes, acceptance code, comment
 * from (Company, Supplier, Internal), processing time in weeks, due date, days overdue").
 * The due day and the days overdue are not stored: the API reckons them from the planned
 * day and the processing weeks when it answers. The planned day is kept as the documents'
 * other days are, the epoch milliseconds of the local midnight it begins at. The
 * responsible is a user (gone with them: SET NULL). The project is the document's, kept
 * beside it as the links keep it.
 *
 * The spec names no "has action" reason that keeps a document (part1 §4, §8): a document's
 * action rows go with it (the folder key's CASCADE), as do an account's.
 */
export const actionsTables: Migration = {
  name: '2026-11-25-080-document-actions',
  async up(knex) {
    await knex.schema.createTable('folder_actions', (t) => {
      t.increments('id')
      t.integer('account_id').unsigned().notNullable().references('accounts.id').onDelete('CASCADE')
      t.integer('folder_id').unsigned().notNullable().references('folders.id').onDelete('CASCADE')
      t.integer('project_id').unsigned().notNullable().references('projects.id').onDelete('CASCADE')
      t.string('description', 500).notNullable()
      t.bigInteger('planned_on').nullable()
      t.integer('responsible_id').unsigned().nullable().references('users.id').onDelete('SET NULL')
      t.boolean('finalized').notNullable().defaultTo(false)
      t.string('notes', 2000).nullable()
      t.string('acceptance_code', 40).nullable()
      t.string('comment_from', 20).nullable()
      t.integer('processing_weeks').nullable()
      t.string('created_at', 24).notNullable()
      t.integer('created_by').unsigned().nullable().references('users.id').onDelete('SET NULL')
      t.string('changed_at', 24).notNullable()
      t.integer('changed_by').unsigned().nullable().references('users.id').onDelete('SET NULL')
      // The plan in its order (planned day, then id), page by page.
      t.index(['folder_id', 'planned_on', 'id'], 'folder_actions_folder_index')
      t.index(['project_id'], 'folder_actions_project_index')
      t.index(['responsible_id'], 'folder_actions_responsible_index')
    })
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('folder_actions')
  },
}

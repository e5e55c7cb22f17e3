import type { Migration } from '@app/plugin-kit'

/**
 * The control process and revisions of part1 §3-§4, and the document's change log (§7
 * "events"): the three ticks (edited, controlled, approved by, each with its person and
 * date) that must all be set before a revision is archived; each archived revision with
 * its files (a new revision keeps the archived one's files under it and starts with none);
 * and one row per change of the document, newest read first.
 */
export const controlTables: Migration = {
  name: '2026-11-25-073-document-control',
  async up(knex) {
    await knex.schema.createTable('folder_controls', (t) => {
      t.increments('id')
      t.integer('account_id').unsigned().notNullable().references('accounts.id').onDelete('CASCADE')
      t.integer('folder_id').unsigned().notNullable().references('folders.id').onDelete('CASCADE')
      // EDIT, CONTROL or APPROVE (part1 §3 "control roles").
      t.string('role', 10).notNullable()
      t.integer('user_id').unsigned().nullable().references('users.id').onDelete('SET NULL')
      // The day it was done, epoch milliseconds, as the documents' other dates.
      t.bigInteger('done_on').notNullable()
      t.unique(['folder_id', 'role'], { indexName: 'folder_controls_folder_role_unique' })
    })
    await knex.schema.createTable('folder_revisions', (t) => {
      t.increments('id')
      t.integer('account_id').unsigned().notNullable().references('accounts.id').onDelete('CASCADE')
      t.integer('folder_id').unsigned().notNullable().references('folders.id').onDelete('CASCADE')
      t.string('revision', 20).notNullable()
      t.string('archived_at', 24).notNullable()
      t.integer('archived_by').unsigned().nullable().references('users.id').onDelete('SET NULL')
      // The ticks it was archived with, as JSON: who did what, on which day.
      t.text('controls').notNullable()
      t.unique(['folder_id', 'revision'], { indexName: 'folder_revisions_folder_revision_unique' })
    })
    await knex.schema.alterTable('folder_files', (t) => {
      // Set once a new revision begins: the file stays with the revision it was archived in.
      t.integer('revision_id').unsigned().nullable().references('folder_revisions.id').onDelete('CASCADE')
      t.index(['folder_id', 'revision_id'], 'folder_files_folder_revision_index')
    })
    await knex.schema.createTable('folder_events', (t) => {
      t.increments('id')
      t.integer('account_id').unsigned().notNullable().references('accounts.id').onDelete('CASCADE')
      t.integer('folder_id').unsigned().notNullable().references('folders.id').onDelete('CASCADE')
      t.integer('modified_by').unsigned().nullable().references('users.id').onDelete('SET NULL')
      t.string('event_type', 40).notNullable()
      t.string('subject', 300).notNullable()
      t.string('created_at', 24).notNullable()
      t.index(['folder_id', 'id'], 'folder_events_folder_index')
    })
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('folder_events')
    await knex.schema.alterTable('folder_files', (t) => {
      t.dropIndex(['folder_id', 'revision_id'], 'folder_files_folder_revision_index')
      t.dropForeign(['revision_id'])
      t.dropColumn('revision_id')
    })
    await knex.schema.dropTableIfExists('folder_revisions')
    await knex.schema.dropTableIfExists('folder_controls')
  },
}

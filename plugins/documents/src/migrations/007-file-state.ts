import type { Migration } from '@app/plugin-kit'

/**
 * What a document's file carries beyond its bytes (spec part1 §3 "Folder file", §4): who
 * checked it out (locked it) and when, where it was taken (latitude and longitude, or
 * none), and its conversion for the viewers: NOT_STARTED, STARTED or COMPLETED, with the
 * converted location (`potree:…` for the point-cloud viewer, `forge:…` for the model
 * viewer) once completed. `locked` (from 001) stays the flag; the person and time are
 * set with it and cleared with it.
 */
export const fileStateColumns: Migration = {
  name: '2026-11-25-076-file-state',
  async up(knex) {
    await knex.schema.alterTable('folder_files', (t) => {
      t.integer('locked_by').unsigned().nullable().references('users.id').onDelete('SET NULL')
      t.string('locked_at', 24).nullable()
      t.double('latitude').nullable()
      t.double('longitude').nullable()
      t.string('conversion', 12).notNullable().defaultTo('NOT_STARTED')
      t.string('converted_location', 2000).nullable()
    })
  },
  async down(knex) {
    await knex.schema.alterTable('folder_files', (t) => {
      t.dropForeign(['locked_by'])
      t.dropColumn('locked_by')
      t.dropColumn('locked_at')
      t.dropColumn('latitude')
      t.dropColumn('longitude')
      t.dropColumn('conversion')
      t.dropColumn('converted_location')
    })
  },
}

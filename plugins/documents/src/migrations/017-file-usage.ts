import type { Migration } from '@app/plugin-kit'
import { FILE_USAGE_TABLE, recountFileUsage } from '../file-usage'

/** Each project's files and bytes, kept by every write of the files (file-usage.ts), first filled from the files there are. */
export const fileUsage: Migration = {
  name: '2026-11-29-093-document-file-usage',
  async up(knex) {
    await knex.schema.createTable(FILE_USAGE_TABLE, (t) => {
      t.integer('project_id').unsigned().notNullable().primary().references('projects.id').onDelete('CASCADE')
      t.integer('account_id').unsigned().notNullable().references('accounts.id').onDelete('CASCADE')
      t.bigInteger('files').notNullable().defaultTo(0)
      t.bigInteger('bytes').notNullable().defaultTo(0)
      t.index(['account_id', 'bytes', 'files'], 'folder_file_usage_account_index')
    })
    await recountFileUsage(knex)
  },
  async down(knex) {
    await knex.schema.dropTable(FILE_USAGE_TABLE)
  },
}

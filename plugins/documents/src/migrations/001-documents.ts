import type { Migration } from '@app/plugin-kit'

/**
 * Documents (spec part1 §3 "Document (folder)") and the files registered in them ("Folder
 * file"). A document belongs to one project of the account and is of one document type
 * (setup's folder types); its number is unique in the account. Dates are epoch
 * milliseconds, as the projects' are. The revisions, control process, notes, action plan
 * and material list come with their own tables.
 */
export const documentsTables: Migration = {
  name: '2026-11-24-070-documents',
  async up(knex) {
    await knex.schema.createTable('folders', (t) => {
      t.increments('id')
      t.integer('account_id').unsigned().notNullable().references('accounts.id').onDelete('CASCADE')
      // A project with documents is not deleted through the API (its delete blocker); an account's deletion takes both.
      t.integer('project_id').unsigned().notNullable().references('projects.id').onDelete('CASCADE')
      t.integer('folder_type_id').unsigned().notNullable().references('setup_folder_types.id')
      t.integer('parent_folder_id').unsigned().nullable().references('folders.id').onDelete('SET NULL')
      t.integer('responsible_id').unsigned().nullable().references('users.id').onDelete('SET NULL')
      t.string('name', 100).notNullable()
      t.string('symbol', 240).nullable()
      // Lower-cased "number name": the contains-filter of lists and search reads it.
      t.string('search_key', 342).notNullable()
      t.string('state', 12).notNullable().defaultTo('IN_PROGRESS')
      t.string('revision', 20).nullable()
      t.string('provider', 10).nullable()
      t.string('placement', 10).nullable()
      t.string('security_group', 10).nullable()
      t.string('supplier_number', 100).nullable()
      t.string('customer_number', 100).nullable()
      t.string('tag_number', 100).nullable()
      t.string('master_number', 100).nullable()
      t.string('format', 40).nullable()
      t.string('classification', 100).nullable()
      t.string('url', 2000).nullable()
      t.bigInteger('planned_issue_date').nullable()
      t.bigInteger('approved_date').nullable()
      t.bigInteger('actual_issue_date').nullable()
      t.bigInteger('expected_return_date').nullable()
      t.bigInteger('actual_return_date').nullable()
      // A JSON array of short labels.
      t.text('tags').nullable()
      t.boolean('has_bom').notNullable().defaultTo(false)
      t.boolean('show_components').notNullable().defaultTo(false)
      t.string('created_at', 24).notNullable()
      t.integer('created_by').unsigned().nullable().references('users.id').onDelete('SET NULL')
      t.string('changed_at', 24).notNullable()
      t.integer('changed_by').unsigned().nullable().references('users.id').onDelete('SET NULL')
      t.unique(['account_id', 'symbol'], { indexName: 'folders_account_symbol_unique' })
      t.index(['project_id', 'folder_type_id'], 'folders_project_type_index')
      t.index(['account_id', 'project_id'], 'folders_account_project_index')
    })
    await knex.schema.createTable('folder_files', (t) => {
      t.increments('id')
      t.integer('account_id').unsigned().notNullable().references('accounts.id').onDelete('CASCADE')
      // Denormalised from the folder (which never changes project): a project's bytes and files are read without the folders.
      t.integer('project_id').unsigned().notNullable().references('projects.id').onDelete('CASCADE')
      // The API refuses to delete a document with files (part1 §4); an account's deletion takes both.
      t.integer('folder_id').unsigned().notNullable().references('folders.id').onDelete('CASCADE')
      t.string('name', 255).notNullable()
      t.string('storage_key', 120).notNullable()
      t.string('mime', 120).notNullable()
      t.bigInteger('size').notNullable()
      t.string('file_type', 20).notNullable().defaultTo('ATTACHMENT')
      t.boolean('locked').notNullable().defaultTo(false)
      t.string('created_at', 24).notNullable()
      t.integer('created_by').unsigned().nullable().references('users.id').onDelete('SET NULL')
      t.index(['folder_id'], 'folder_files_folder_index')
      t.index(['project_id'], 'folder_files_project_index')
    })
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('folder_files')
    await knex.schema.dropTableIfExists('folders')
  },
}

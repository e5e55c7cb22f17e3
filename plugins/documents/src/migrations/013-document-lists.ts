import type { Migration } from '@app/plugin-kit'

/**
 * Document lists, the spec's binders (part1 §2 "Binders and lists" tab, §3 "Document list
 * (binder): name", §8 "is in document list"): a project's named, ordered list of its
 * documents ("Handover binder", "Tender package"). A list belongs to one project; its
 * name is unique in the project, compared ignoring case (`name_key`, the name trimmed and
 * lower-cased, compared byte by byte on MariaDB as on SQLite). Its items are documents of
 * that project, each once, ordered by `position` (1, 2, … without gaps).
 *
 * A document in a list is not deleted ("is in document list"), and a project with lists
 * is not deleted (its content, as its documents are); removing a list removes its items,
 * never the documents. An account's deletion takes both.
 */
export const documentListsTables: Migration = {
  name: '2026-11-25-085-document-lists',
  async up(knex) {
    await knex.schema.createTable('document_lists', (t) => {
      t.increments('id')
      t.integer('account_id').unsigned().notNullable().references('accounts.id').onDelete('CASCADE')
      t.integer('project_id').unsigned().notNullable().references('projects.id').onDelete('CASCADE')
      t.string('name', 100).notNullable()
      // Lower-cased may be longer than the name itself (İ becomes two characters).
      t.string('name_key', 200).collate('utf8mb4_bin').notNullable()
      t.string('created_at', 24).notNullable()
      t.integer('created_by').unsigned().nullable().references('users.id').onDelete('SET NULL')
      // Any change of the list or its items: its name, a document added, moved or removed.
      t.string('updated_at', 24).notNullable()
      t.unique(['project_id', 'name_key'], { indexName: 'document_lists_project_name_unique' })
      t.index(['account_id', 'project_id'], 'document_lists_account_project_index')
    })
    await knex.schema.createTable('document_list_items', (t) => {
      t.increments('id')
      t.integer('account_id').unsigned().notNullable().references('accounts.id').onDelete('CASCADE')
      t.integer('list_id').unsigned().notNullable().references('document_lists.id').onDelete('CASCADE')
      // The API refuses to delete a document in a list; an account's deletion takes both.
      t.integer('folder_id').unsigned().notNullable().references('folders.id').onDelete('CASCADE')
      t.integer('position').notNullable()
      t.string('added_at', 24).notNullable()
      t.integer('added_by').unsigned().nullable().references('users.id').onDelete('SET NULL')
      t.unique(['list_id', 'folder_id'], { indexName: 'document_list_items_list_folder_unique' })
      // The list in its order; the lists a document is in (its tab, its delete blocker).
      t.index(['list_id', 'position'], 'document_list_items_list_position_index')
      t.index(['folder_id'], 'document_list_items_folder_index')
    })
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('document_list_items')
    await knex.schema.dropTableIfExists('document_lists')
  },
}

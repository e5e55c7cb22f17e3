import type { Migration } from '@app/plugin-kit'

/**
 * Checklists (spec part2 §3) and their items. A checklist belongs to a project
 * (`project_id`, the spec's parentId) and may hang under another of the same project
 * (`parent_checklist_id`, a sub-checklist); `sort_order` places it among those beside it
 * and an item within its checklist, 1, 2, … without gaps for items. `folder_id` is the
 * document the documents plugin made from it (createFolder): that plugin owns the row, so
 * there is no foreign key, and a document a checklist names is not deleted (the
 * checklists' documentDeleteBlockers).
 *
 * Indexes: a project's top-level checklists in order, with the status a list filters on
 * (`checklists_project_index`); a checklist's sub-checklists in order; a document's
 * checklist; a checklist's items in order (every count of progress reads it).
 */
export const checklistsTables: Migration = {
  name: '2026-11-29-100-checklists',
  async up(knex) {
    await knex.schema.createTable('checklists', (t) => {
      t.increments('id')
      t.integer('account_id').unsigned().notNullable().references('accounts.id').onDelete('CASCADE')
      t.integer('project_id').unsigned().notNullable()
      t.integer('parent_checklist_id').unsigned().nullable().references('checklists.id')
      t.string('title', 100).notNullable()
      t.text('description').notNullable()
      t.string('status', 20).notNullable()
      t.integer('sort_order').notNullable()
      t.integer('folder_id').unsigned().nullable()
      t.integer('responsible_user_id').unsigned().nullable().references('users.id').onDelete('SET NULL')
      t.string('created_at', 24).notNullable()
      t.integer('created_by').unsigned().nullable().references('users.id').onDelete('SET NULL')
      t.string('changed_at', 24).notNullable()
      t.integer('changed_by').unsigned().nullable().references('users.id').onDelete('SET NULL')
      t.index(['account_id', 'project_id', 'parent_checklist_id', 'sort_order', 'id', 'status'], 'checklists_project_index')
      t.index(['parent_checklist_id', 'sort_order', 'id'], 'checklists_children_index')
      t.index(['account_id', 'folder_id'], 'checklists_folder_index')
    })
    await knex.schema.createTable('checklist_items', (t) => {
      t.increments('id')
      t.integer('account_id').unsigned().notNullable().references('accounts.id').onDelete('CASCADE')
      t.integer('checklist_id').unsigned().notNullable().references('checklists.id').onDelete('CASCADE')
      t.string('name', 255).notNullable()
      t.integer('sort_order').notNullable()
      t.boolean('done').notNullable().defaultTo(false)
      t.string('done_at', 24).nullable()
      t.integer('done_by').unsigned().nullable().references('users.id').onDelete('SET NULL')
      t.integer('responsible_user_id').unsigned().nullable().references('users.id').onDelete('SET NULL')
      t.bigInteger('due_date').nullable()
      t.string('created_at', 24).notNullable()
      t.integer('created_by').unsigned().nullable().references('users.id').onDelete('SET NULL')
      t.index(['checklist_id', 'sort_order', 'id', 'done', 'due_date'], 'checklist_items_order_index')
    })
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('checklist_items')
    await knex.schema.dropTableIfExists('checklists')
  },
}


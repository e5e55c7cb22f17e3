import type { Migration } from '@app/plugin-kit'

/**
 * A document's material list, its bill of materials (spec part1 §2 "Material list" tab, §3
 * "Material list line: level, item, quantity, part number, number, name, description,
 * material, unit, weight, notes"). `position` orders the lines (a new one goes last); `level`
 * is the line's depth in the assembly (0 the top). Quantity and weight (kg, part1 §9) are
 * decimals with three places; weight may be unknown. The project is the document's, kept
 * beside it as the links keep it. A document with material lines is not deleted ("has
 * material", part1 §8); an account's deletion, or a document's by server code, takes them.
 */
export const materialLinesTables: Migration = {
  name: '2026-11-25-079-document-material-lines',
  async up(knex) {
    await knex.schema.createTable('folder_material_lines', (t) => {
      t.increments('id')
      t.integer('account_id').unsigned().notNullable().references('accounts.id').onDelete('CASCADE')
      t.integer('folder_id').unsigned().notNullable().references('folders.id').onDelete('CASCADE')
      t.integer('project_id').unsigned().notNullable().references('projects.id').onDelete('CASCADE')
      t.integer('position').notNullable()
      t.integer('level').notNullable().defaultTo(0)
      t.string('item', 40).nullable()
      t.decimal('quantity', 15, 3).notNullable()
      t.string('part_number', 100).nullable()
      t.string('number', 100).nullable()
      t.string('name', 200).notNullable()
      t.string('description', 1000).nullable()
      t.string('material', 100).nullable()
      t.string('unit', 20).nullable()
      t.decimal('weight', 15, 3).nullable()
      t.string('notes', 1000).nullable()
      t.string('created_at', 24).notNullable()
      t.integer('created_by').unsigned().nullable().references('users.id').onDelete('SET NULL')
      t.string('changed_at', 24).notNullable()
      t.integer('changed_by').unsigned().nullable().references('users.id').onDelete('SET NULL')
      // The list in its order, page by page.
      t.index(['folder_id', 'position', 'id'], 'folder_material_lines_folder_index')
      t.index(['project_id'], 'folder_material_lines_project_index')
    })
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('folder_material_lines')
  },
}

import type { Migration } from '@app/plugin-kit'
import { toColumn } from '@app/plugin-kit'
import { FOLDER_TYPES_TABLE } from '../builtins'
import { SETUP_LISTS } from '../services/items/items.schema'

/** Document types, the setup lists and templates; every row belongs to an account. */
export const setupTables: Migration = {
  name: '2026-11-23-030-setup',
  async up(knex) {
    await knex.schema.createTable(FOLDER_TYPES_TABLE, (t) => {
      t.increments('id')
      t.integer('account_id').unsigned().notNullable().references('accounts.id').onDelete('CASCADE')
      t.string('name', 100).notNullable()
      t.string('type_id', 40).notNullable()
      t.boolean('active').notNullable().defaultTo(true)
      t.boolean('deletable').notNullable().defaultTo(true)
      t.boolean('global').notNullable().defaultTo(false)
      t.string('created_at', 24).notNullable()
      t.unique(['account_id', 'type_id'])
      t.index(['account_id', 'name'])
    })
    for (const list of SETUP_LISTS) {
      await knex.schema.createTable(list.table, (t) => {
        t.increments('id')
        t.integer('account_id').unsigned().notNullable().references('accounts.id').onDelete('CASCADE')
        for (const field of list.fields) t.string(toColumn(field.name), field.maxLength).notNullable()
        t.string('created_at', 24).notNullable()
        t.unique(['account_id', toColumn(list.unique)])
        t.index(['account_id', toColumn(list.fields[0]!.name)])
      })
    }
    await knex.schema.createTable('setup_templates', (t) => {
      t.increments('id')
      t.integer('account_id').unsigned().notNullable().references('accounts.id').onDelete('CASCADE')
      t.string('name', 255).notNullable()
      t.string('storage_key', 120).notNullable()
      t.string('mime_type', 120).notNullable()
      t.bigInteger('size').notNullable()
      t.boolean('appendable').notNullable().defaultTo(false)
      t.string('created_at', 24).notNullable()
      t.integer('created_by').unsigned()
      t.index(['account_id', 'name'])
    })
    // Every account gets the built-in types on the first read of its types (builtins.ts): no account is read here.
  },
  async down(knex) {
    for (const table of ['setup_templates', ...SETUP_LISTS.map((l) => l.table).reverse(), FOLDER_TYPES_TABLE])
      await knex.schema.dropTableIfExists(table)
  },
}

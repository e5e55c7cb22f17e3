import type { Migration } from '@app/plugin-kit'

export const companiesTable: Migration = {
  name: '2026-11-22-010-companies',
  async up(knex) {
    await knex.schema.createTable('companies', (t) => {
      t.increments('id')
      t.integer('account_id').unsigned().notNullable().references('accounts.id').onDelete('CASCADE')
      t.string('name', 200).notNullable()
      t.string('number', 60)
      t.string('master_number', 60)
      t.string('address', 200)
      t.string('city', 100)
      t.string('zip', 20)
      t.string('country', 2)
      t.string('plant', 100)
      t.string('contact_email', 254)
      t.string('contact_person', 200)
      t.string('contact_phone', 40)
      t.string('contact_title', 100)
      t.string('vat_reg_no', 40)
      t.integer('parent_id').unsigned().references('companies.id').onDelete('SET NULL')
      t.double('latitude')
      t.double('longitude')
      t.boolean('skymap_enabled').notNullable().defaultTo(false)
      t.string('created_at', 24).notNullable()
      t.integer('created_by').unsigned()
      // Lists are per account, sorted and filtered by name.
      t.index(['account_id', 'name'])
    })
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('companies')
  },
}

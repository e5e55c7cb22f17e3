import type { Migration } from '@app/plugin-kit'

/** Lower-cased copies of the filtered texts: LIKE is then case-insensitive for every letter on SQLite too. */
export const searchKey = (name: string, number: string | null | undefined) => `${name}\n${number ?? ''}`.toLowerCase()
export const cityKey = (city: string | null | undefined) => (city ?? '').toLowerCase()

/** Search keys, the logo's stored file, and indexes for every sorted column of the list. */
export const companySearchAndLogo: Migration = {
  name: '2026-11-23-010-companies-search-logo',
  async up(knex) {
    await knex.schema.alterTable('companies', (t) => {
      t.string('search_key', 270).notNullable().defaultTo('')
      t.string('city_key', 100).notNullable().defaultTo('')
      t.string('logo_key', 100)
      t.string('logo_type', 40)
      t.string('logo_name', 255)
      t.integer('logo_size').unsigned()
      t.index(['account_id', 'number'])
      t.index(['account_id', 'city'])
      t.index(['account_id', 'country'])
      t.index(['account_id', 'created_at'])
    })
    const rows = await knex('companies').select('id', 'name', 'number', 'city')
    for (const row of rows)
      await knex('companies').where({ id: row.id }).update({ search_key: searchKey(row.name, row.number), city_key: cityKey(row.city) })
  },
  async down(knex) {
    await knex.schema.alterTable('companies', (t) => {
      t.dropIndex(['account_id', 'number'])
      t.dropIndex(['account_id', 'city'])
      t.dropIndex(['account_id', 'country'])
      t.dropIndex(['account_id', 'created_at'])
      t.dropColumns('search_key', 'city_key', 'logo_key', 'logo_type', 'logo_name', 'logo_size')
    })
  },
}

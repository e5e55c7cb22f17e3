import type { Migration } from '@app/plugin-kit'

/**
 * The rest of a project's fields (spec part2 §3 "Project"), the caller's last visits (the
 * home page's recent projects) and the project event log (part2 §3 "Project event").
 * Dates are epoch milliseconds, as the spec's calls carry them. `search_key` is the
 * lower-cased "symbol name" the filter box and /search match, beside the account in one index.
 */
export const projectFields: Migration = {
  name: '2026-11-24-041-project-fields',
  async up(knex) {
    await knex.schema.alterTable('projects', (t) => {
      t.string('master_number', 60).nullable()
      t.integer('parent_id').unsigned().nullable().references('projects.id').onDelete('SET NULL')
      t.integer('manager_id').unsigned().nullable().references('users.id').onDelete('SET NULL')
      // The client; a company with projects is not deleted (its delete blockers say so).
      t.integer('company_id').unsigned().nullable().references('companies.id')
      for (const date of ['start_date', 'end_date', 'delivery_date', 'shipment_date', 'inspection_date']) t.bigInteger(date).nullable()
      t.double('value').nullable()
      t.double('area').nullable()
      t.double('square_meters').nullable()
      for (const coordinate of ['latitude', 'longitude', 'altitude', 'rotation_x', 'rotation_y', 'rotation_z']) t.double(coordinate).nullable()
      // The site's address: /project/add fills it from the clicked map position by reverse geocoding.
      t.string('address', 200).nullable()
      t.text('additional_info').nullable()
      t.string('end_company_name', 200).nullable()
      t.string('end_company_address', 200).nullable()
      t.string('end_company_country', 2).nullable()
      t.string('end_company_plant', 100).nullable()
      // Undefined (null) until someone chooses: the billing toggle refuses to act on it.
      t.boolean('should_notify_billing').nullable()
      t.boolean('is_billing_notified').notNullable().defaultTo(false)
      t.boolean('skymap_enabled').notNullable().defaultTo(false)
      t.string('skymap_project_id', 100).nullable()
      t.string('search_key', 130).notNullable().defaultTo('')
      t.index(['account_id', 'symbol'], 'projects_account_symbol_index')
      t.index(['account_id', 'name'], 'projects_account_name_index')
      t.index(['account_id', 'created_at'], 'projects_account_created_index')
      t.index(['account_id', 'search_key'], 'projects_account_search_index')
      t.index(['company_id'], 'projects_company_index')
    })
    // MySQL's || is OR: it joins text with concat().
    const joined = knex.client.config.client === 'mysql2' ? "concat(symbol, ' ', name)" : "symbol || ' ' || name"
    await knex('projects').update({ search_key: knex.raw(`lower(${joined})`) })
    await knex.schema.createTable('project_visits', (t) => {
      t.integer('account_id').unsigned().notNullable().references('accounts.id').onDelete('CASCADE')
      t.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE')
      t.integer('project_id').unsigned().notNullable().references('projects.id').onDelete('CASCADE')
      t.bigInteger('visited_at').notNullable()
      t.primary(['user_id', 'project_id'])
      // The recent-projects list: one member's visits in one account, newest first.
      t.index(['account_id', 'user_id', 'visited_at'], 'project_visits_recent_index')
    })
    await knex.schema.createTable('project_events', (t) => {
      t.increments('id')
      t.integer('account_id').unsigned().notNullable().references('accounts.id').onDelete('CASCADE')
      t.integer('project_id').unsigned().notNullable().references('projects.id').onDelete('CASCADE')
      t.integer('modified_by').unsigned().nullable().references('users.id').onDelete('SET NULL')
      t.string('event_type', 40).notNullable()
      t.string('event_name', 100).notNullable()
      t.string('subject', 300).notNullable()
      t.string('created_at', 24).notNullable()
      t.index(['project_id', 'id'], 'project_events_project_index')
    })
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('project_events')
    await knex.schema.dropTableIfExists('project_visits')
    await knex.schema.alterTable('projects', (t) => {
      t.dropForeign(['parent_id'])
      t.dropForeign(['manager_id'])
      t.dropForeign(['company_id'])
      for (const index of ['symbol', 'name', 'created', 'search']) t.dropIndex([], `projects_account_${index}_index`)
      t.dropIndex([], 'projects_company_index')
      t.dropColumns(
        'master_number', 'parent_id', 'manager_id', 'company_id', 'start_date', 'end_date', 'delivery_date', 'shipment_date',
        'inspection_date', 'value', 'area', 'square_meters', 'latitude', 'longitude', 'altitude', 'rotation_x', 'rotation_y',
        'rotation_z', 'address', 'additional_info', 'end_company_name', 'end_company_address', 'end_company_country', 'end_company_plant',
        'should_notify_billing', 'is_billing_notified', 'skymap_enabled', 'skymap_project_id', 'search_key',
      )
    })
  },
}

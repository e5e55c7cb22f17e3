import type { Migration } from '@app/plugin-kit'

/** Accounts, users and their memberships, roles, privileges, sessions and one-time tokens. */
export const coreTables: Migration = {
  name: '2026-11-22-001-core',
  async up(knex) {
    await knex.schema.createTable('accounts', (t) => {
      t.increments('id')
      t.string('account_no', 20).notNullable().unique()
      t.string('company', 200).notNullable()
      t.string('website', 255)
      t.string('phone', 40)
      t.string('email', 254)
      t.string('address', 200)
      t.string('zip', 20)
      t.string('city', 100)
      t.string('country', 2)
      t.boolean('enabled').notNullable().defaultTo(false)
      t.boolean('trial').notNullable().defaultTo(true)
      t.string('created_at', 24).notNullable()
    })
    await knex.schema.createTable('users', (t) => {
      t.increments('id')
      t.string('username', 254).notNullable().unique()
      t.string('password_hash', 200)
      t.string('first_name', 100).notNullable()
      t.string('last_name', 100).notNullable()
      t.string('acronym', 20).notNullable()
      t.string('language', 10).notNullable().defaultTo('ENGLISH')
      t.string('two_factor_secret', 64)
      t.boolean('two_factor_enabled').notNullable().defaultTo(false)
      t.boolean('enabled').notNullable().defaultTo(true)
      t.boolean('anonymous').notNullable().defaultTo(false)
      t.string('created_at', 24).notNullable()
    })
    await knex.schema.createTable('roles', (t) => {
      t.increments('id')
      t.integer('account_id').unsigned().notNullable().references('accounts.id').onDelete('CASCADE')
      t.string('name', 100).notNullable()
      t.string('security_group', 10).notNullable().defaultTo('USER')
      t.string('created_at', 24).notNullable()
      t.unique(['account_id', 'name'])
    })
    await knex.schema.createTable('account_users', (t) => {
      t.increments('id')
      t.integer('account_id').unsigned().notNullable().references('accounts.id').onDelete('CASCADE')
      t.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE')
      t.integer('role_id').unsigned().references('roles.id').onDelete('SET NULL')
      t.integer('company_id').unsigned()
      t.string('access_level', 20).notNullable().defaultTo('ACCESS')
      t.boolean('enabled').notNullable().defaultTo(true)
      t.boolean('removal_requested').notNullable().defaultTo(false)
      t.string('created_at', 24).notNullable()
      t.integer('created_by').unsigned()
      t.unique(['account_id', 'user_id'])
      t.index(['user_id'])
    })
    await knex.schema.createTable('privileges', (t) => {
      t.increments('id')
      t.integer('account_id').unsigned().notNullable().references('accounts.id').onDelete('CASCADE')
      t.integer('user_id').unsigned().references('users.id').onDelete('CASCADE')
      t.integer('role_id').unsigned().references('roles.id').onDelete('CASCADE')
      t.string('name', 40)
      t.string('resource', 20).notNullable()
      t.integer('resource_id').unsigned()
      t.string('action', 20).notNullable()
      t.index(['account_id', 'user_id'])
      t.index(['account_id', 'role_id'])
    })
    await knex.schema.createTable('account_modules', (t) => {
      t.integer('account_id').unsigned().notNullable().references('accounts.id').onDelete('CASCADE')
      t.string('module_id', 40).notNullable()
      t.boolean('enabled').notNullable().defaultTo(true)
      t.text('settings')
      t.primary(['account_id', 'module_id'])
    })
    // One row per issued token: signing out, disabling a user or an account ends it on every instance.
    await knex.schema.createTable('sessions', (t) => {
      t.string('id', 36).primary()
      t.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE')
      t.integer('account_id').unsigned().notNullable().references('accounts.id').onDelete('CASCADE')
      t.string('kind', 10).notNullable()
      t.bigInteger('expires_at').notNullable()
      t.boolean('revoked').notNullable().defaultTo(false)
      t.string('created_at', 24).notNullable()
      t.index(['user_id'])
      t.index(['expires_at'])
    })
    // Password-reset and welcome links: only a hash is kept, each is used once.
    await knex.schema.createTable('user_tokens', (t) => {
      t.increments('id')
      t.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE')
      t.string('kind', 20).notNullable()
      t.string('token_hash', 64).notNullable().unique()
      t.bigInteger('expires_at').notNullable()
      t.string('used_at', 24)
      t.string('created_at', 24).notNullable()
    })
    await knex.schema.createTable('rate_limits', (t) => {
      t.string('key', 300).primary()
      t.integer('count').notNullable()
      t.bigInteger('reset_at').notNullable()
    })
  },
  async down(knex) {
    for (const table of ['rate_limits', 'user_tokens', 'sessions', 'account_modules', 'privileges', 'account_users', 'roles', 'users', 'accounts'])
      await knex.schema.dropTableIfExists(table)
  },
}

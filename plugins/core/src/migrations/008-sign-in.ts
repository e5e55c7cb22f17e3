import type { Migration } from '@app/plugin-kit'

/**
 * Sign-in hardening: the last two-factor time step each user spent (a code is accepted
 * once), the moment a session's sign-in happened (renewals never carry it past
 * SESSION_MAX_AGE), and room for a sealed two-factor secret.
 */
export const signInHardening: Migration = {
  name: '2026-11-23-008-core-sign-in',
  async up(knex) {
    await knex.schema.alterTable('users', (t) => {
      t.bigInteger('two_factor_last_step')
    })
    // Sessions from before have no sign-in time: they live out their token and are not renewed.
    await knex.schema.alterTable('sessions', (t) => {
      t.bigInteger('signed_in_at')
    })
    // SQLite does not bound string lengths; MySQL's 64 would cut a sealed secret of a long key.
    if (knex.client.config.client === 'mysql2')
      await knex.schema.alterTable('users', (t) => {
        t.string('two_factor_secret', 255).alter()
      })
  },
  async down(knex) {
    await knex.schema.alterTable('sessions', (t) => {
      t.dropColumn('signed_in_at')
    })
    await knex.schema.alterTable('users', (t) => {
      t.dropColumn('two_factor_last_step')
    })
  },
}

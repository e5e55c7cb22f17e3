import type { Migration } from '@app/plugin-kit'
import { ensureBuiltInRoles } from '../services/roles/roles.class'

/**
 * Every account has the built-in roles (Administrators, Basic): new accounts get them
 * when they are made; this gives them to the accounts made before, so reading roles
 * never has to write.
 */
export const builtInRoles: Migration = {
  name: '2026-11-23-007-core-built-in-roles',
  async up(knex) {
    const accounts = await knex('accounts').pluck('id')
    for (const accountId of accounts) await ensureBuiltInRoles(knex, Number(accountId))
  },
  // The rows are ordinary roles once made: going down leaves them.
  async down() {},
}

import type { Migration } from '@app/plugin-kit'

/**
 * The project module came with its plugin after accounts existed: an account made before
 * has no row for it, so it would stay off where every new account has it on (DEFAULT_MODULES
 * is every module unless set). Accounts without a row get it on; a row that says off stays.
 */
export const projectModule: Migration = {
  name: '2026-11-23-011-core-project-module',
  async up(knex) {
    const missing = await knex('accounts as a')
      .leftJoin('account_modules as m', (on) => on.on('m.account_id', 'a.id').andOnVal('m.module_id', 'project'))
      .whereNull('m.module_id')
      .pluck('a.id')
    if (missing.length) await knex.batchInsert('account_modules', missing.map((id) => ({ account_id: id, module_id: 'project', enabled: true })), 500)
  },
  // The rows cannot be told from ones a global admin set since: they stay.
  async down() {},
}

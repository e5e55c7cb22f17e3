import type { Knex } from 'knex'
import type { Migration } from '@app/plugin-kit'

/**
 * A module that comes with its plugin after accounts exist: an account made before has no
 * row for it, so it would stay off where every new account has it on (DEFAULT_MODULES is
 * every module unless set). Accounts without a row get it on (with `alongside`: those that
 * have that module on); a row that says off stays. The rows cannot be told from ones a global
 * admin set since, so going down leaves them.
 */
const introduceModule = (name: string, moduleId: string, alongside?: string): Migration => ({
  name,
  async up(knex: Knex) {
    const query = knex('accounts as a')
      .leftJoin('account_modules as m', (on) => on.on('m.account_id', 'a.id').andOnVal('m.module_id', moduleId))
      .whereNull('m.module_id')
    if (alongside) query.join('account_modules as with', (on) => on.on('with.account_id', 'a.id').andOnVal('with.module_id', alongside).andOnVal('with.enabled', true))
    const missing = await query.pluck('a.id')
    if (missing.length) await knex.batchInsert('account_modules', missing.map((id) => ({ account_id: id, module_id: moduleId, enabled: true })), 500)
  },
  async down() {},
})

export const projectModule = introduceModule('2026-11-23-011-core-project-module', 'project')

/** Checklists live in projects: an account with projects on gets them. */
export const checklistModule = introduceModule('2026-11-29-014-core-checklist-module', 'checklist', 'project')

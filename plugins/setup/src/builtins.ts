/**
 * The built-in document types (Skyview, Checklist) are rows of each account, so an
 * account can switch them off like its own. An account that has not got them yet —
 * one made before this plugin was installed, or one created since — gets them the
 * first time its types are read: no other plugin needs to know about this.
 */
import { nowIso } from '@app/plugin-kit'
import type { Knex } from 'knex'
import { BUILT_IN_FOLDER_TYPES } from './services/foldertypes/foldertypes.schema'

export const FOLDER_TYPES_TABLE = 'setup_folder_types'

/**
 * The accounts this process has seen with every built-in type, per database: built-in rows
 * are never deleted (remove refuses them) nor are accounts, so they need not be asked for
 * again (every documents page asked, through its type names).
 */
const complete = new WeakMap<Knex, Set<number>>()

export const ensureBuiltInTypes = async (knex: Knex, accountId: number) => {
  const known = complete.get(knex) ?? new Set<number>()
  complete.set(knex, known)
  if (known.has(accountId)) return
  const present = await knex(FOLDER_TYPES_TABLE).where({ account_id: accountId, global: true }).pluck('type_id')
  const missing = BUILT_IN_FOLDER_TYPES.filter((t) => !present.includes(t.typeId))
  if (missing.length) await insertBuiltIns(knex, accountId, missing)
  known.add(accountId)
}

const insertBuiltIns = (knex: Knex, accountId: number, missing: (typeof BUILT_IN_FOLDER_TYPES)[number][]) =>
  knex(FOLDER_TYPES_TABLE)
    .insert(
      missing.map((t) => ({
        account_id: accountId,
        name: t.name,
        type_id: t.typeId,
        active: true,
        deletable: false,
        global: true,
        created_at: nowIso(),
      })),
    )
    // Two first reads at once: the second insert finds the rows there.
    .onConflict(['account_id', 'type_id'])
    .ignore()

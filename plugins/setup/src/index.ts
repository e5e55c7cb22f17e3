import { Readable } from 'node:stream'
import { definePlugin, newStorageKey } from '@app/plugin-kit'
import packageJson from '../package.json' with { type: 'json' }
import { ensureBuiltInTypes } from './builtins'
import { setupTables } from './migrations/001-setup'
import { folderTypeServices } from './services/foldertypes/foldertypes'
import { setupListServices } from './services/items/items'
import { templateServices } from './services/templates/templates'

/** A few values so the demo's setup screens are not empty. */
const DEMO_LISTS: Record<string, Record<string, string>[]> = {
  setup_life_cycles: [{ name: 'Design' }, { name: 'Approved' }, { name: 'As built' }],
  setup_revision_types: [{ name: 'Revision' }, { name: 'Archive' }],
  setup_classifications: [{ name: 'Structural', group_id: 'S1' }],
  setup_material_type_aliases: [{ material_type: 'Steel beam', alias: 'Beam' }],
  setup_material_life_cycles: [{ name: 'Planned' }, { name: 'In production' }],
}
/** A one-page PDF, so the demo account has a template to download. */
const DEMO_TEMPLATE = '%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'
const DEMO_TYPES = [
  { name: 'Drawing', type_id: 'DRW' },
  { name: 'Manual', type_id: 'MAN' },
]

export default definePlugin({
  id: 'setup',
  module: 'core',
  version: packageJson.version,
  migrations: [setupTables],
  permissions: [],
  services: [...folderTypeServices, ...setupListServices, ...templateServices],
  async seed({ knex, app, ids, now }) {
    // The demo accounts have their built-in types from the start (core's seed names them in `ids`); others get them on first read.
    for (const [key, id] of Object.entries(ids)) if (key.startsWith('account.')) await ensureBuiltInTypes(knex, id)
    const accountId = ids['account.engineering']
    if (!accountId || (await knex('setup_folder_types').where({ account_id: accountId, global: false }).first('id'))) return
    await knex('setup_folder_types').insert(
      DEMO_TYPES.map((t) => ({ ...t, account_id: accountId, active: true, deletable: true, global: false, created_at: now })),
    )
    for (const [table, rows] of Object.entries(DEMO_LISTS))
      await knex(table).insert(rows.map((row) => ({ ...row, account_id: accountId, created_at: now })))
    const storage_key = newStorageKey('templates')
    const { size } = await app.get('storage').put(storage_key, Readable.from([DEMO_TEMPLATE]), 'application/pdf')
    await knex('setup_templates').insert({
      account_id: accountId,
      name: 'Cover letter.pdf',
      storage_key,
      mime_type: 'application/pdf',
      size,
      appendable: false,
      created_at: now,
    })
  },
})

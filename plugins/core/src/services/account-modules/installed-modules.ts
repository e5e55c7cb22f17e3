/** The tenant modules the installed plugins bring, and which of them an account has switched on. */
import type { Application } from '@app/plugin-kit'
import { ALWAYS_ON_MODULES } from '@app/plugin-kit'

/** The tenant modules of the installed plugins: what an account can switch on. */
export const installedModules = (app: Application) => {
  const versions = new Map<string, string>()
  for (const plugin of app.get('plugins')) if (!versions.has(plugin.module)) versions.set(plugin.module, plugin.version)
  return [...versions].map(([id, version]) => ({ id, version }))
}

export const enabledModuleIds = async (app: Application, accountId: number) => {
  const rows = await app.get('knex')('account_modules').where({ account_id: accountId, enabled: true }).select('module_id')
  return new Set<string>([...ALWAYS_ON_MODULES, ...rows.map((r: any) => r.module_id as string)])
}

/** A new account gets the configured default set. */
export const enableDefaultModules = async (app: Application, accountId: number, knex = app.get('knex')) => {
  const installed = new Set(installedModules(app).map((m) => m.id))
  const ids = [...new Set([...ALWAYS_ON_MODULES, ...app.get('config').defaultModules])].filter((id) => installed.has(id))
  if (ids.length) await knex('account_modules').insert(ids.map((module_id) => ({ account_id: accountId, module_id, enabled: true })))
}

/** The catalogue of privileges the installed plugins declare, and the kinds granted on one row. */
import type { Application, PluginDefinition, ServiceDefinition } from '@app/plugin-kit'
import type { PrivilegeResource } from '@app/plugin-kit/shared'
import type { CatalogEntry } from './privilege-catalog.schema'
import { globalPrivilegeCatalogPath, privilegeCatalogPath } from './privilege-catalog.shared'

/** Resources whose grants name one row (a project, a company). */
export const RESOURCE_SPECIFIC: PrivilegeResource[] = ['PROJECT', 'COMPANY']

/**
 * Every installed plugin's declared privileges, then the per-resource kinds. Ids are
 * positions in that list: stable while the installed plugins stay the same.
 */
export const privilegeCatalog = (app: Application): CatalogEntry[] => {
  const declared = (app.get('plugins') as PluginDefinition[]).flatMap((p) => p.permissions)
  const named = declared.map((p) => ({ name: p.name, resource: p.resource, description: p.description, global: true }))
  const perResource = RESOURCE_SPECIFIC.map((resource) => ({
    name: resource,
    resource,
    description: `Access to one ${resource.toLowerCase()}`,
    global: false,
  }))
  return [...named, ...perResource].map((entry, index) => ({ id: index + 1, ...entry }))
}

const CATALOG_WHY = "The catalogue of privileges the installed plugins declare: the same for every account, no account's rows."

/** GET /accounts/privileges (all) and /accounts/privileges/global (those granted without a row). */
export const privilegeCatalogServices: ServiceDefinition[] = [
  { path: privilegeCatalogPath, onlyGlobal: false },
  { path: globalPrivilegeCatalogPath, onlyGlobal: true },
].map(({ path, onlyGlobal }) => ({
  path,
  methods: ['find'],
  scope: { kind: 'none', why: CATALOG_WHY },
  flags: { find: ['canManageSettings', 'canManageUsers'] },
  service: (app) => ({
    async find() {
      return privilegeCatalog(app).filter((p) => !onlyGlobal || p.global)
    },
  }),
}))

/**
 * The catalogue of global privileges (the access core's GET /accounts/privileges/global),
 * read once per session scope and shared by every screen that offers them (a role's
 * switches, a user's grant editor, later a project's members): it only changes when
 * the server's plugins do.
 */
import type { MenuFlags, PrivilegeResource } from '@app/plugin-kit/shared'
import { combine, createEffect, createEvent, createStore, sample } from 'effector'
import { apiRequest } from '../client'
import { $flags } from '../session'

/** A global privilege the installed plugins declare. */
export interface CatalogPrivilege {
  id: number
  name: string
  resource: PrivilegeResource
  description: string
}

/** Platform privileges, which only global admins may give (the API answers 403 to anyone else). */
const PLATFORM_RESOURCES: PrivilegeResource[] = ['GLOBAL_ADMIN', 'SYSTEM']

/** The catalogue's privileges the caller may give to a role or a user. */
export const grantablePrivileges = (catalog: CatalogPrivilege[], flags: MenuFlags) =>
  catalog.filter((privilege) => flags.canManageAccounts || !PLATFORM_RESOURCES.includes(privilege.resource))

export const fetchPrivilegeCatalogFx = createEffect(() => apiRequest<CatalogPrivilege[]>('GET', '/accounts/privileges/global'))
/** A screen needs the catalogue: it is asked for unless it is here already or on its way. */
export const privilegeCatalogRequested = createEvent()

export const $privilegeCatalog = createStore<CatalogPrivilege[]>([]).on(fetchPrivilegeCatalogFx.doneData, (_, catalog) => catalog)
export const $grantablePrivileges = combine($privilegeCatalog, $flags, grantablePrivileges)

sample({
  clock: privilegeCatalogRequested,
  source: { catalog: $privilegeCatalog, pending: fetchPrivilegeCatalogFx.pending },
  filter: ({ catalog, pending }) => !catalog.length && !pending,
  fn: () => undefined,
  target: fetchPrivilegeCatalogFx,
})

/**
 * What the grant editor sends and reads: a user's own privileges (the core plugin's
 * GET /accountusers/{userId}/privileges, POST .../add, /remove, /add-or-modify-action)
 * and the companies list for choosing one company.
 */
import type { PrivilegeAction, PrivilegeResource } from '@app/plugin-kit/shared'
import { type ListPage, type ListQuery, apiRequest, feathersQuery } from '@app/module-kit'

/** A user's own grant as the API answers it. */
export interface UserGrant {
  id: number
  /** A global privilege of the catalogue; null for access to one row or to the whole account. */
  name: string | null
  resource: PrivilegeResource
  resourceId: number | null
  /** The company's (or project's) name; null when the grant names no row or the row is gone. */
  resourceName: string | null
  action: PrivilegeAction
}

/** What add, remove and add-or-modify-action name: a catalogue privilege by name, or a resource and its row. */
export interface GrantChange {
  action: PrivilegeAction
  resource: PrivilegeResource
  resourceId?: number | null
  name?: string | null
}

export interface CompanyChoice {
  id: number
  name: string
}

export const fetchUserGrants = (userId: number) => apiRequest<UserGrant[]>('GET', `/accountusers/${userId}/privileges`)

const changeGrant = (segment: 'add' | 'remove' | 'add-or-modify-action') => ({ userId, grant }: { userId: number; grant: GrantChange }) =>
  apiRequest<UserGrant>('POST', `/accountusers/${userId}/privileges/${segment}`, { body: grant })
export const addUserGrant = changeGrant('add')
export const removeUserGrant = changeGrant('remove')
export const changeUserGrantAction = changeGrant('add-or-modify-action')

/** A page of the account's companies, names only. */
export const fetchCompanyChoices = (query: ListQuery) =>
  apiRequest<ListPage<CompanyChoice>>('GET', '/companies', { query: { ...feathersQuery(query), '$select[0]': 'id', '$select[1]': 'name' } })

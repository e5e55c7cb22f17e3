/** The calls the admin screens make, as effects (replaced in tests). */
import { apiRequest, downloadFile } from '@app/module-kit'
import type { Account, AccountUser } from '@app/plugin-core/shared'
import type { PrivilegeAction, PrivilegeResource } from '@app/plugin-kit/shared'
import type { FolderType, SetupItem, SetupListId, Template } from '@app/plugin-setup/shared'
import { createEffect } from 'effector'

/** A page of a server-paged list. */
export interface Page<T> {
  total: number
  limit: number
  skip: number
  data: T[]
}

/** What a paged list asks for: page, sort and filter, in Feathers' query syntax. */
export type ListQuery = Record<string, string | number | undefined>

export type AccountInfo = Pick<Account, 'id' | 'company' | 'website' | 'phone' | 'email' | 'address' | 'zip' | 'city' | 'country'>
export type AccountInfoChange = Partial<Omit<AccountInfo, 'id'>>

export interface Role {
  id: number
  name: string
  securityGroup: 'ADMIN' | 'USER'
  /** Administrators and Basic: every account has them; they are not renamed or removed. */
  builtIn: boolean
}
export type RoleData = Pick<Role, 'name' | 'securityGroup'>

export interface CatalogPrivilege {
  id: number
  name: string
  resource: string
  description: string
}
export interface Grant {
  id: number
  roleId: number | null
  name: string | null
}

export const fetchAccountFx = createEffect((accountId: number) => apiRequest<AccountInfo>('GET', `/accounts/${accountId}`))
export const saveAccountFx = createEffect(({ accountId, change }: { accountId: number; change: AccountInfoChange }) =>
  apiRequest<AccountInfo>('PATCH', `/accounts/${accountId}`, { body: change }),
)

export const fetchRolesFx = createEffect(() => apiRequest<Page<Role>>('GET', '/roles', { query: { $limit: 500, '$sort[name]': 1 } }))
export const createRoleFx = createEffect((data: RoleData) => apiRequest<Role>('POST', '/roles', { body: data }))
export const saveRoleFx = createEffect(({ id, ...data }: RoleData & { id: number }) => apiRequest<Role>('PATCH', `/roles/${id}`, { body: data }))
export const removeRoleFx = createEffect((id: number) => apiRequest<Role>('DELETE', `/roles/${id}`))

export const fetchCatalogFx = createEffect(() => apiRequest<CatalogPrivilege[]>('GET', '/accounts/privileges/global'))
export const fetchRoleGrantsFx = createEffect(({ accountId, roleId }: { accountId: number; roleId: number }) =>
  apiRequest<Page<Grant>>('GET', `/accounts/${accountId}/privileges`, { query: { resourceSpecific: false, roleId, $limit: 500 } }),
)
export const toggleRoleGrantFx = createEffect(
  ({ accountId, roleId, privilegeId }: { accountId: number; roleId: number; privilegeId: number }) =>
    apiRequest<{ granted: boolean }>('POST', `/accounts/${accountId}/privileges/toggle/${privilegeId}`, { body: { roleId } }),
)

/** A user's own grant as GET /accountusers/{userId}/privileges answers it. */
export interface UserGrant {
  id: number
  /** A global privilege of the catalogue; null for one on a single row or the whole account. */
  name: string | null
  resource: PrivilegeResource
  resourceId: number | null
  /** The company's (or project's) name. */
  resourceName: string | null
  action: PrivilegeAction
}
/** What add, remove and add-or-modify-action name: a global privilege by name, or a row. */
export interface GrantChange {
  action: PrivilegeAction
  resource: PrivilegeResource
  resourceId?: number | null
  name?: string | null
}
export type UserChoice = Pick<AccountUser, 'id' | 'username' | 'firstName' | 'lastName' | 'acronym'>
export interface CompanyChoice {
  id: number
  name: string
}

export const fetchAccountUsersFx = createEffect(({ accountId, query }: { accountId: number; query: ListQuery }) =>
  apiRequest<Page<AccountUser>>('GET', `/accountusers/${accountId}`, { query }),
)
export const fetchCompanyChoicesFx = createEffect((query: ListQuery) =>
  apiRequest<Page<CompanyChoice>>('GET', '/companies', { query: { ...query, '$select[0]': 'id', '$select[1]': 'name' } }),
)
export const fetchUserGrantsFx = createEffect((userId: number) => apiRequest<UserGrant[]>('GET', `/accountusers/${userId}/privileges`))
export const addUserGrantFx = createEffect(({ userId, grant }: { userId: number; grant: GrantChange }) =>
  apiRequest<UserGrant>('POST', `/accountusers/${userId}/privileges/add`, { body: grant }),
)
export const changeUserGrantFx = createEffect(({ userId, grant }: { userId: number; grant: GrantChange }) =>
  apiRequest<UserGrant>('POST', `/accountusers/${userId}/privileges/add-or-modify-action`, { body: grant }),
)
export const removeUserGrantFx = createEffect(({ userId, grant }: { userId: number; grant: GrantChange }) =>
  apiRequest<UserGrant>('POST', `/accountusers/${userId}/privileges/remove`, { body: grant }),
)

export const fetchFolderTypesFx = createEffect(({ accountId, query }: { accountId: number; query: ListQuery }) =>
  apiRequest<Page<FolderType>>('GET', `/foldertypes/${accountId}/manage`, { query }),
)
export const fetchFolderTypeFx = createEffect(({ accountId, id }: { accountId: number; id: number }) =>
  apiRequest<FolderType>('GET', `/foldertypes/${accountId}/${id}`),
)
export interface FolderTypeSave {
  accountId: number
  id?: number
  name: string
  typeId: string
  active: boolean
}
export const saveFolderTypeFx = createEffect(({ accountId, id, ...data }: FolderTypeSave) =>
  id
    ? apiRequest<FolderType>('PATCH', `/foldertypes/${accountId}/${id}`, { body: data })
    : apiRequest<FolderType>('POST', `/foldertypes/${accountId}`, { body: data }),
)
export const toggleFolderTypeFx = createEffect(({ accountId, id }: { accountId: number; id: number }) =>
  apiRequest<FolderType>('POST', `/foldertypes/${accountId}/toggle/${id}`, { body: {} }),
)
export const removeFolderTypeFx = createEffect(({ accountId, id }: { accountId: number; id: number }) =>
  apiRequest<FolderType>('DELETE', `/foldertypes/${accountId}/${id}`),
)

export const fetchSetupItemsFx = createEffect(({ accountId, list, query }: { accountId: number; list: SetupListId; query: ListQuery }) =>
  apiRequest<Page<SetupItem>>('GET', `/setup/${accountId}/${list}`, { query }),
)
export const saveSetupItemFx = createEffect(
  ({ accountId, list, id, values }: { accountId: number; list: SetupListId; id?: number; values: Record<string, string> }) =>
    id
      ? apiRequest<SetupItem>('PATCH', `/setup/${accountId}/${list}/${id}`, { body: values })
      : apiRequest<SetupItem>('POST', `/setup/${accountId}/${list}`, { body: values }),
)
export const removeSetupItemFx = createEffect(({ accountId, list, id }: { accountId: number; list: SetupListId; id: number }) =>
  apiRequest<SetupItem>('DELETE', `/setup/${accountId}/${list}/${id}`),
)

export const fetchTemplatesFx = createEffect(({ accountId, query }: { accountId: number; query: ListQuery }) =>
  apiRequest<Page<Template>>('GET', `/templates/${accountId}`, { query }),
)
export const uploadTemplateFx = createEffect(({ accountId, file, appendable }: { accountId: number; file: File; appendable: boolean }) => {
  const form = new FormData()
  form.append('appendable', String(appendable))
  form.append('file', file)
  return apiRequest<Template>('POST', `/templates/${accountId}`, { body: form })
})
export const setAppendableFx = createEffect(({ accountId, id, appendable }: { accountId: number; id: number; appendable: boolean }) =>
  apiRequest<Template>('PATCH', `/templates/${accountId}/${id}`, { body: { appendable } }),
)
export const removeTemplateFx = createEffect(({ accountId, id }: { accountId: number; id: number }) =>
  apiRequest<Template>('DELETE', `/templates/${accountId}/${id}`),
)
export const downloadTemplateFx = createEffect(({ accountId, id }: { accountId: number; id: number }) =>
  downloadFile(`/templates/${accountId}/${id}`),
)

/** The calls the admin screens make, as effects (replaced in tests). */
import { type ListQuery as KitListQuery, apiRequest, downloadFile, feathersQuery } from '@app/module-kit'
import type { Account, AccountListRow, AccountUser } from '@app/plugin-core/shared'
import { type FolderType, type SetupItem, type SetupListId, type Template, folderTypeUrls, setupListUrl, templateUrl } from '@app/plugin-setup/shared'
import { type Effect, type Store, attach, createEffect } from 'effector'

/** A page of a server-paged list. */
export interface Page<T> {
  total: number
  limit: number
  skip: number
  data: T[]
}

/** What a paged list asks for: page, sort and filter, in Feathers' query syntax. */
export type ListQuery = Record<string, string | number | undefined>

/**
 * The fetch a kit paged list needs over one account's paged call: it asks for the
 * account the tab was opened on, with the list's query in Feathers' syntax.
 */
export const accountPages = <Row, F extends string = string>(
  $accountId: Store<number | null>,
  fetchFx: Effect<{ accountId: number; query: ListQuery }, Page<Row>>,
) => {
  const pageFx = attach({
    source: $accountId,
    mapParams: (query: KitListQuery<F>, accountId) => {
      if (accountId === null) throw new Error('No account is open')
      return { accountId, query: feathersQuery(query) }
    },
    effect: fetchFx,
  })
  return (query: KitListQuery<F>) => pageFx(query)
}

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

export interface Grant {
  id: number
  roleId: number | null
  name: string | null
}

/** The account info page's facts beside its form: number, creation date, enabled, users, files and megabytes used. */
export type AccountDetails = AccountInfo & Pick<AccountListRow, 'accountNo' | 'createdAt' | 'enabled' | 'userCount' | 'fileCount' | 'mbUsed'>
export const fetchAccountFx = createEffect((accountId: number) => apiRequest<AccountDetails>('GET', `/accounts/${accountId}/details`))
export const saveAccountFx = createEffect(({ accountId, change }: { accountId: number; change: AccountInfoChange }) =>
  apiRequest<AccountInfo>('PATCH', `/accounts/${accountId}`, { body: change }),
)

export const fetchRolesFx = createEffect(() => apiRequest<Page<Role>>('GET', '/roles', { query: { $limit: 500, '$sort[name]': 1 } }))
export const createRoleFx = createEffect((data: RoleData) => apiRequest<Role>('POST', '/roles', { body: data }))
export const saveRoleFx = createEffect(({ id, ...data }: RoleData & { id: number }) => apiRequest<Role>('PATCH', `/roles/${id}`, { body: data }))
export const removeRoleFx = createEffect((id: number) => apiRequest<Role>('DELETE', `/roles/${id}`))

export const fetchRoleGrantsFx = createEffect(({ accountId, roleId }: { accountId: number; roleId: number }) =>
  apiRequest<Page<Grant>>('GET', `/accounts/${accountId}/privileges`, { query: { resourceSpecific: false, roleId, $limit: 500 } }),
)
export const toggleRoleGrantFx = createEffect(
  ({ accountId, roleId, privilegeId }: { accountId: number; roleId: number; privilegeId: number }) =>
    apiRequest<{ granted: boolean }>('POST', `/accounts/${accountId}/privileges/toggle/${privilegeId}`, { body: { roleId } }),
)

/** A user as the roles tab's user picker lists them. */
export type UserChoice = Pick<AccountUser, 'id' | 'username' | 'firstName' | 'lastName' | 'acronym'>
export const fetchAccountUsersFx = createEffect(({ accountId, query }: { accountId: number; query: ListQuery }) =>
  apiRequest<Page<AccountUser>>('GET', `/accountusers/${accountId}`, { query }),
)

export const fetchFolderTypesFx = createEffect(({ accountId, query }: { accountId: number; query: ListQuery }) =>
  apiRequest<Page<FolderType>>('GET', folderTypeUrls(accountId).manage, { query }),
)
export const fetchFolderTypeFx = createEffect(({ accountId, id }: { accountId: number; id: number }) =>
  apiRequest<FolderType>('GET', folderTypeUrls(accountId).type(id)),
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
    ? apiRequest<FolderType>('PATCH', folderTypeUrls(accountId).type(id), { body: data })
    : apiRequest<FolderType>('POST', folderTypeUrls(accountId).types, { body: data }),
)
export const toggleFolderTypeFx = createEffect(({ accountId, id }: { accountId: number; id: number }) =>
  apiRequest<FolderType>('POST', folderTypeUrls(accountId).toggle(id), { body: {} }),
)
export const removeFolderTypeFx = createEffect(({ accountId, id }: { accountId: number; id: number }) =>
  apiRequest<FolderType>('DELETE', folderTypeUrls(accountId).type(id)),
)

export const fetchSetupItemsFx = createEffect(({ accountId, list, query }: { accountId: number; list: SetupListId; query: ListQuery }) =>
  apiRequest<Page<SetupItem>>('GET', setupListUrl(accountId, list), { query }),
)
export const saveSetupItemFx = createEffect(
  ({ accountId, list, id, values }: { accountId: number; list: SetupListId; id?: number; values: Record<string, string> }) =>
    id
      ? apiRequest<SetupItem>('PATCH', setupListUrl(accountId, list, id), { body: values })
      : apiRequest<SetupItem>('POST', setupListUrl(accountId, list), { body: values }),
)
export const removeSetupItemFx = createEffect(({ accountId, list, id }: { accountId: number; list: SetupListId; id: number }) =>
  apiRequest<SetupItem>('DELETE', setupListUrl(accountId, list, id)),
)

export const fetchTemplatesFx = createEffect(({ accountId, query }: { accountId: number; query: ListQuery }) =>
  apiRequest<Page<Template>>('GET', templateUrl(accountId), { query }),
)
export const uploadTemplateFx = createEffect(({ accountId, file, appendable }: { accountId: number; file: File; appendable: boolean }) => {
  const form = new FormData()
  form.append('appendable', String(appendable))
  form.append('file', file)
  return apiRequest<Template>('POST', templateUrl(accountId), { body: form })
})
export const setAppendableFx = createEffect(({ accountId, id, appendable }: { accountId: number; id: number; appendable: boolean }) =>
  apiRequest<Template>('PATCH', templateUrl(accountId, id), { body: { appendable } }),
)
export const removeTemplateFx = createEffect(({ accountId, id }: { accountId: number; id: number }) =>
  apiRequest<Template>('DELETE', templateUrl(accountId, id)),
)
export const downloadTemplateFx = createEffect(({ accountId, id }: { accountId: number; id: number }) =>
  downloadFile(templateUrl(accountId, id)),
)

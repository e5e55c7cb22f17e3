/** The global admin's API calls, as effects (replaced in tests). */
import { apiRequest, downloadFile, feathersQuery } from '@app/module-kit'
import type { AccountCreate, AccountListRow, AccountPage, AccountSortField, ModuleSwitch, SupportManualRow } from '@app/plugin-core/shared'
import { createEffect } from 'effector'

export type { AccountCreate, AccountListRow, AccountPage, AccountSortField, ModuleSwitch, SupportManualRow }

export interface AccountsQuery {
  filter: string
  sort: { field: AccountSortField; direction: 1 | -1 } | null
  skip: number
}

export const PAGE_SIZE = 50

export const fetchAccountsFx = createEffect(({ filter, sort, skip }: AccountsQuery) =>
  apiRequest<AccountPage>('GET', '/accounts', {
    query: feathersQuery({ filter, sort, skip, limit: PAGE_SIZE }),
  }),
)

export const toggleAccountFx = createEffect((accountId: number) =>
  apiRequest<{ id: number; enabled: boolean }>('POST', `/accounts/toggle/${accountId}`, { body: {} }),
)

export const createAccountFx = createEffect((data: AccountCreate) =>
  apiRequest<AccountListRow>('POST', '/accounts/admin-create', { body: data }),
)

export const fetchModulesFx = createEffect((accountId: number) => apiRequest<ModuleSwitch[]>('GET', `/accounts/${accountId}/modules`))

export const saveModulesFx = createEffect(({ accountId, modules }: { accountId: number; modules: ModuleSwitch[] }) =>
  apiRequest<ModuleSwitch[]>('PUT', `/accounts/${accountId}/modules`, {
    body: { modules: modules.map(({ id, enabled }) => ({ id, enabled })) },
  }),
)

export const fetchManualsFx = createEffect(() => apiRequest<SupportManualRow[]>('GET', '/support'))

export const uploadManualFx = createEffect((file: File) => {
  const body = new FormData()
  body.append('file', file, file.name)
  return apiRequest<SupportManualRow>('POST', '/support', { body })
})

export const deleteManualFx = createEffect((id: number) => apiRequest<SupportManualRow>('DELETE', `/support/${id}`))

export const downloadManualFx = createEffect((id: number) => downloadFile(`/support/${id}/download`))

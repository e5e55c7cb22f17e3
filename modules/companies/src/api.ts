/** The companies API calls, as effects (replaced in tests). */
import { apiRequest, downloadFile, feathersQuery } from '@app/module-kit'
import {
  type Company,
  type CompanyData,
  type CompanySort,
  type CompanyUser,
  type CompanyUserWithAccess,
  type ReverseGeocode,
  type UserAccess,
  type UserAccessData,
  userAccessUrl,
} from '@app/plugin-companies/shared'
import { createEffect } from 'effector'

export interface Page<T> {
  total: number
  limit: number
  skip: number
  data: T[]
}

export interface ListQuery {
  filter: string
  sort: CompanySort
  /** 1 ascending, -1 descending. */
  direction: 1 | -1
  skip: number
}

export const PAGE_SIZE = 50

const listParams = ({ filter, sort, direction, skip }: ListQuery) => feathersQuery({ filter, sort: { field: sort, direction }, skip, limit: PAGE_SIZE })

export const fetchCompaniesFx = createEffect((query: ListQuery) =>
  apiRequest<Page<Company>>('GET', '/companies', { query: listParams(query) }),
)

export const exportCompaniesFx = createEffect((filter: string) => downloadFile('/companies/export', { filter: filter.trim() || undefined }))

/** Companies for the parent selector: id and name only (spec part1 §7). */
export const fetchCompanyChoicesFx = createEffect(() =>
  apiRequest<Page<Pick<Company, 'id' | 'name'>>>('GET', '/companies', {
    query: { $limit: 500, '$sort[name]': 1, '$select[0]': 'id', '$select[1]': 'name' },
  }),
)

export const fetchCompanyFx = createEffect((id: number) => apiRequest<Company>('GET', `/companies/${id}`))
export const createCompanyFx = createEffect((data: CompanyData) => apiRequest<Company>('POST', '/companies', { body: data }))
export const saveCompanyFx = createEffect(({ id, data }: { id: number; data: Partial<CompanyData> }) =>
  apiRequest<Company>('PATCH', `/companies/${id}`, { body: data }),
)
export const enableSkyviewFx = createEffect((id: number) =>
  apiRequest<Company>('PATCH', `/companies/${id}`, { body: { skymapEnabled: true } }),
)
export const deleteCompanyFx = createEffect((id: number) => apiRequest<Company>('DELETE', `/companies/${id}`))

export const geocodeFx = createEffect(({ lng, lat }: { lng: number; lat: number }) =>
  apiRequest<{ result: ReverseGeocode | null }>('GET', '/companies/geocode', { query: { lng, lat } }),
)

export const uploadLogoFx = createEffect(({ id, file }: { id: number; file: File }) => {
  const body = new FormData()
  body.append('file', file)
  return apiRequest<Company>('PATCH', `/companies/${id}/logo`, { body })
})

export const fetchCompanyUsersFx = createEffect(({ id, skip }: { id: number; skip: number }) =>
  apiRequest<Page<CompanyUser>>('GET', `/companies/${id}/users`, { query: { $limit: PAGE_SIZE, $skip: skip } }),
)
export const fetchUsersWithAccessFx = createEffect(({ id, skip }: { id: number; skip: number }) =>
  apiRequest<Page<CompanyUserWithAccess>>('GET', userAccessUrl(id), { query: { $limit: PAGE_SIZE, $skip: skip } }),
)

/** One user's access to the company: read, set (ACCESS..ADMINISTER) and taken away. */
export interface UserAccessRef {
  id: number
  userId: number
}
export const fetchUserAccessFx = createEffect(({ id, userId }: UserAccessRef) => apiRequest<UserAccess>('GET', userAccessUrl(id, userId)))
export const setUserAccessFx = createEffect(({ id, userId, action }: UserAccessRef & UserAccessData) =>
  apiRequest<UserAccess>('PUT', userAccessUrl(id, userId), { body: { action } }),
)
export const removeUserAccessFx = createEffect(({ id, userId }: UserAccessRef) => apiRequest<UserAccess>('DELETE', userAccessUrl(id, userId)))
export const fetchCandidatesFx = createEffect(({ id, filter }: { id: number; filter: string }) =>
  apiRequest<CompanyUser[]>('GET', `/companies/${id}/candidates`, { query: { filter } }),
)
export const addCompanyUserFx = createEffect(({ id, username }: { id: number; username: string }) =>
  apiRequest<CompanyUser>('POST', `/companies/${id}/users`, { body: { username } }),
)
export const removeCompanyUserFx = createEffect(({ id, userId }: { id: number; userId: number }) =>
  apiRequest<CompanyUser>('DELETE', `/companies/${id}/users/${userId}`),
)

export const searchCompaniesFx = createEffect((q: string) =>
  apiRequest<Page<Company>>('GET', '/companies', { query: { q, $limit: 20, '$sort[number]': 1, '$sort[name]': 1 } }),
)

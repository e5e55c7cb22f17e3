/** The companies API calls, as effects (replaced in tests). */
import { apiRequest, downloadFile, feathersQuery, viewerTimeZone } from '@app/module-kit'
import {
  type Company,
  type CompanyData,
  type CompanySort,
  type CompanyUser,
  type CompanyUserWithAccess,
  type ReverseGeocode,
  type UserAccess,
  type UserAccessData,
  companyCandidatesUrl,
  companyExportUrl,
  companyUrl,
  companyUsersUrl,
  geocodeUrl,
  logoUrl,
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
  apiRequest<Page<Company>>('GET', companyUrl(), { query: listParams(query) }),
)

export const exportCompaniesFx = createEffect((filter: string) =>
  downloadFile(companyExportUrl, { filter: filter.trim() || undefined, timeZone: viewerTimeZone() }),
)

/** Companies for the parent selector: id and name only (spec part1 §7). */
export const fetchCompanyChoicesFx = createEffect(() =>
  apiRequest<Page<Pick<Company, 'id' | 'name'>>>('GET', companyUrl(), {
    query: { $limit: 500, '$sort[name]': 1, '$select[0]': 'id', '$select[1]': 'name' },
  }),
)

export const fetchCompanyFx = createEffect((id: number) => apiRequest<Company>('GET', companyUrl(id)))
export const createCompanyFx = createEffect((data: CompanyData) => apiRequest<Company>('POST', companyUrl(), { body: data }))
export const saveCompanyFx = createEffect(({ id, data }: { id: number; data: Partial<CompanyData> }) =>
  apiRequest<Company>('PATCH', companyUrl(id), { body: data }),
)
export const enableSkyviewFx = createEffect((id: number) =>
  apiRequest<Company>('PATCH', companyUrl(id), { body: { skymapEnabled: true } }),
)
export const deleteCompanyFx = createEffect((id: number) => apiRequest<Company>('DELETE', companyUrl(id)))

export const geocodeFx = createEffect(({ lng, lat }: { lng: number; lat: number }) =>
  apiRequest<{ result: ReverseGeocode | null }>('GET', geocodeUrl, { query: { lng, lat } }),
)

export const uploadLogoFx = createEffect(({ id, file }: { id: number; file: File }) => {
  const body = new FormData()
  body.append('file', file)
  return apiRequest<Company>('PATCH', logoUrl(id), { body })
})

export const fetchCompanyUsersFx = createEffect(({ id, skip }: { id: number; skip: number }) =>
  apiRequest<Page<CompanyUser>>('GET', companyUsersUrl(id), { query: { $limit: PAGE_SIZE, $skip: skip } }),
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
  apiRequest<CompanyUser[]>('GET', companyCandidatesUrl(id), { query: { filter } }),
)
export const addCompanyUserFx = createEffect(({ id, username }: { id: number; username: string }) =>
  apiRequest<CompanyUser>('POST', companyUsersUrl(id), { body: { username } }),
)
export const removeCompanyUserFx = createEffect(({ id, userId }: { id: number; userId: number }) =>
  apiRequest<CompanyUser>('DELETE', companyUsersUrl(id, userId)),
)

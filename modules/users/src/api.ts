/** The users remote's API calls, as effects (replaced in tests). */
import { apiRequest, downloadFile, feathersQuery, viewerTimeZone } from '@app/module-kit'
import type { AccountUser } from '@app/plugin-core/shared'
import type { PrivilegeAction, PrivilegeResource, UserAccessLevel } from '@app/plugin-kit/shared'
import { createEffect } from 'effector'

export type { AccountUser, PrivilegeAction, PrivilegeResource, UserAccessLevel }


export interface UsersPage {
  total: number
  limit: number
  skip: number
  data: AccountUser[]
}

export type UserSortField = 'acronym' | 'username' | 'firstName' | 'lastName' | 'createdAt' | 'enabled'

export interface UsersQuery {
  filter: string
  sort: { field: UserSortField; direction: 1 | -1 } | null
  skip: number
  /** Only the users who asked for their removal; left out, everyone. */
  removalRequested?: true
}

/** A privilege the new-user wizard gives. */
export interface GrantChange {
  resource: PrivilegeResource
  resourceId: number | null
  action: PrivilegeAction
}

export interface Role {
  id: number
  name: string
  securityGroup: 'ADMIN' | 'USER'
}

export interface NewUser {
  email: string
  repeatEmail: string
  firstName: string
  lastName: string
  companyId: number | null
  privileges: GrantChange[]
}

export interface EditUser {
  id: number
  username: string
  firstName: string
  lastName: string
  acronym: string
}

export interface Option {
  id: number
  name: string
}

export const PAGE_SIZE = 50

export const fetchUsersFx = createEffect(({ accountId, query }: { accountId: number; query: UsersQuery }) =>
  apiRequest<UsersPage>('GET', `/accountusers/${accountId}`, {
    // Anonymised users are listed too, without an edit link.
    query: { ...feathersQuery({ ...query, limit: PAGE_SIZE }), onlyEditable: false, ...(query.removalRequested ? { removalRequested: true } : {}) },
  }),
)

export const exportUsersFx = createEffect(() => downloadFile('/accountusers/export', { timeZone: viewerTimeZone() }))

/**
 * Whether someone has registered the e-mail, and whether they are a member of the account
 * already (the wizard's asynchronous check: only a member is refused; someone registered
 * elsewhere is added to it).
 */
export const emailStatusFx = createEffect((email: string) =>
  apiRequest<{ exists: boolean; member: boolean }>('GET', '/accountusers/exists', { query: { username: email } }),
)

export const createUserFx = createEffect(({ accountId, user }: { accountId: number; user: NewUser }) =>
  apiRequest<AccountUser>('POST', `/accountusers/${accountId}/createUserWithPrivileges`, {
    body: { ...user, companyId: user.companyId ?? undefined },
  }),
)

/**
 * The companies the caller may give a new user, for the company-access step: every company
 * for user managers, a company administrator's own ones; none when the companies module is off.
 */
export const fetchCompaniesFx = createEffect(async () => {
  const page = await apiRequest<{ data: Option[] }>('GET', '/companies', { query: { $limit: 500, administered: true } })
  return page.data.map(({ id, name }) => ({ id, name }))
})

export const fetchUserFx = createEffect((userId: number) => apiRequest<AccountUser>('GET', `/accountusers/user/${userId}`))

export const saveUserFx = createEffect(({ accountId, user }: { accountId: number; user: EditUser }) =>
  apiRequest<AccountUser>('PUT', `/accountusers/${accountId}`, { body: user }),
)

export const toggleEnabledFx = createEffect(({ accountId, userId }: { accountId: number; userId: number }) =>
  apiRequest<{ userId: number; enabled: boolean }>('POST', `/accountusers/${accountId}/toggle/${userId}`, { body: {} }),
)

export const toggleTwoFactorFx = createEffect(({ accountId, userId }: { accountId: number; userId: number }) =>
  apiRequest<{ userId: number; hasTwoFactor: boolean }>('POST', `/accountusers/${accountId}/toggle/${userId}/2fa`, { body: {} }),
)

/** Mails the member the ordinary password-reset link: an account admin never sets a password (identity). */
export const sendResetLinkFx = createEffect(({ accountId, userId }: { accountId: number; userId: number }) =>
  apiRequest<{ userId: number; message: string }>('POST', `/accountusers/${accountId}/reset-link/${userId}`, { body: {} }),
)

export const toggleRemovalFx = createEffect((userId: number) =>
  apiRequest<{ userId: number; removalRequested: boolean }>('POST', `/accountusers/${userId}/toggleRequestRemoval`, { body: {} }),
)

export const fetchRolesFx = createEffect(async () => (await apiRequest<{ data: Role[] }>('GET', '/roles', { query: { $limit: 500 } })).data)

export const changeRoleFx = createEffect(({ accountId, userId, roleId }: { accountId: number; userId: number; roleId: number }) =>
  apiRequest<AccountUser>('POST', `/accountusers/${accountId}/securitygroups/${userId}/${roleId}`, { body: {} }),
)

export const changeLevelFx = createEffect(
  ({ accountId, userId, level }: { accountId: number; userId: number; level: UserAccessLevel }) =>
    apiRequest<AccountUser>('POST', `/accountusers/${accountId}/accesslevel/${userId}/${level}`, { body: {} }),
)

export const anonymiseFx = createEffect((userId: number) => apiRequest<AccountUser>('DELETE', `/accountusers/${userId}/anonymous`))

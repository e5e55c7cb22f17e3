/** Where a company's users and the add box's suggestions live, for the server and the companies screens. Browser-safe. */
export const companyUsersPath = 'companies/:companyId/users'
export const companyUsersMethods = ['find', 'create', 'remove'] as const
export const companyCandidatesPath = 'companies/:companyId/candidates'

/** The client's URL (under /api) of a company's users, or of one of them. */
export const companyUsersUrl = (companyId: number, userId?: number) => `/companies/${companyId}/users${userId === undefined ? '' : `/${userId}`}`
/** The client's URL (under /api) of the add box's suggestions. */
export const companyCandidatesUrl = (companyId: number) => `/companies/${companyId}/candidates`

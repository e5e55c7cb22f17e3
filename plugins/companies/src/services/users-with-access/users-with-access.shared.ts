/** Where the users-with-access service lives and what it answers to. Browser-safe. */
export const usersWithAccessPath = 'companies/:companyId/users-with-access'
export const usersWithAccessMethods = ['find', 'get', 'update', 'remove'] as const

/** The client's URL (under /api) of the company's list, or of one user's access to it. */
export const userAccessUrl = (companyId: number, userId?: number) =>
  `/companies/${companyId}/users-with-access${userId === undefined ? '' : `/${userId}`}`

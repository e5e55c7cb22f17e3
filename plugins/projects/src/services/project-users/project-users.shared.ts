/** Where a project's users live (spec part2 §7 "Projects"), for the server and the project screens. Browser-safe. */
export const projectUsersPath = 'projects/:projectId/users'
export const projectUsersMethods = ['find', 'get', 'create', 'update', 'remove'] as const
export const projectUsersWithAccessPath = 'projects/:projectId/users-with-access'
export const projectPrivilegesPath = 'projects/:projectId/privileges'

/** The client's URLs (under /api): the project's users, or one of them. */
export const projectUsersUrl = (projectId: number, userId?: number) => `/projects/${projectId}/users${userId === undefined ? '' : `/${userId}`}`
export const projectUsersWithAccessUrl = (projectId: number) => `/projects/${projectId}/users-with-access`
export const projectPrivilegesUrl = (projectId: number) => `/projects/${projectId}/privileges`

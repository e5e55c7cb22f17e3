/** The dashboard calls of the projects plugin (spec part2 §7 "Dashboard"). Browser-safe. */
/** GET: the caller's recently visited projects. */
export const recentProjectsPath = 'dashboard/projects'
/** GET: one project's figures (userCount, squareMeters). */
export const projectDashboardInfoPath = 'dashboard/info/project/:projectId'
/** GET ?projectId=: the project's status boxes. */
export const projectStatusPath = 'dashboard'
/** GET ?projectId=: the project's timeline data. */
export const timelinePath = 'dashboard/time-line'
/** POST and DELETE: a project timeline bubble's mark (`:key` is start, end, delivery, inspection or shipment). */
export const timelineMarkPath = 'dashboard/time-line/project/:projectId/:key'

export const recentProjectsUrl = () => '/dashboard/projects'
export const projectDashboardInfoUrl = (projectId: number) => `/dashboard/info/project/${projectId}`
export const projectStatusUrl = (projectId: number) => `/dashboard?projectId=${projectId}`
export const timelineUrl = (projectId: number) => `/dashboard/time-line?projectId=${projectId}`
/** The spec's /dashboard/time-line/{module}/{moduleId}/{key}, for a project. */
export const timelineMarkUrl = (projectId: number, key: string) => `/dashboard/time-line/project/${projectId}/${key}`

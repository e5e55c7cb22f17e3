/** Where a project's event log is read (spec part2 §7 "Comments and events"). Browser-safe. */
export const projectEventsPath = 'projects/:projectId/events'
export const projectEventsMethods = ['find'] as const

/** The client's URL (under /api) of a project's event log. */
export const projectEventsUrl = (projectId: number) => `/projects/${projectId}/events`

/** Where a browser listens to a project's real-time events (the kit's live.ts). Browser-safe. */
export const projectLivePath = 'live/projects/:projectId'

/** The client's URL (under /api) of a project's event stream. */
export const projectLiveUrl = (projectId: number) => `/live/projects/${projectId}`

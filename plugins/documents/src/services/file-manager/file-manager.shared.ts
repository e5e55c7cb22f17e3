/** Where a project's files and links are listed for the file manager panel. Browser-safe. */
export const fileManagerPath = 'projects/:projectId/file-manager'
export const fileManagerUrl = (projectId: number) => `/projects/${projectId}/file-manager`

/** Where projects live, for the server and the project screens. Browser-safe. */
export const projectsPath = 'projects'
export const projectsMethods = ['find', 'get', 'create', 'update', 'patch', 'remove'] as const
export const newProjectPath = 'projects/new'
export const projectInfoPath = 'projects/info'
export const projectExportPath = 'projects/export'
export const billingNotificationPath = 'projects/:projectId/billing-notification'
export const projectCopyPath = 'projects/:projectId/copy'
export const projectFolderTypesPath = 'projects/:projectId/foldertypes'
export const projectFoldersPath = 'projects/:projectId/folders'
export const projectIfcFilesPath = 'projects/:projectId/ifcfiles'

/** The client's URL (under /api) of the projects, or of one of them. */
export const projectUrl = (id?: number) => `/projects${id === undefined ? '' : `/${id}`}`

/** The client's URLs (under /api) of one project's calls. */
export const projectUrls = (id: number) => ({
  project: `/projects/${id}`,
  billingNotification: `/projects/${id}/billing-notification`,
  copy: `/projects/${id}/copy`,
  folderTypes: `/projects/${id}/foldertypes`,
  folders: `/projects/${id}/folders`,
  ifcFiles: `/projects/${id}/ifcfiles`,
})

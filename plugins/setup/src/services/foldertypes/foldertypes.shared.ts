/** Where the document type calls live, for the server and the admin screens. Browser-safe. */
export const folderTypesPath = 'foldertypes/:accountId'
export const folderTypesMethods = ['get', 'create', 'update', 'patch', 'remove'] as const

/** The client's URLs (under /api): one type, the paged list to manage, the active ones a new document offers, the switch. */
export const folderTypeUrls = (accountId: number) => ({
  types: `/foldertypes/${accountId}`,
  type: (id: number) => `/foldertypes/${accountId}/${id}`,
  manage: `/foldertypes/${accountId}/manage`,
  active: `/foldertypes/${accountId}/create`,
  toggle: (id: number) => `/foldertypes/${accountId}/toggle/${id}`,
})

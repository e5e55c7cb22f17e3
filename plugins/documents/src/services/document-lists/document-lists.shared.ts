/**
 * Where a project's binders (document lists) and their documents live, and the binders a
 * document is in, for the server and the binder screens. Browser-safe.
 */
export const bindersPath = 'projects/:projectId/document-lists'
export const binderItemsPath = 'projects/:projectId/document-lists/:listId/items'
export const folderBindersPath = 'folders/:folderId/document-lists'

export const binderUrls = (projectId: number) => ({
  lists: `/projects/${projectId}/document-lists`,
  list: (listId: number) => `/projects/${projectId}/document-lists/${listId}`,
  items: (listId: number) => `/projects/${projectId}/document-lists/${listId}/items`,
  item: (listId: number, folderId: number) => `/projects/${projectId}/document-lists/${listId}/items/${folderId}`,
})

export const folderBindersUrl = (folderId: number) => `/folders/${folderId}/document-lists`

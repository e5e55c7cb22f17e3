/** Where a document's action plan lives, for the server and the document screens. Browser-safe. */
export const folderActionsPath = 'folders/:folderId/actions'

export const folderActionUrls = (folderId: number) => ({
  actions: `/folders/${folderId}/actions`,
  action: (actionId: number) => `/folders/${folderId}/actions/${actionId}`,
})

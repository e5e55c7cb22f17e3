/** Where a document's favourite mark lives, for the server and the documents list. Browser-safe. */
export const folderFavoritePath = 'folders/:folderId/favorite'
export const folderFavoriteMethods = ['update', 'remove'] as const

/** The client's URL (under /api): PUT marks the document, DELETE unmarks it. */
export const folderFavoriteUrl = (folderId: number) => `/folders/${folderId}/favorite`

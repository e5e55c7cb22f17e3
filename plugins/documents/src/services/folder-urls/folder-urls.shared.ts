/** Where a document's links live, for the server and the document screens. Browser-safe. */
export const folderUrlsPath = 'folders/:folderId/urls'

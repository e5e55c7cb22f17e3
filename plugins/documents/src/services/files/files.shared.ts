/** Where files are downloaded, for the server and the document screens. Browser-safe. */
export const filesPath = 'files'
export const downloadLinkPath = 'folders/:folderId/files/download-link'

/** Where a document's files live, for the server and the document screens. Browser-safe. */
export const folderFilesPath = 'folders/:folderId/files'
export const folderFileRegisterPath = 'folders/:folderId/files/register'
export const folderFileRenamePath = 'folders/:folderId/files/:folderFileId/rename'

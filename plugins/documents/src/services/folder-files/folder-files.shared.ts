/** Where a document's files live, for the server and the document screens. Browser-safe. */
export const folderFilesPath = 'folders/:folderId/files'
export const folderFileRegisterPath = 'folders/:folderId/files/register'
export const folderFileRenamePath = 'folders/:folderId/files/:folderFileId/rename'
export const folderFileLockPath = 'folders/:folderId/files/lock/:docFileId'
export const folderFileUnlockPath = 'folders/:folderId/files/unlock/:docFileId'
export const folderFileCopyPath = 'folders/:folderId/files/:folderFileId/copy'
export const folderFileMergePath = 'folders/:folderId/files/merge'

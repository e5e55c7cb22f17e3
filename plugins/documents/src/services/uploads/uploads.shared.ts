/** Where the chunked upload calls live, for the server and the upload panel. Browser-safe. */
export const folderUploadsPath = 'folders/:folderId/uploads'
export const uploadPath = 'uploads/:uploadId'
export const uploadPartsPath = 'uploads/:uploadId/parts'
export const uploadCompletePath = 'uploads/:uploadId/complete'
/** Where the local store's parts are PUT, by signed address (S3's go straight to the store). */
export const uploadPartDataPath = 'upload-parts/:uploadId'

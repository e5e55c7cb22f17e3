/** Where the documents list lives, for the server and the documents list screen. Browser-safe. */
export const documentsPath = 'documents'
export const documentsMethods = ['find'] as const

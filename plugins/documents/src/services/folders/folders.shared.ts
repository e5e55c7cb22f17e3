/** Where documents live, for the server and the document screens. Browser-safe. */
export const foldersPath = 'folders'
export const foldersMethods = ['get', 'create', 'patch', 'remove'] as const

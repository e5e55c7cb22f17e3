/** Where the support manuals are listed, uploaded and removed. Browser-safe. */
export const supportPath = 'support'
export const supportMethods = ['find', 'create', 'remove'] as const

/** Where a stored manual downloads (with the bearer token). */
export const supportDownloadUrl = (id: number) => `/api/support/${id}/download`

/** Where one stored support manual downloads. Browser-safe. */
export const supportDownloadPath = 'support/:id/download'
export const supportDownloadMethods = ['find'] as const

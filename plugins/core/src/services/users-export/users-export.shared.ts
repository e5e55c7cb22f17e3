/** Where the users export lives. Browser-safe. */
export const usersExportPath = 'accountusers/export'

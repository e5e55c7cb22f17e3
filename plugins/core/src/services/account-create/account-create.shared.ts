/** Where a global admin opens a new account. Browser-safe. */
export const accountCreatePath = 'accounts/admin-create'

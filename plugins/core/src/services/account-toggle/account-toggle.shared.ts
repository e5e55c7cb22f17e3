/** Where a global admin opens or closes an account. Browser-safe. */
export const accountTogglePath = 'accounts/toggle/:accountId'

/** Where a user is anonymised or removed from the account. Browser-safe. */
export const anonymiseUserPath = 'accountusers/:userId/anonymous'
export const removeMembershipPath = 'accountusers/:userId/remove'

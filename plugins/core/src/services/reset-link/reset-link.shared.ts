/** Where a user manager mails a member the reset link. Browser-safe. */
export const resetLinkPath = 'accountusers/:accountId/reset-link/:userId'

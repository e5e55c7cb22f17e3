/** Where a code from the authenticator app confirms the set-up. Browser-safe. */
export const twoFactorConfirmationPath = 'two-factor/confirmation'

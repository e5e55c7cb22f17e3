/** Where a person changes their password (a global admin anyone's). Browser-safe. */
export const passwordPath = 'accountusers/pwd/:userId'

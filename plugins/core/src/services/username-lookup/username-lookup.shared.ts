/** Where the wizard's e-mail look-ups live. Browser-safe. */
export const usersByNamePath = 'accountusers'
export const usernameExistsPath = 'accountusers/exists'

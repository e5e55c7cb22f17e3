/** Where the new-user wizard's calls live. Browser-safe. */
export const createUserWithPrivilegesPath = 'accountusers/:accountId/createUserWithPrivileges'
export const createEmptyUserPath = 'accountusers/:accountId/createEmptyUser'

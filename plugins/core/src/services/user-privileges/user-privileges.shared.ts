/** Where a user's privileges are read and changed. Browser-safe. */
export const userPrivilegesPath = 'accountusers/:userId/privileges'
export const userProjectPrivilegesPath = 'accountusers/:userId/privileges/projects'
export const userAuthoritiesPath = 'accountusers/:userId/authorities/:resource/:resourceId'
/** The three changes, each POST /accountusers/{userId}/privileges/{segment}. */
export const GRANT_CHANGES = ['add', 'remove', 'add-or-modify-action'] as const
export type GrantChange = (typeof GRANT_CHANGES)[number]
export const changeGrantPath = (change: GrantChange) => `accountusers/:userId/privileges/${change}`

/** Where the account's privileges table is read. Browser-safe. */
export const privilegesPath = 'privileges'
export const privilegesMethods = ['find', 'get'] as const

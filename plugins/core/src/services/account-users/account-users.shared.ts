/** Where the account-user services live. Browser-safe. */
export const accountUsersPath = 'accountusers/:accountId'
export const accountUsersMethods = ['find', 'create', 'update'] as const
export const userByIdPath = 'accountusers/user'

/** Where the accounts a person belongs to are listed (the switch-account menu). Browser-safe. */
export const contextsPath = 'contexts'
export const contextsMethods = ['find'] as const

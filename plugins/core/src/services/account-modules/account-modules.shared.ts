/** Where an account's module switches live and what they answer to. Browser-safe. */
export const accountModulesPath = 'accounts/:accountId/modules'
export const accountModulesMethods = ['find', 'update'] as const

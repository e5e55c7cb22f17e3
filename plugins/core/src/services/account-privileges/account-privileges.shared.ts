/** Where an account's grants are listed and a role's privileges switched. Browser-safe. */
export const accountGrantsPath = 'accounts/:accountId/privileges'
export const toggleRoleGrantPath = 'accounts/:accountId/privileges/toggle/:privilegeId'

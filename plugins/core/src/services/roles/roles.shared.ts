/** Where an account's roles are listed and changed. Browser-safe. */
export const rolesPath = 'roles'
export const rolesMethods = ['find', 'get', 'create', 'patch', 'remove'] as const

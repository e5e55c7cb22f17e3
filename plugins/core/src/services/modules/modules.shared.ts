/** Where the caller's enabled modules are listed. Browser-safe. */
export const modulesPath = 'modules'
export const modulesMethods = ['find'] as const

/** Browser-safe exports of the companies plugin. */
export * from './services/companies/companies.schema'
export * from './services/users-with-access/users-with-access.schema'
export * from './services/users-with-access/users-with-access.shared'

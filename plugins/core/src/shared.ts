/** Browser-safe exports of the core plugin: its schemas. */
export * from './services/schemas'
export * from './services/accounts-admin.schema'
export * from './services/accountusers.schema'
export * from './services/roles.schema'

/** Browser-safe exports of the links plugin: its schemas and URLs. */
export * from './services/links/links.schema'
export * from './services/links/links.shared'

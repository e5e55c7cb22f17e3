/** Browser-safe exports of the setup plugin: its schemas, lists, messages and URLs. */
export * from './services/foldertypes/foldertypes.schema'
export * from './services/foldertypes/foldertypes.shared'
export * from './services/items/items.schema'
export * from './services/items/items.shared'
export * from './services/templates/templates.schema'
export * from './services/templates/templates.shared'

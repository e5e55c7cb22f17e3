/** Browser-safe exports of the setup plugin: its schemas, lists and messages. */
export * from './services/foldertypes/foldertypes.schema'
export * from './services/items/items.schema'
export * from './services/templates/templates.schema'

/** Browser-safe exports of the documents plugin: each service's schemas and URLs. */
export * from './services/folders/folders.schema'
export * from './services/folders/folders.shared'
export * from './services/folder-files/folder-files.schema'
export * from './services/folder-files/folder-files.shared'
export * from './services/uploads/uploads.schema'
export * from './services/uploads/uploads.shared'
export * from './services/files/files.schema'
export * from './services/files/files.shared'

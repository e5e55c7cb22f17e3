/** Browser-safe exports of the comments plugin: its schemas and URLs. */
export * from './services/comments/comments.schema'
export * from './services/comments/comments.shared'

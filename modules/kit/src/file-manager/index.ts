export * from './model'
export { FileManagerButton } from './FileManagerButton'

export { default } from '../../vitest.web.ts'

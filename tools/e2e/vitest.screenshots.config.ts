/** `npm run screenshots`: the docs' screenshots, apart from the browser tests (no shared include list to merge with). */
import { defineConfig } from 'vitest/config'

export default defineConfig({ test: { include: ['src/**/*.shots.ts'], testTimeout: 120_000, hookTimeout: 120_000, maxWorkers: 1 } })

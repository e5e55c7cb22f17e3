/** Test settings every package shares: real servers and databases need more than the default 5 s. */
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    // Two cores: more workers only contend for them.
    maxWorkers: 2,
  },
})

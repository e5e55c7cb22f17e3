/** Browser tests: one browser at a time on two cores, and real waits for real pages. */
import { defineConfig, mergeConfig } from 'vitest/config'
import shared from '../../vitest.shared'

export default mergeConfig(
  shared,
  defineConfig({ test: { include: ['src/**/*.e2e.test.ts'], testTimeout: 60_000, maxWorkers: 1, fileParallelism: false } }),
)

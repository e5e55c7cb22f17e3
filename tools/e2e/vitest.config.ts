/**
 * Browser tests: two files at once on two cores (a page mostly waits on the network and the
 * browser, about a third of the CPU each; three at once made tests time out), and real waits
 * for real pages.
 */
import { defineConfig, mergeConfig } from 'vitest/config'
import shared from '../../vitest.shared'

// TEST_AXE=0 leaves out the axe walk: CI's MariaDB pass, as axe judges the same screens
// whichever database drew them (the routes walk opens them on MariaDB too).
const exclude = process.env.TEST_AXE === '0' ? ['src/accessibility.e2e.test.ts'] : []

export default mergeConfig(
  shared,
  defineConfig({
    test: {
      include: ['src/**/*.e2e.test.ts'],
      exclude,
      testTimeout: 60_000,
      maxWorkers: 2,
      fileParallelism: true,
      // expect.poll gives up after 1 s by default: too short for a page of a loaded CI machine.
      expect: { poll: { timeout: 10_000 } },
    },
  }),
)

/** Test settings every package shares: real servers and databases need more than the default 5 s. */
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    // Two cores: more workers only contend for them.
    maxWorkers: 2,
    // Each worker imports the app once for all its files, not once a file: the imports were
    // most of a package's time (plugin-core 72 s → 26 s). The server's tests build their own
    // server and data, so nothing of one file's state is another's; the web packages keep
    // a module graph per file (vitest.web.ts).
    isolate: false,
  },
})

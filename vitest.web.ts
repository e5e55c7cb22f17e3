/**
 * The web packages' tests (the remotes, the shell): each file in its own module graph, as
 * their stores, the client's token and the DOM are module state that one file's tests leave
 * for the next. The server's packages share a worker's imports (vitest.shared.ts).
 */
import { defineConfig, mergeConfig } from 'vitest/config'
import shared from './vitest.shared'

export default mergeConfig(shared, defineConfig({ test: { isolate: true } }))

/**
 * A real server for tests: a fresh database (SQLite, or a new MariaDB database when
 * TEST_DATABASE_URL is set) and HTTP on a free loopback port. No demo seed unless asked
 * (`{ seedDemo: true }`): tests make their own data with the fixtures of @app/testing.
 */
import { type PluginDefinition, createLogger, httpClient, testDatabase } from '@app/plugin-kit'
import type { ServerConfig } from './config'
import { loadConfig } from './config'
import { plugins as installed } from './plugins'
import { type BuildOptions, buildServer } from './server'

export const DEMO_PASSWORD = 'demo-password-for-tests'

/** `extraPlugins` are installed after the product's own (a test's own services, test-only remotes). */
export const startTestServer = async (overrides: Partial<ServerConfig> = {}, { extraPlugins = [], ...options }: BuildOptions & { extraPlugins?: PluginDefinition[] } = {}) => {
  const plugins = extraPlugins.length ? [...(options.plugins ?? installed), ...extraPlugins] : options.plugins
  const db = await testDatabase({ migrated: plugins ?? installed })
  const config: ServerConfig = {
    // TEST_AUTH_CACHE_MS=0 runs the suite with the caller cache off (.ci/run does both).
    ...loadConfig(
      { DATA_DIR: db.dataDir, PORT: '0', RATE_LIMIT_USER: '1000/900', RATE_LIMIT_ADDRESS: '1000/900', AUTH_CACHE_MS: process.env.TEST_AUTH_CACHE_MS },
      db.dataDir,
    ),
    database: db.config,
    seedDemo: false,
    demoPassword: DEMO_PASSWORD,
    ...overrides,
  }
  const { app } = await buildServer(config, { logger: createLogger({ level: 'silent' }), ...options, ...(plugins ? { plugins } : {}) })
  const server = await app.listen(0)
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  const url = `http://127.0.0.1:${port}`
  const call = httpClient(url)
  const signIn = async (username: string, password: string) => {
    const answer = await call('POST', '/api/authentication', { username, password })
    if (answer.status !== 201) throw new Error(`Sign-in of ${username} failed: ${answer.status} ${JSON.stringify(answer.body)}`)
    return answer.body.accessToken as string
  }
  return {
    app,
    url,
    call,
    signIn,
    config,
    knex: app.get('knex'),
    close: async () => {
      await new Promise((resolve) => server.close(resolve))
      await app.get('knex').destroy()
      await db.drop()
    },
  }
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>

/** `npm start`: migrate, seed a demo into an empty database, serve the API and the built web app. */
import { DEMO_USERS } from '@app/plugin-core'
import { createLogger } from '@app/plugin-kit'
import { ConfigError, loadConfig } from './config'
import { buildServer } from './server'
import { plugins } from './plugins'
import { builtWeb } from './web'

let logger = createLogger()

const start = async () => {
  const config = loadConfig()
  logger = createLogger({ level: config.logLevel })
  const web = builtWeb(plugins, config.remotesPath)
  if (!web) logger.warn('shell/dist is missing: run `npm run build` to serve the web app; the API runs alone.')
  const { app, demo } = await buildServer(config, { web, logger })
  const server = await app.listen(config.port)
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  const database = config.database.client === 'mysql2' ? 'MySQL/MariaDB' : 'SQLite'
  logger.info({ port, database, dataDir: config.dataDir }, `Listening on http://localhost:${port} (${database}, data in ${config.dataDir})`)
  if (demo) logger.info({ users: DEMO_USERS.map((user) => user.username) }, `Demo data created. Users (password: ${demo.password}): ${DEMO_USERS.map((user) => user.username).join(', ')}`)
  const stop = async () => {
    server.close()
    await app.get('knex').destroy()
    process.exit(0)
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

start().catch((error) => {
  if (error instanceof ConfigError) logger.fatal(`Configuration error: ${error.message}`)
  else logger.fatal({ err: error }, 'The server could not start')
  process.exit(1)
})

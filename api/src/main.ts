/** `npm start`: migrate, seed a demo into an empty database, serve the API and the built web app. */
import { DEMO_USERS } from '@app/plugin-core'
import { ConfigError, loadConfig } from './config'
import { buildServer } from './server'
import { plugins } from './plugins'
import { builtWeb } from './web'

const start = async () => {
  const config = loadConfig()
  const web = builtWeb(plugins, config.remotesPath)
  if (!web) console.warn('shell/dist is missing: run `npm run build` to serve the web app; the API runs alone.')
  const { app, demo } = await buildServer(config, { web })
  const server = await app.listen(config.port)
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  console.log(`Listening on http://localhost:${port} (${config.database.client === 'mysql2' ? 'MySQL/MariaDB' : 'SQLite'}, data in ${config.dataDir})`)
  if (demo) {
    console.log(`Demo data created. Users (password: ${demo.password}):`)
    for (const user of DEMO_USERS) console.log(`  ${user.username}`)
  }
  const stop = async () => {
    server.close()
    await app.get('knex').destroy()
    process.exit(0)
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

start().catch((error) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error)
  process.exit(1)
})

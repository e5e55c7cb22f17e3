/** `npm run migrate`: applies pending migrations of every installed plugin, then exits. */
import { createKnex, createLogger, migrate } from '@app/plugin-kit'
import { ConfigError, loadConfig } from './config'
import { plugins } from './plugins'

let logger = createLogger()

const run = async () => {
  const config = loadConfig()
  logger = createLogger({ level: config.logLevel })
  const knex = createKnex(config.database, logger)
  try {
    const applied = await migrate(knex, plugins, logger)
    logger.info({ applied }, applied.length ? `Applied ${applied.length} migrations` : 'The database is up to date.')
  } finally {
    await knex.destroy()
  }
}

run().catch((error) => {
  if (error instanceof ConfigError) logger.fatal(`Configuration error: ${error.message}`)
  else logger.fatal({ err: error }, 'Migrating failed')
  process.exit(1)
})

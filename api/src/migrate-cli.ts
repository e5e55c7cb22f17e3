/** `npm run migrate`: applies pending migrations of every installed plugin, then exits. */
import { createKnex, createLogger, migrate } from '@app/plugin-kit'
import { ConfigError, loadConfig } from './config'
import { plugins } from './plugins'

const run = async () => {
  const config = loadConfig()
  const logger = createLogger({ level: config.logLevel })
  const knex = createKnex(config.database, logger)
  try {
    const applied = await migrate(knex, plugins, logger)
    console.log(applied.length ? `Applied ${applied.length} migrations:\n  ${applied.join('\n  ')}` : 'The database is up to date.')
  } finally {
    await knex.destroy()
  }
}

run().catch((error) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error)
  process.exit(1)
})

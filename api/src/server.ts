/** Assembles the application from the configuration and the plugin list. */
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import type { Middleware } from '@feathersjs/koa'
import { type Logger, type PluginDefinition, createApp, createLogger, createMailer, markReady, seedDemo, withMigrationLock } from '@app/plugin-kit'
import type { ServerConfig } from './config'
import { plugins as installed } from './plugins'

export interface BuildOptions {
  plugins?: PluginDefinition[]
  web?: Middleware
  logger?: Logger
}

export const buildServer = async (config: ServerConfig, options: BuildOptions = {}) => {
  const logger = options.logger ?? createLogger({ level: config.logLevel })
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
    log: (line) => logger.info(line),
    logLinks: config.logMailLinks,
  })
  const app = await createApp({ config, plugins: options.plugins ?? installed, mailer, logger, web: options.web })
  let demo: { password: string; created: boolean } | undefined
  if (config.seedDemo) {
    // Under the migration lock: two instances starting on an empty database seed it once.
    await withMigrationLock(app.get('knex'), logger, async () => {
      if (await app.get('knex')('accounts').first('id')) return
      const password = config.demoPassword ?? randomBytes(9).toString('base64url')
      await seedDemo(app, password)
      demo = { password, created: true }
    })
  }
  markReady(app)
  return { app, demo }
}

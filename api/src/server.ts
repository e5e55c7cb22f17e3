/** Assembles the application from the configuration and the plugin list. */
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import type { Middleware } from '@feathersjs/koa'
import { type PluginDefinition, createApp, createMailer, markReady, seedDemo } from '@app/plugin-kit'
import type { ServerConfig } from './config'
import { plugins as installed } from './plugins'

export interface BuildOptions {
  plugins?: PluginDefinition[]
  web?: Middleware
  log?: (line: string) => void
}

export const buildServer = async (config: ServerConfig, options: BuildOptions = {}) => {
  const log = options.log ?? ((line: string) => console.log(line))
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox'), log, logLinks: config.logMailLinks })
  const app = await createApp({ config, plugins: options.plugins ?? installed, mailer, web: options.web })
  let demo: { password: string; created: boolean } | undefined
  if (config.seedDemo) {
    const empty = !(await app.get('knex')('accounts').first('id'))
    if (empty) {
      const password = config.demoPassword ?? randomBytes(9).toString('base64url')
      await seedDemo(app, password)
      demo = { password, created: true }
    }
  }
  markReady(app)
  return { app, demo }
}

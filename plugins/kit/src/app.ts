/**
 * Builds the Feathers application on Koa: every service under /api, JSON errors
 * with the right status, knex, migrations, and the plugins' services.
 */
import { BadRequest, FeathersError, GeneralError, NotFound, Unavailable } from '@feathersjs/errors'
import { feathers } from '@feathersjs/feathers'
import { Type } from '@sinclair/typebox'
import { type Middleware, bodyParser, koa, rest } from '@feathersjs/koa'
import koaQs from 'koa-qs'
import { QUERY_ARRAY_LIMIT } from './shared'
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import type { Knex } from 'knex'
import { createKnex, migrate, refreshStatistics } from './database'
import { refusalAnswer, refusedData } from './database-errors'
import { assertKnexInternals } from './knex-internals'
import { SpecificRouter } from './routes'
import { DATABASE_RETRY_AFTER_SECONDS, databaseUnavailable, isDatabaseUnavailable } from './outage'
import { purgeIdempotencyKeys } from './idempotency'
import { type Logger, repeatSummariser } from './logger'
import { AUTHENTICATION_SERVICE } from './hooks'
import { securityHeaders } from './security-headers'
import { createDiskStorage } from './storage'
import { PayloadTooLarge, UnsupportedMediaType, uploadMiddleware } from './upload'
import { type PluginDefinition, installPlugins } from './define-plugin'
import type { AppConfig, Application, Mailer } from './types'
import { Extensions } from './extensions'
import { configureLive } from './live'

const KNEX_ERROR = Symbol.for('@feathersjs/knex/error')
const HOUR = 60 * 60 * 1000

/** The largest JSON body: every form fits many times over; files come as multipart. */
const JSON_LIMIT = '1mb'

/**
 * Any error other than refused data (database-errors.ts) becomes a Feathers error: a
 * database that cannot be reached is a 503 the client may retry; only what is truly
 * unexpected is a 500, whose answer says nothing of what went wrong (no SQL, no internal message).
 */
const toFeathersError = (error: any): FeathersError => {
  if (isDatabaseUnavailable(error)) return databaseUnavailable()
  // knex's service words its errors with the driver's message, SQL included: never passed on.
  if (error?.[KNEX_ERROR]) return error.code === 503 ? databaseUnavailable() : new GeneralError('Internal error')
  if (error instanceof FeathersError) return error
  if (typeof error?.status === 'number' && error.status >= 400 && error.status < 500) {
    // koa-body: too large, an unknown Content-Encoding, malformed JSON
    if (error.status === 413) return new PayloadTooLarge(`The request body is larger than ${JSON_LIMIT}`)
    if (error.status === 415) return new UnsupportedMediaType(String(error.message).slice(0, 100))
    return new BadRequest('Malformed request body')
  }
  return new GeneralError('Internal error')
}

/** knex puts the SQL before the driver's message; the cause is the driver's code and message. */
const causeOf = (original: any, error: FeathersError) => `${original?.code ?? error.name}: ${String(original?.message ?? error.message).split(' - ').pop()}`

/**
 * Logs a 5xx and decides its answer, which carries no detail of what went wrong. A 500
 * is a bug: logged with its stack and an id that the answer carries. Another 5xx (the
 * database is unreachable) fails every request the same way, so it is written once and
 * then summarised, not a stack per request.
 */
const serverErrorAnswer = (logger: Logger) => {
  const summarise = repeatSummariser(logger)
  return (raw: any, error: FeathersError, request: string): FeathersError => {
    const original = raw?.[KNEX_ERROR] ?? raw
    if (error.code === 500) {
      const errorId = randomUUID()
      logger.error({ err: original, errorId, request }, `Internal error ${errorId}`)
      return new GeneralError('Internal error', { errorId })
    }
    const cause = causeOf(original, error)
    summarise(`${error.code} ${original?.code ?? cause}`, 'error', { err: original, status: error.code, request }, `${error.code} answered for ${cause}`)
    const retryAfter = (error.data as { retryAfter?: number } | undefined)?.retryAfter
    ;(error as { data?: unknown }).data = retryAfter ? { retryAfter } : undefined
    return error
  }
}

const errorMiddleware = (logger: Logger, knex: Knex): Middleware => {
  const answerFor = serverErrorAnswer(logger)
  const summarise = repeatSummariser(logger)
  return async (ctx, next) => {
    try {
      await next()
      if (ctx.body === undefined && ctx.status === 404) throw new NotFound(`Path ${ctx.originalUrl.split('?')[0]} not found`)
    } catch (raw) {
      const request = `${ctx.method} ${ctx.originalUrl.split('?')[0]}`
      const refused = isDatabaseUnavailable(raw) ? undefined : refusedData(raw)
      let error = refused ? await refusalAnswer(knex, refused) : toFeathersError(raw)
      // What the database said stays in the log, summarised when it repeats.
      if (refused) summarise(`${error.code} ${refused.code} ${request}`, 'warn', { err: refused, status: error.code, request }, `${error.code} answered for ${causeOf(refused, error)}`)
      if (error.code >= 500) error = answerFor(raw, error, request)
      ctx.status = error.code
      const retryAfter = (error.data as { retryAfter?: number } | undefined)?.retryAfter
      if (retryAfter) ctx.set('Retry-After', String(retryAfter))
      ctx.body = error.toJSON()
    }
  }
}

/** Requests under /api reach the services (with the prefix removed); others go to `web`. */
const apiPrefix =
  (web?: Middleware): Middleware =>
  async (ctx, next) => {
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) {
      ctx.path = ctx.path.slice(4) || '/'
      ctx.feathers = { ...ctx.feathers, ip: ctx.request.ip } as typeof ctx.feathers
      return next()
    }
    if (web) return web(ctx, async () => {})
    throw new NotFound(`Path ${ctx.path} not found`)
  }

export interface CreateAppOptions {
  config: AppConfig
  plugins: PluginDefinition[]
  mailer: Mailer
  logger: Logger
  /** Serves everything outside /api: the built shell and remotes. */
  web?: Middleware
}

export const createApp = async (options: CreateAppOptions) => {
  const { config, plugins } = options
  const app = koa(feathers()) as unknown as Application
  // Koa reports an answer that failed while being sent on the app's 'error' event, and with no
  // listener of ours it writes it to stderr, unstructured. A streamed answer the client stopped
  // reading (a page left, a download cancelled: ERR_STREAM_PREMATURE_CLOSE) is no failure of
  // the server; any other goes to the log.
  app.on('error', (error: { code?: string }) => {
    if (error?.code !== 'ERR_STREAM_PREMATURE_CLOSE') options.logger.error({ err: error }, 'An answer failed while being sent')
  })
  // Repeated query keys (`?id=1&id=2`, a download of many files) read as an array up to the
  // lists' own limit; qs's default of 20 would turn the 21st into an object, refused as bad input.
  koaQs(app as never, 'extended', { arrayLimit: QUERY_ARRAY_LIMIT })
  // Before any service: which one answers a URL follows from the paths, not their order (routes.ts).
  app.routes = new SpecificRouter() as unknown as Application['routes']
  app.set('config', config)
  app.set('mailer', options.mailer)
  app.set('logger', options.logger)
  // The AWS SDK (about 15 MB of memory) is loaded only when the files are on S3.
  const storage = config.s3
    ? (await import('./storage-s3')).createS3Storage(config.s3, (message) => options.logger.warn(message))
    : createDiskStorage(path.join(config.dataDir, 'files'))
  await storage.sweepPartial()
  app.set('storage', storage)
  if (storage.kind === 'disk' && config.database.client === 'mysql2')
    // A shared database suggests several instances; each would see only the files it wrote itself.
    options.logger.warn(
      'Uploaded files are kept on local disk (DATA_DIR/files), where only this instance sees them: more than one instance needs S3 storage',
    )
  app.set('ready', false)
  app.set('registry', [])
  app.set('extensions', new Extensions())
  const knex = createKnex(config.database, options.logger)
  await assertKnexInternals(knex)
  app.set('knex', knex)

  app.set(AUTHENTICATION_SERVICE as never, {
    secret: config.jwtSecret,
    entity: null,
    authStrategies: ['jwt', 'local'],
    parseStrategies: ['jwt'],
    jwt: { header: 'Authorization', schemes: ['Bearer', 'JWT'] },
    local: { usernameField: 'username', passwordField: 'password', errorMessage: 'User does not exist or wrong password', entity: 'user' },
    jwtOptions: { header: { typ: 'access' }, audience: config.jwtAudience, issuer: 'business-cloud', algorithm: 'HS256', expiresIn: config.tokenTtl },
  } as never)

  // The client is the address the outermost trusted proxy saw: counted from the right, so a
  // value the client put in X-Forwarded-For itself is never taken.
  app.proxy = config.trustProxy > 0
  app.maxIpsCount = config.trustProxy
  app.use(securityHeaders(config.publicUrl, { mapTileUrl: config.mapTileUrl }))
  app.use(errorMiddleware(options.logger, knex))
  app.use(apiPrefix(options.web))
  app.use(uploadMiddleware(() => app.get('storage')))
  // JSON only: any other body is left unread for the routes that stream it (upload.ts).
  app.use(bodyParser({ jsonLimit: JSON_LIMIT, multipart: false, urlencoded: false, text: false }))
  // rest() reads each request's bearer first (naming the service spares Feathers a search of every service).
  app.configure(rest({ authentication: { service: AUTHENTICATION_SERVICE, strategies: ['jwt'] } }))

  // Liveness (`/api/health`) costs nothing; readiness (`/api/health?ready`) also asks the
  // database, so a load balancer stops sending calls to an instance that cannot serve them.
  app.use('health', {
    async find(params: { query?: Record<string, unknown> }) {
      if (!app.get('ready')) throw new Unavailable('Starting', { retryAfter: DATABASE_RETRY_AFTER_SECONDS })
      if (params.query && 'ready' in params.query) await knex.raw('select 1')
      return { status: 'ok' }
    },
  }, { methods: ['find'] })
  app.get('registry').push({
    path: 'health',
    methods: ['find'],
    scope: { kind: 'none', why: 'Answers whether the server is up (and with ?ready whether its database answers); reads no rows.' },
    public: ['find'],
    schemas: { query: Type.Object({ ready: Type.Optional(Type.String({ maxLength: 10 })) }, { additionalProperties: false }) },
    pluginId: 'kit',
    module: 'core',
  })

  // Channels before any service: a service's events are published from its registration on.
  await configureLive(app)

  await migrate(knex, plugins, options.logger)
  await purgeIdempotencyKeys(knex)
  setInterval(() => purgeIdempotencyKeys(knex).catch((error) => options.logger.warn({ err: error }, 'Purging idempotency keys failed')), HOUR).unref()
  await refreshStatistics(knex)
  setInterval(() => refreshStatistics(knex).catch((error) => options.logger.warn({ err: error }, 'Refreshing the database statistics failed')), HOUR).unref()
  await installPlugins(app, plugins)
  return app
}

export const markReady = (app: Application) => app.set('ready', true)

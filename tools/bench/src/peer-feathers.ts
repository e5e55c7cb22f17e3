/**
 * Child process: the peer the list call is compared with, a vanilla Feathers 5 app of the
 * kind the Feathers generator makes: Koa with REST, the error handler, parseAuthentication
 * and the body parser; the authentication service with the JWT strategy and its entity
 * lookup (a `users` knex service); a `companies` knex service with pagination, the
 * generator's hooks (authenticate, query validation against a TypeBox schema, external and
 * result resolvers) and no tenancy. It reads the bench database the API server seeded,
 * through knex as configured out of the box, and serves the same rows: one account's
 * companies, 10 to a page.
 *
 * Tells the orchestrator its port and a token for one member of each account named in
 * PEER_ACCOUNTS (comma-separated ids) over IPC.
 */
import path from 'node:path'
import { AuthenticationService, JWTStrategy, authenticate } from '@feathersjs/authentication'
import { type HookContext, feathers } from '@feathersjs/feathers'
import { KnexService } from '@feathersjs/knex'
import { bodyParser, errorHandler, koa, parseAuthentication, rest } from '@feathersjs/koa'
import { hooks as schemaHooks, resolve } from '@feathersjs/schema'
import { Type, getValidator, querySyntax } from '@feathersjs/typebox'
import { Ajv } from '@feathersjs/schema'
import knexFactory, { type Knex } from 'knex'
import { serveUntilStopped } from './diagnostics'

const env = process.env

/** knex as a generated app configures it: the client and its connection, nothing else. */
const database = (): Knex.Config =>
  env.DATABASE_URL
    ? { client: 'mysql2', connection: env.DATABASE_URL.replace(/^mariadb:/, 'mysql:') }
    : { client: 'better-sqlite3', connection: { filename: path.join(env.DATA_DIR ?? '.', 'app.sqlite') }, useNullAsDefault: true }

// The generator's schema file: the row's schema, its query syntax and validators.
const companySchema = Type.Object(
  {
    id: Type.Number(),
    account_id: Type.Number(),
    name: Type.String(),
    number: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    city: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    country: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    created_at: Type.String(),
  },
  { $id: 'Company', additionalProperties: true },
)
const companyQuerySchema = Type.Intersect(
  [querySyntax(Type.Pick(companySchema, ['id', 'account_id', 'name', 'city', 'country', 'created_at'])), Type.Object({}, { additionalProperties: false })],
  { additionalProperties: false },
)
const queryValidator = new Ajv({ coerceTypes: true })
const companyQueryValidator = getValidator(companyQuerySchema, queryValidator)
const companyResolver = resolve<any, HookContext>({})
const companyExternalResolver = resolve<any, HookContext>({})
const companyQueryResolver = resolve<any, HookContext>({})

const userExternalResolver = resolve<any, HookContext>({ password_hash: async () => undefined, two_factor_secret: async () => undefined })

const main = async () => {
  const knex = knexFactory(database())
  const app = koa(feathers())
  app.set('authentication', {
    entity: 'user',
    service: 'users',
    secret: 'peer-secret-of-the-vanilla-feathers-app',
    authStrategies: ['jwt'],
    jwtOptions: { header: { typ: 'access' }, audience: 'https://yourdomain.com', algorithm: 'HS256', expiresIn: '1d' },
  })
  app.use(errorHandler())
  app.use(parseAuthentication())
  app.use(bodyParser())
  app.configure(rest())

  const authentication = new AuthenticationService(app)
  authentication.register('jwt', new JWTStrategy())
  app.use('authentication', authentication)

  app.use('users', new KnexService({ Model: knex, name: 'users', paginate: { default: 10, max: 50 } }))
  app.service('users').hooks({ around: { all: [schemaHooks.resolveExternal(userExternalResolver)] } })

  app.use('companies', new KnexService({ Model: knex, name: 'companies', paginate: { default: 10, max: 50 } }))
  app.service('companies').hooks({
    around: { all: [authenticate('jwt'), schemaHooks.resolveExternal(companyExternalResolver), schemaHooks.resolveResult(companyResolver)] },
    before: { all: [schemaHooks.validateQuery(companyQueryValidator), schemaHooks.resolveQuery(companyQueryResolver)] },
  })

  const tokens: { token: string; accountId: number }[] = []
  for (const accountId of (env.PEER_ACCOUNTS ?? '').split(',').filter(Boolean).map(Number)) {
    const member = await knex('account_users').where({ account_id: accountId }).orderBy('user_id').first('user_id')
    const token = await authentication.createAccessToken({}, { subject: String(member.user_id) })
    tokens.push({ token, accountId })
  }

  const server = await app.listen(0, '127.0.0.1')
  if (!server.listening) await new Promise((resolve) => server.once('listening', resolve))
  const address = server.address()
  process.send?.({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0, tokens })
  serveUntilStopped(server)
}

main().catch((error) => {
  console.error(error)
  process.send?.({ type: 'error', message: String(error?.stack ?? error) })
  process.exit(1)
})

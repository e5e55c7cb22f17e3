/**
 * Real-time events over the API's own HTTP: Feathers' service events and channels
 * (@feathersjs/transport-commons), delivered to browsers as Server-Sent Events on a
 * long-lived GET that the REST layer authenticates and scopes like any other call.
 *
 * - A service that wants its changes heard gives a publisher (`publishToProject`): after a
 *   write succeeds, Feathers emits its event (`created`, `updated`, `patched`, `removed`)
 *   and the publisher names the channel of the row's project.
 * - A browser listens on `GET /api/live/projects/{projectId}` (VIEW on the project, the
 *   kit's project scope): the answer is a stream (`LiveStream`) that joins that project's
 *   channel until the browser goes, and carries each event as `event: <path> <event>` with
 *   the service's answer as `data`.
 * - Each event is checked against each listener when it is sent, not only when they began
 *   listening: a session signed out (or expired, or its member disabled) ends its stream,
 *   and a listener whose level on the project fell below VIEW hears nothing more.
 * - With more than one instance (REDIS_URL), feathers-sync carries every service event
 *   through Redis to every instance of the deployment (those sharing its JWT secret), and each
 *   sends it to its own listeners; without it the events stay in the process.
 */
import { createHash } from 'node:crypto'
import { PassThrough } from 'node:stream'
import { Channel, type CombinedChannel, channels } from '@feathersjs/transport-commons'
import { type AccessLevel, accessRank } from './shared'
import type { AppParams, Application, AuthUser, HookContext } from './types'

/** A comment line this often keeps proxies from closing a quiet stream. */
const KEEP_ALIVE_MS = 25_000

/**
 * The most streams one sign-in keeps open (a tab each, at most one a page): opening another
 * ends its oldest, so a client cannot hold an instance's connections open without bound.
 */
export const LIVE_STREAMS_PER_SESSION = 8

/** One browser listening: its stream, who it is, and the project it listens to. */
export interface LiveConnection {
  user: AuthUser
  projectId: number
  stream: PassThrough
}

/** The answer of a live GET: sent as an event stream by the kit's prepared answers (answers.ts). */
export class LiveStream {
  constructor(readonly stream: PassThrough) {}
}

export const projectChannelName = (projectId: number) => `projects/${projectId}`

/**
 * Sets up channels and the event-stream transport on the app, before any service is
 * registered (Feathers adds a service's publishing when it is registered); with a Redis URL,
 * every instance's service events pass through it.
 */
export const configureLive = async (app: Application) => {
  app.configure(channels() as never)
  app.set('livePaths', new Set<string>())
  const { redisUrl, jwtSecret } = app.get('config')
  if (redisUrl) {
    // A CommonJS package: its adapters hang on its default export.
    const { redis, SYNC } = ((await import('feathers-sync')) as unknown as { default: { redis: (options: object) => (app: unknown) => void; SYNC: symbol } }).default
    // Only the events someone may hear go through Redis: a sign-in's (its token), a user's or a file's stay in the process.
    app.hooks({
      after: {
        all: [
          (context: HookContext) => {
            if (!app.get('livePaths').has(context.path)) (context as unknown as Record<symbol, boolean>)[SYNC] = false
          },
        ],
      },
    } as never)
    app.configure(
      redis({
        uri: redisUrl,
        // One deployment's instances share their token secret, and so this key: another deployment on the same Redis hears none of it.
        key: `business-cloud-events:${createHash('sha256').update(jwtSecret).digest('hex').slice(0, 24)}`,
        // An event carries its service's answer and the call's method and path; never its params (streams, the caller's token).
        serialize: ({ event, path, data, context }: { event: string; path: string; data: unknown; context?: Record<string, unknown> }) =>
          JSON.stringify({ event, path, data, context: context ? { method: context.method, path: context.path, id: context.id ?? null } : undefined }),
        deserialize: JSON.parse,
        redisOptions: { socket: { reconnectStrategy: (retries: number) => Math.min(retries * 200, 5000) } },
      }) as never,
    )
    const sync = (app as unknown as { sync: { ready: Promise<void>; pub: { on(event: string, handler: (error: unknown) => void): void }; sub: { on(event: string, handler: (error: unknown) => void): void } } }).sync
    const logError = (error: unknown) => app.get('logger').error({ err: error }, 'Redis (real-time events) failed')
    sync.pub.on('error', logError)
    sync.sub.on('error', logError)
    await sync.ready
  }
  app.on('publish', (event: string, channel: CombinedChannel, context: HookContext) => {
    for (const connection of channel.connections as unknown as LiveConnection[])
      if (connection.stream) send(app, connection, `${context.path} ${event}`, channel.dataFor(connection as never) ?? channel.data).catch(() => {})
  })
}

/** Each app's open streams by sign-in session. */
const openStreams = new WeakMap<Application, Map<string, LiveConnection[]>>()
const streamsBySession = (app: Application) => {
  const sessions = openStreams.get(app) ?? new Map<string, LiveConnection[]>()
  openStreams.set(app, sessions)
  return sessions
}

/** Writes one event to a listener whose session still lives in the same account; any other's stream ends. */
const send = async (app: Application, connection: LiveConnection, name: string, data: unknown) => {
  const user = await app
    .get('core')
    .sessionUser(connection.user.sessionId)
    .catch(() => undefined)
  // Signed out, expired, disabled, or switched to another account since it began listening: the stream ends.
  if (user?.accountId !== connection.user.accountId) {
    connection.stream.end()
    return
  }
  connection.stream.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`)
}

/**
 * The caller's stream of the project's events (the project scope has checked VIEW): it joins
 * the project's channel, and leaves it when the browser goes.
 */
export const listenToProject = (app: Application, params: AppParams): LiveStream => {
  const user = params.user
  const projectId = params.project?.id
  if (!user || projectId === undefined) throw new Error('A live stream needs a signed-in caller and a project')
  const stream = new PassThrough()
  const connection: LiveConnection = { user, projectId, stream }
  const sessions = streamsBySession(app)
  const open = sessions.get(user.sessionId) ?? []
  open.push(connection)
  sessions.set(user.sessionId, open)
  if (open.length > LIVE_STREAMS_PER_SESSION) open[0]!.stream.end()
  const channel = app.channel(projectChannelName(projectId))
  channel.join(connection as never)
  // First bytes at once: the browser knows it is listening.
  stream.write(': listening\n\n')
  const keepAlive = setInterval(() => stream.write(': keep-alive\n\n'), KEEP_ALIVE_MS)
  keepAlive.unref()
  const leave = () => {
    clearInterval(keepAlive)
    channel.leave(connection as never)
    const left = (sessions.get(user.sessionId) ?? []).filter((other) => other !== connection)
    if (left.length) sessions.set(user.sessionId, left)
    else sessions.delete(user.sessionId)
  }
  stream.once('close', leave)
  stream.once('finish', leave)
  return new LiveStream(stream)
}

/** Publishes the events of the services at `paths` with `publisher`; with Redis, only such services' events go through it. */
export const publishLive = (app: Application, paths: readonly string[], publisher: (data: any, context: HookContext) => unknown) => {
  for (const path of paths) {
    ;(app.service(path as never) as unknown as { publish(publisher: unknown): void }).publish(publisher)
    app.get('livePaths').add(path)
  }
}

/**
 * A publisher for a service whose answers belong to a project (`projectIdOf` reads it from
 * the answer): its events go to the listeners of that project who still hold `level` on it.
 */
export const publishToProject =
  (app: Application, projectIdOf: (data: any) => number | undefined, level: AccessLevel = 'VIEW') =>
  async (data: unknown) => {
    const projectId = projectIdOf(data)
    if (projectId === undefined) return undefined
    const listeners = app.channel(projectChannelName(projectId)).connections as unknown as LiveConnection[]
    const allowed = await Promise.all(
      listeners.map(async (connection) => accessRank(await app.get('access').projectLevel(connection.user, projectId).catch(() => 'NONE' as const)) >= accessRank(level)),
    )
    return new Channel(listeners.filter((_, n) => allowed[n]) as never, data)
  }

/**
 * Serves the built web app beside the API on one port: each remote's build under
 * /remotes/<name>/, the shell's build at /, and the shell's index.html for any other
 * path so that deep links (/users/12/details) load the app, which then routes.
 * Sends the build's brotli or gzip copy of a file when the browser accepts it.
 */
import { createReadStream, existsSync } from 'node:fs'
import { stat } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { PluginDefinition } from '@app/plugin-kit'
import type { Middleware } from '@feathersjs/koa'

export interface WebOptions {
  /** shell/dist */
  shell: string
  /** remote name → its dist folder */
  remotes: Record<string, string>
  /** URL prefix of the remotes; the API's /api/modules names entries under it. */
  remotesPath: string
}

type Context = Parameters<Middleware>[0]

/** Content-hashed file names may be cached for good; entries and index.html must be re-checked. */
const HASHED = /\.[0-9a-f]{8,}\.(js|css|mjs|wasm|woff2?|png|svg)$/

/** The copies the build writes beside each text file (rspack.config.ts), best first. */
const PRECOMPRESSED = { br: '.br', gzip: '.gz' } as const
type Coding = keyof typeof PRECOMPRESSED | 'identity'
const CODINGS: Coding[] = ['br', 'gzip', 'identity']

/**
 * The codings an Accept-Encoding header accepts, most wanted first: by its q values, and
 * on equal q br before gzip before identity (a browser lists `gzip, deflate, br` all at
 * q=1). No header means no coding; `*` stands for every coding not named.
 */
const acceptedCodings = (header: string | undefined): Coding[] => {
  if (!header) return ['identity']
  const q = new Map<string, number>()
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim().toLowerCase())
    const weight = params.find((p) => p.startsWith('q='))
    if (name) q.set(name, weight ? Number(weight.slice(2)) || 0 : 1)
  }
  const qOf = (coding: Coding) => q.get(coding) ?? q.get('*') ?? (coding === 'identity' ? 1 : 0)
  return CODINGS.filter((coding) => qOf(coding) > 0).sort((a, b) => qOf(b) - qOf(a))
}

/**
 * The file under root that a URL path names; undefined for a path that is not valid
 * percent-encoding, or has a segment starting with a dot (`..` would leave root; the
 * build writes no hidden files).
 */
const fileIn = (root: string, urlPath: string) => {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return undefined
  }
  const segments = decoded.split(/[/\\]/).filter(Boolean)
  if (!segments.length || segments.some((s) => s.startsWith('.') || s.includes('\0'))) return undefined
  return path.join(root, ...segments)
}

const fileStats = (file: string) => stat(file).then((stats) => (stats.isFile() ? stats : undefined), () => undefined)

/**
 * Answers with a built file, compressed as the browser prefers when the build left a
 * copy for that coding; false when there is no such file. Also answers HEAD and, for an
 * unchanged file, If-None-Match / If-Modified-Since with 304.
 */
const sendFile = async (ctx: Context, root: string, urlPath: string) => {
  const file = fileIn(root, urlPath)
  const original = file && (await fileStats(file))
  if (!file || !original) return false
  let sent = { coding: 'identity' as Coding, file, stats: original }
  for (const coding of acceptedCodings(ctx.get('Accept-Encoding'))) {
    if (coding === 'identity') break
    const stats = await fileStats(file + PRECOMPRESSED[coding])
    if (stats) {
      sent = { coding, file: file + PRECOMPRESSED[coding], stats }
      break
    }
  }
  ctx.status = 200
  ctx.vary('Accept-Encoding')
  ctx.set('Cache-Control', HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache')
  // Browsers refuse module workers and .mjs imports served with another type.
  ctx.type = file.endsWith('.mjs') ? 'text/javascript; charset=utf-8' : path.extname(file)
  if (sent.coding !== 'identity') ctx.set('Content-Encoding', sent.coding)
  // Each coding is its own representation, so its own validator.
  ctx.etag = `${sent.coding}-${sent.stats.size.toString(36)}-${Math.floor(sent.stats.mtimeMs).toString(36)}`
  ctx.lastModified = sent.stats.mtime
  if (ctx.fresh) {
    ctx.status = 304
    return true
  }
  if (ctx.method !== 'HEAD') ctx.body = createReadStream(sent.file)
  ctx.length = sent.stats.size
  return true
}

export const webMiddleware = (options: WebOptions): Middleware => {
  const prefix = `${options.remotesPath}/`
  return async (ctx) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 405
      return
    }
    if (ctx.path.startsWith(prefix)) {
      const [name, ...rest] = ctx.path.slice(prefix.length).split('/')
      const root = name ? options.remotes[name] : undefined
      if (root && rest.length && (await sendFile(ctx, root, rest.join('/')))) return
      ctx.status = 404
      ctx.body = { name: 'NotFound', message: `Path ${ctx.path} not found`, code: 404, className: 'not-found' }
      return
    }
    if (ctx.path !== '/' && (await sendFile(ctx, options.shell, ctx.path))) return
    // A path with a file extension that does not exist is a missing asset, not a page.
    if (/\.[a-z0-9]+$/i.test(ctx.path)) {
      ctx.status = 404
      return
    }
    await sendFile(ctx, options.shell, 'index.html')
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/**
 * The web app as `npm run build` leaves it: shell/dist, and modules/<remote>/dist for
 * each installed plugin's remote. Undefined when the shell has not been built.
 */
export const builtWeb = (plugins: PluginDefinition[], remotesPath: string) => {
  const shell = path.join(root, 'shell/dist')
  if (!existsSync(path.join(shell, 'index.html'))) return undefined
  const remotes: Record<string, string> = {}
  for (const plugin of plugins) {
    for (const remote of plugin.remotes ?? []) {
      const dist = path.join(root, 'modules', remote.name, 'dist')
      if (existsSync(dist)) remotes[remote.name] = dist
    }
  }
  return webMiddleware({ shell, remotes, remotesPath })
}

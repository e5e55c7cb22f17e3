/**
 * Serves the built web app beside the API on one port: each remote's build under
 * /remotes/<name>/, the shell's build at /, and the shell's index.html for any other
 * path so that deep links (/users/12/details) load the app, which then routes.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { PluginDefinition } from '@app/plugin-kit'
import type { Middleware } from '@feathersjs/koa'
import send from 'koa-send'

export interface WebOptions {
  /** shell/dist */
  shell: string
  /** remote name → its dist folder */
  remotes: Record<string, string>
  /** URL prefix of the remotes; the API's /api/modules names entries under it. */
  remotesPath: string
}

/** Content-hashed file names may be cached for good; entries and index.html must be re-checked. */
const HASHED = /\.[0-9a-f]{8,}\.(js|css|mjs|wasm|woff2?|png|svg)$/

const sendFile = async (ctx: Parameters<Middleware>[0], root: string, file: string) => {
  const sent = await send(ctx, file, {
    root,
    index: false,
    hidden: false,
    setHeaders: (res, filePath) => {
      res.setHeader('Cache-Control', HASHED.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache')
      if (filePath.endsWith('.mjs')) res.setHeader('Content-Type', 'text/javascript; charset=utf-8')
    },
  }).catch((error: { status?: number }) => {
    // koa-send answers 404 for a missing file and 400/403 for a path that leaves the root.
    if (error?.status === 404 || error?.status === 400 || error?.status === 403) return undefined
    throw error
  })
  return Boolean(sent)
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

/**
 * Security headers on every answer (helmet's), the API's and the web app's alike, errors
 * included:
 * - a Content-Security-Policy that runs only the shell's and the remotes' own script
 *   files (no inline script, no eval), and lets no other site frame the app;
 * - nosniff, no referrer (reset and welcome links carry tokens), HSTS only when the
 *   app is served over https (PUBLIC_URL), where it also upgrades stray http requests.
 * API answers are never cached: `no-store` unless a service set its own.
 */
import type { Middleware } from '@feathersjs/koa'
import type { IncomingMessage, ServerResponse } from 'node:http'
import helmet from 'helmet'

/**
 * Styles may be inline: React 19 hoists each component's `<style href precedence>` and the
 * bundler injects imported CSS as <style> elements. Images come from the app, `data:`
 * (icons) and `blob:` (a logo fetched with the bearer token), and the base map's tile host
 * when MAP_TILE_URL names one (`imageHosts`; the maps' tiles are images). 3D viewers and
 * workers will need worker-src 'self' blob: and script-src 'wasm-unsafe-eval' when they arrive.
 */
export const contentSecurityPolicy = (https: boolean, imageHosts: readonly string[] = []) => ({
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', ...imageHosts],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  ...(https ? { upgradeInsecureRequests: [] } : {}),
})

/**
 * The headers a helmet middleware sets, asked of it once: with no directive given as a
 * function, none depends on the request, and helmet would otherwise rebuild the policy
 * text and run a dozen middlewares on every answer.
 */
const headersOf = (middleware: ReturnType<typeof helmet>): [string, string][] => {
  const headers = new Map<string, string>()
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  }
  let finished = false
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error
    finished = true
  })
  if (!finished) throw new Error('helmet did not set its headers at once: they may depend on the request')
  return [...headers]
}

/** The origin a tile URL template loads from (its `{s}`-free host), for img-src. */
export const tileOrigin = (template: string) => new URL(template.replace(/\{[a-z]\}/g, '0')).origin

export const securityHeaders = (publicUrl: string, options: { mapTileUrl?: string } = {}): Middleware => {
  const https = new URL(publicUrl).protocol === 'https:'
  const headers = headersOf(
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(https, options.mapTileUrl ? [tileOrigin(options.mapTileUrl)] : []) },
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'no-referrer' },
    }),
  )
  return async (ctx, next) => {
    for (const [name, value] of headers) ctx.res.setHeader(name, value)
    await next()
    if (/^\/api(\/|\?|$)/.test(ctx.originalUrl) && !ctx.response.get('Cache-Control')) ctx.set('Cache-Control', 'no-store')
  }
}

/**
 * Security headers on every answer (helmet through koa-helmet), the API's and the web
 * app's alike, errors included:
 * - a Content-Security-Policy that runs only the shell's and the remotes' own script
 *   files (no inline script, no eval), and lets no other site frame the app;
 * - nosniff, no referrer (reset and welcome links carry tokens), HSTS only when the
 *   app is served over https (PUBLIC_URL), where it also upgrades stray http requests.
 * API answers are never cached: `no-store` unless a service set its own.
 */
import type { Middleware } from '@feathersjs/koa'
import helmet from 'koa-helmet'

/**
 * Styles may be inline: React 19 hoists each component's `<style href precedence>` and the
 * bundler injects imported CSS as <style> elements. Images come from the app, `data:`
 * (icons) and `blob:` (a logo fetched with the bearer token). Maps, 3D viewers and workers
 * will need their tile hosts in img-src/connect-src, worker-src 'self' blob: and
 * script-src 'wasm-unsafe-eval' when they arrive.
 */
export const contentSecurityPolicy = (https: boolean) => ({
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  ...(https ? { upgradeInsecureRequests: [] } : {}),
})

export const securityHeaders = (publicUrl: string): Middleware => {
  const https = new URL(publicUrl).protocol === 'https:'
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(https) },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  }) as unknown as Middleware
  return async (ctx, next) => {
    await headers(ctx, async () => {})
    await next()
    if (/^\/api(\/|\?|$)/.test(ctx.originalUrl) && !ctx.response.get('Cache-Control')) ctx.set('Cache-Control', 'no-store')
  }
}

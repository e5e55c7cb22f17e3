/**
 * The browser-test harness: a real API server on a free loopback port with a fresh
 * database, serving the built shell and remotes (plus the crash-test remote), and
 * Debian's chromium driven by playwright-core. Each test builds the people it needs
 * with `app.make` (the fixture builders of @app/testing). A failing test leaves a
 * screenshot in the folder printed at start.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { plugins as installed } from '@app/api/plugins'
import { startTestServer } from '@app/api/testing'
import { builtWeb } from '@app/api/web'
import { type AppConfig, type PluginDefinition, definePlugin } from '@app/plugin-kit'
import { type Person, fixtures } from '@app/testing'
import { type Browser, type Page, type Request, chromium } from 'playwright-core'
import { test } from 'vitest'

const label = (text: string) => ({ 'en-GB': text, 'fi-FI': text, 'no-NO': text, 'pl-PL': text, 'se-SE': text })

/**
 * A remote that throws while rendering, installed only here: proves an area's
 * failure stays in its area. It belongs to a module a tenant can switch off (sales)
 * and has a main menu entry, so the module switch can be seen in the chrome too.
 */
export const crashtestPlugin = definePlugin({
  id: 'crashtest',
  module: 'sales',
  version: '0.1.0',
  remotes: [{ name: 'crashtest', routes: ['/crashtest'], menu: [{ id: 'crashtest', label: label('Crash test'), path: '/crashtest', area: 'main' }] }],
  migrations: [],
  services: [],
  permissions: [],
})

/** A remote whose build does not exist: its entry answers 404, so loading it fails. */
export const missingPlugin = definePlugin({
  id: 'missing',
  module: 'buildings',
  version: '0.1.0',
  remotes: [{ name: 'missing', routes: ['/missing'], menu: [{ id: 'missing', label: label('Missing module'), path: '/missing', area: 'main' }] }],
  migrations: [],
  services: [],
  permissions: [],
})

export const screenshotDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test-results/e2e')
mkdirSync(screenshotDir, { recursive: true })
console.log(`Browser tests: screenshots of failures go to ${screenshotDir}`)

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export const launchBrowser = () =>
  chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS })

/**
 * The app with the installed plugins and, unless `testRemotes` is false (the docs' screenshots),
 * the two test remotes above; `extraPlugins` stand in for modules not built yet; `config` overrides the
 * test server's (a small upload part size, say).
 */
export const startApp = async ({ testRemotes = true, extraPlugins = [] as PluginDefinition[], config = {} as Partial<AppConfig> } = {}) => {
  const plugins = [...(testRemotes ? [...installed, crashtestPlugin, missingPlugin] : installed), ...extraPlugins]
  const web = builtWeb(plugins, '/remotes')
  if (!web) throw new Error('shell/dist is missing: the browser tests need `npm run build` first')
  const server = await startTestServer(config, { plugins, web })
  const browser = await launchBrowser()
  return {
    ...server,
    browser,
    make: fixtures(server),
    /**
     * The newest mail to `to` in the outbox, as text. Mail goes out after the answer
     * (the reset request answers the same whether or not the user exists), so it waits.
     */
    async mailTo(to: string, timeoutMs = 10_000) {
      const outbox = path.join(server.config.dataDir, 'outbox')
      for (const until = Date.now() + timeoutMs; ; await new Promise((resolve) => setTimeout(resolve, 100))) {
        const files = existsSync(outbox) ? readdirSync(outbox).sort().reverse() : []
        for (const file of files) {
          const text = readFileSync(path.join(outbox, file), 'utf8')
          if (text.toLowerCase().includes(`to: ${to.toLowerCase()}`)) return text
        }
        if (Date.now() > until) throw new Error(`No mail to ${to} in ${outbox} after ${timeoutMs} ms`)
      }
    },
    close: async () => {
      await browser.close()
      await server.close()
    },
  }
}

export type E2EApp = Awaited<ReturnType<typeof startApp>>

/** The first link of a mail that starts with `${publicUrl}${prefix}`, made relative to the test server. */
export const linkIn = (mail: string, prefix: string) => {
  // Quoted-printable soft breaks ("=\n") may split a long link.
  const text = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=')
  const match = new RegExp(`https?://[^\\s"'<>]*${prefix.replace(/\//g, '\\/')}[^\\s"'<>]*`).exec(text)
  if (!match) throw new Error(`No link to ${prefix} in the mail:\n${text}`)
  return new URL(match[0]).pathname
}

/** How many of a page's last events a failed test prints. */
const TRAIL_LENGTH = 60

/**
 * What a page did, for a failed test's report: its errors, console warnings and errors, and each
 * request with its answer's status and time, each stamped with the milliseconds since the test began.
 */
const pageTrail = (page: Page) => {
  const started = Date.now()
  const events: string[] = []
  const add = (event: string) => {
    events.push(`${String(Date.now() - started).padStart(6)} ms  ${event}`)
    if (events.length > TRAIL_LENGTH) events.shift()
  }
  const opened = new Map<Request, number>()
  const pathOf = (request: Request) => `${request.method()} ${new URL(request.url()).pathname}${new URL(request.url()).search}`
  page.on('pageerror', (error) => add(`page error: ${String(error)}`))
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') add(`console ${message.type()}: ${message.text()}`)
  })
  page.on('request', (request) => opened.set(request, Date.now()))
  page.on('requestfinished', async (request) => {
    const status = (await request.response().catch(() => null))?.status() ?? '?'
    add(`${pathOf(request)} → ${status} in ${Date.now() - (opened.get(request) ?? Date.now())} ms`)
    opened.delete(request)
  })
  page.on('requestfailed', (request) => {
    add(`${pathOf(request)} → failed (${request.failure()?.errorText}) after ${Date.now() - (opened.get(request) ?? Date.now())} ms`)
    opened.delete(request)
  })
  return () => [...events, ...[...opened].map(([request, at]) => `still open: ${pathOf(request)} since ${at - started} ms`)]
}

/**
 * A browser test: a fresh context (no stored token) and page for each test; when it
 * fails, a full-page screenshot named after the test.
 */
export const browserTest = (getApp: () => E2EApp, name: string, body: (page: Page, app: E2EApp) => Promise<void>, viewport = { width: 1280, height: 800 }) =>
  test(name, async () => {
    const app = getApp()
    const context = await (app.browser as Browser).newContext({ baseURL: app.url, viewport, locale: 'en-GB' })
    const page = await context.newPage()
    page.setDefaultTimeout(15_000)
    const trail = pageTrail(page)
    try {
      await body(page, app)
    } catch (error) {
      const file = path.join(screenshotDir, `${name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}.png`)
      await page.screenshot({ path: file, fullPage: true }).catch(() => undefined)
      console.error(`Screenshot: ${file}\nThe page's last events:\n${trail().join('\n')}`)
      throw error
    } finally {
      await context.close()
    }
  })

/** Headings of level 1 and the kit's loading marks, as CSS for the settler's in-page check. */
const HEADING = 'h1, [role="heading"][aria-level="1"]'
const LOADING = '.kit-spinner, .kit-skeleton, [aria-busy="true"]'
/** How long no request may be open or have ended before a page counts as settled. */
const QUIET_MS = 200

/**
 * Waits for a page to settle: a visible heading drawn, nothing loading (no spinner, skeleton
 * or busy region) and no request open or ended for QUIET_MS. Cheaper than `networkidle`'s
 * 500 ms, and it also waits for what is drawn after the data, such as an error toast. The
 * page is checked in one function polled each frame: Playwright's locator waits back off to
 * half a second between tries, which cost the route walk about that much a page.
 */
export const settler = (page: Page) => {
  let inFlight = 0
  let lastActivity = Date.now()
  const count = (change: number) => () => {
    inFlight += change
    lastActivity = Date.now()
  }
  // A live event stream (a checklist's page listens to its project) stays open as long as the page: it is no load to wait for.
  const counted = (change: number) => {
    const counter = count(change)
    return (request: Request) => {
      if (request.headers().accept !== 'text/event-stream') counter()
    }
  }
  page.on('request', counted(1))
  page.on('requestfinished', counted(-1))
  page.on('requestfailed', counted(-1))
  return async () => {
    await page.waitForFunction(
      ({ heading, loading }) =>
        [...document.querySelectorAll(heading)].some((element) => element.checkVisibility()) && !document.querySelector(loading),
      { heading: HEADING, loading: LOADING },
    )
    for (let idle = Date.now() - lastActivity; inFlight > 0 || idle < QUIET_MS; idle = Date.now() - lastActivity)
      await page.waitForTimeout(Math.max(20, QUIET_MS - idle))
  }
}

/** Signs in through the sign-in page and waits for the signed-in chrome. */
export const signInAs = async (page: Page, who: Pick<Person, 'username' | 'password'>) => {
  await page.goto('/')
  await page.getByLabel(/e-mail|email/i).fill(who.username)
  await page.getByLabel(/password/i).fill(who.password)
  await page.getByRole('button', { name: /sign in/i }).click()
  await page.getByRole('button', { name: /profile|account menu/i }).first().waitFor()
}

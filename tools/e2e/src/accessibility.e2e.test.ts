/**
 * axe-core over every screen: the signed-out pages, then every route the shell and the
 * remotes declare (routes.ts) as an account admin, in each of the four backgrounds a
 * user can pick on their profile. No serious or critical violation is allowed; a
 * failure lists each one's rule, the elements it found and axe's help.
 *
 * One browser page for the whole walk: signed-in routes are opened in the running app
 * (the router follows history), so each theme costs one reload, not one per route.
 */
import { createRequire } from 'node:module'
import path from 'node:path'
import { BACKGROUNDS, type Background } from '@app/module-kit'
import type { BrowserContext, Page } from 'playwright-core'
import type { AxeResults } from 'axe-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type E2EApp, screenshotDir, settler, signInAs, startApp } from './harness'
import { routeFixtures, signedInUrls, signedOutPaths, urlsOf } from './routes'

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js')
const BLOCKING = ['serious', 'critical']

// The world is built before the tests are listed: the routes' URLs need its ids.
const app: E2EApp = await startApp()
const { world, params } = await routeFixtures(app, { names: { a: 'Acme Engineering' }, company: { name: 'Nordic Steel Oy' } })
const admin = world.people.accountAdmin

let context: BrowserContext
let page: Page
let settled: () => Promise<void>

beforeAll(async () => {
  context = await app.browser.newContext({ baseURL: app.url, viewport: { width: 1280, height: 800 }, locale: 'en-GB' })
  // Injected by the browser, not by a <script>: the app's CSP allows no inline scripts.
  await context.addInitScript({ path: axeSource })
  page = await context.newPage()
  page.setDefaultTimeout(15_000)
  settled = settler(page)
})
afterAll(async () => {
  await context?.close()
  await app?.close()
})

/** Opens a path in the running app, as its own links do. */
const openInApp = async (url: string) => {
  await page.evaluate((to) => {
    history.pushState(null, '', to)
    dispatchEvent(new PopStateEvent('popstate'))
  }, url)
  await settled()
}

const blockingViolations = async () => {
  // Colours are judged as they end up: mid-fade (the sign-in card appears after 700 ms) axe measured blends.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity))
  const results = await page.evaluate(() => (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe.run(document, { resultTypes: ['violations'] }))
  return results.violations
    .filter((violation) => BLOCKING.includes(violation.impact ?? ''))
    .map((violation) => {
      // Each element with what axe measured (for contrast: the two colours and the ratio).
      const nodes = violation.nodes.map((node) => `${node.target.join(' ')}: ${[...node.any, ...node.all][0]?.message ?? ''}`)
      return `${violation.id} (${violation.impact}): ${violation.help}\n    ${nodes.join('\n    ')}`
    })
}

/** An axe check of one screen that leaves a screenshot when it fails. */
const axeTest = (name: string, open: () => Promise<void>) =>
  test(name, async () => {
    try {
      await open()
      const violations = await blockingViolations()
      expect(violations, `serious or critical axe violations on ${name}:\n  ${violations.join('\n  ')}`).toEqual([])
    } catch (error) {
      await page.screenshot({ path: path.join(screenshotDir, `axe-${name.replace(/[^a-z0-9]+/gi, '-')}.png`), fullPage: true })
      throw error
    }
  })

describe('signed out', () => {
  // Nobody's background applies before sign-in, so these pages show only the default one.
  for (const url of signedOutPaths.flatMap((pattern) => urlsOf(pattern, params)))
    axeTest(url, async () => {
      await page.goto(url)
      await settled()
    })
})

const themeLabel: Record<Background, string> = { current: 'default', lightGrey: 'Light Grey', darkGrey: 'Dark Grey', black: 'Black' }

describe('signed in as an account admin', () => {
  beforeAll(() => signInAs(page, admin), 60_000)

  describe.each(BACKGROUNDS.map((background) => [themeLabel[background], background] as const))('%s background', (_, background) => {
    beforeAll(async () => {
      // The profile keeps the choice per user in localStorage; the app reads it as it starts.
      await page.evaluate(({ key, value }) => localStorage.setItem(key, value), { key: `background:${admin.id}`, value: background })
      await page.goto('/')
      await page.waitForFunction((expected) => document.documentElement.dataset.background === expected, background)
      await settled()
    }, 60_000)

    for (const { module, url } of signedInUrls(params)) axeTest(`${module} ${url}`, () => openInApp(url))

    // The file manager is a side panel, no route: opened from the project's dashboard, then closed again for the next walk.
    axeTest('the file manager beside a project', async () => {
      await openInApp(`/project/${params.projectId![0]}`)
      await page.getByRole('switch', { name: 'File manager' }).check()
      // Loaded: its files, or the empty state of a project without any.
      const panel = page.getByRole('complementary', { name: 'File manager' })
      await panel.getByRole('heading', { name: /^Files/ }).or(panel.getByText('have no files or links yet')).waitFor()
    })
    afterAll(async () => {
      const open = page.getByRole('complementary', { name: 'File manager' })
      if (await open.count()) await open.getByRole('button', { name: 'Close File manager' }).click()
    })
  })
})

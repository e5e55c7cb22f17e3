/**
 * Every route, by URL, as each role (global admin, account admin, company administrator,
 * ordinary user): the page with its heading when the role holds the route's flag, else
 * the one 403 state — never an error page, an error alert or toast, or a page error.
 * The routes and their URLs come from routes.ts (the modules' own declarations, each
 * `:param` a real row of the world it makes), shared with the accessibility check.
 */
import path from 'node:path'
import { routeAllowed } from '@app/module-kit'
import type { MenuFlags } from '@app/plugin-kit/shared'
import type { Person } from '@app/testing'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type E2EApp, screenshotDir, settler, signInAs, startApp } from './harness'
import { remoteModules, remoteNames, routeFixtures, signedInRoutes, signedInUrls } from './routes'

const FORBIDDEN = 'You do not have access to this page'
/** Headings of the states a route must never land in for a caller who may open it. */
const FAILED = ['Something went wrong', 'Page not found', 'Module could not be loaded', 'User not found', FORBIDDEN]

const ALL_ROLES = ['globalAdmin', 'accountAdmin', 'companyAdmin', 'user'] as const
type Role = (typeof ALL_ROLES)[number]
// TEST_ROUTE_ROLES (comma-separated) walks some roles only: CI's MariaDB pass takes the two whose
// pages read the database differently (every row of the account; a company's projects), as
// the others' pages are the same queries or the 403 state.
const chosen = process.env.TEST_ROUTE_ROLES?.split(',').map((role) => role.trim())
for (const role of chosen ?? []) if (!ALL_ROLES.includes(role as Role)) throw new Error(`TEST_ROUTE_ROLES: no role ${role}`)
const ROLES = chosen ? ALL_ROLES.filter((role) => chosen.includes(role)) : ALL_ROLES

// The world is built before the tests are listed: the routes' URLs need its ids.
const app: E2EApp = await startApp()
const { world, params } = await routeFixtures(app)
afterAll(() => app.close())

const flagsOf = async (person: Person): Promise<MenuFlags> => {
  const answer = await app.call('POST', '/api/authentication', { username: person.username, password: person.password })
  expect(answer.status).toBe(201)
  return answer.body as MenuFlags
}

/** What the caller sees once the page has settled: its heading, alerts (error toasts too) and uncaught errors. */
const settledAt = async (page: Page, settled: () => Promise<void>, url: string, errors: string[]) => {
  errors.length = 0
  await page.goto(url)
  await settled()
  return {
    heading: (await page.getByRole('heading', { level: 1 }).first().textContent())?.trim() ?? '',
    alerts: await page.getByRole('alert').allTextContents(),
    errors: [...errors],
  }
}

for (const role of ROLES)
  describe(`every route as ${role}`, () => {
    let context: BrowserContext
    let page: Page
    let flags: MenuFlags
    let settled: () => Promise<void>
    const errors: string[] = []

    beforeAll(async () => {
      flags = await flagsOf(world.people[role])
      context = await app.browser.newContext({ baseURL: app.url, viewport: { width: 1280, height: 800 }, locale: 'en-GB' })
      page = await context.newPage()
      page.setDefaultTimeout(15_000)
      settled = settler(page)
      page.on('pageerror', (error) => errors.push(String(error)))
      await signInAs(page, world.people[role])
    }, 60_000)
    afterAll(() => context?.close())

    /** A route test that leaves a screenshot when it fails. */
    const route = (name: string, body: () => Promise<void>) =>
      test(name, async () => {
        try {
          await body()
        } catch (error) {
          await page.screenshot({ path: path.join(screenshotDir, `routes-${role}-${name.replace(/[^a-z0-9]+/gi, '-')}.png`), fullPage: true })
          throw error
        }
      })

    for (const { module, url, flag } of signedInUrls(params))
      route(`${module} ${url}`, async () => {
        const seen = await settledAt(page, settled, url, errors)
        expect(seen.errors, 'page errors').toEqual([])
        expect(seen.alerts, 'alerts or error toasts').toEqual([])
        if (routeAllowed({ flag }, flags)) {
          expect(FAILED, `the page, not a failure (${seen.heading})`).not.toContain(seen.heading)
          expect(seen.heading).not.toBe('')
        } else {
          expect(seen.heading).toBe(FORBIDDEN)
          await page.getByRole('link', { name: 'Back to the dashboard' }).waitFor()
        }
      })
  })

describe('the route declarations', () => {
  test('cover every installed remote, and the roles differ where the flags say so', async () => {
    expect(remoteModules.map((module) => module.id).sort()).toEqual([...remoteNames].sort())
    const user = await flagsOf(world.people.user)
    const guarded = signedInRoutes.filter((route) => route.flag && !user[route.flag])
    // An ordinary user (no project or company grant) is kept out of the admin, users, companies, projects, documents, checklists and global admin pages.
    expect(new Set(guarded.map((route) => route.module))).toEqual(new Set(['admin', 'users', 'companies', 'projects', 'documents', 'checklists', 'globaladmin']))
  })

  test('an ordinary user searching is told their role gives them nothing to search', async () => {
    const context = await app.browser.newContext({ baseURL: app.url, locale: 'en-GB' })
    const page = await context.newPage()
    try {
      await signInAs(page, world.people.user)
      await page.goto('/search?q=fixture')
      await page.getByText('Your role gives you access to neither projects nor companies').waitFor()
      expect(await page.getByText('Some results could not be loaded').count()).toBe(0)
    } finally {
      await context.close()
    }
  })
})

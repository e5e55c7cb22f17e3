/**
 * The screenshots in docs/screenshots: the main screens at 1440×900 (desktop) and 390×844
 * (phone), taken from the built app with fixture data. `npm run -w @app/e2e screenshots`
 * (after `npm run build`) replaces them; README's "What it looks like" links them.
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, test } from 'vitest'
import { type E2EApp, startApp } from './harness'

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/screenshots')
const VIEWPORTS = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } }

let app: E2EApp
beforeAll(async () => {
  mkdirSync(OUT, { recursive: true })
  app = await startApp({ testRemotes: false })
}, 60_000)
afterAll(() => app?.close())

/** A small, believable account: a few companies and people, so the lists are not empty. */
const makeAccount = async () => {
  const account = await app.make.account({ name: 'Acme Engineering' })
  const companies = []
  for (const [name, city] of [['Nordic Steel Oy', 'Oulu'], ['Baltic Concrete AS', 'Tallinn'], ['Fjord Timber AS', 'Bergen'], ['Vistula Glass Sp. z o.o.', 'Kraków']])
    companies.push(await app.make.company(account, { name, city }))
  const people = [
    ['Aino', 'Virtanen', 'user'],
    ['Lars', 'Hansen', 'companyAdmin'],
    ['Marta', 'Kowalska', 'user'],
    ['Erik', 'Lindqvist', 'salesAdmin'],
    ['Sofia', 'Nieminen', 'user'],
  ] as const
  const made = []
  for (const [index, [firstName, lastName, rank]] of people.entries())
    made.push(await app.make.user(account, rank, { firstName, lastName, company: companies[index % companies.length] }))
  return { account, company: companies[0]!, person: made[0]! }
}

/** Waits until the page shows its heading and nothing is loading any more. */
const settled = async (page: Page) => {
  await page.getByRole('heading', { level: 1 }).first().waitFor()
  await page.waitForFunction(() => !document.querySelector('.kit-spinner, .kit-skeleton, [aria-busy="true"]'))
  await page.waitForLoadState('networkidle')
}

for (const [device, viewport] of Object.entries(VIEWPORTS))
  test(`the main screens, ${device}`, async () => {
    const { account, company, person } = await makeAccount()
    const context = await app.browser.newContext({ baseURL: app.url, viewport, locale: 'en-GB', deviceScaleFactor: 1 })
    const page = await context.newPage()
    const shoot = async (name: string, url?: string) => {
      if (url) await page.goto(url)
      await settled(page)
      await page.screenshot({ path: path.join(OUT, `${name}-${device}.png`) })
    }
    try {
      await shoot('sign-in', '/')
      // Signed in by hand: on a phone the account menu the harness waits for sits behind the menu button.
      await page.getByLabel(/e-mail/i).fill(account.admin.username)
      await page.getByLabel(/password/i).fill(account.admin.password)
      await page.getByRole('button', { name: /sign in/i }).click()
      await page.getByRole('button', { name: /sign in/i }).waitFor({ state: 'detached' })
      await shoot('home')
      await shoot('users', '/users')
      await shoot('user', `/users/${person.id}/details`)
      await shoot('companies', '/companies')
      await shoot('company', `/companies/${company.id}`)
      await shoot('admin-settings', '/admin')
      await shoot('profile', '/profile')
    } finally {
      await context.close()
    }
  }, 120_000)

/** The global admin's accounts table in a real browser: disabling an account signs its users out. */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect } from 'vitest'
import { DEMO_PASSWORD, type E2EApp, browserTest, signInAs, startApp } from './harness'

let app: E2EApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(() => app?.close())
const it = (name: string, body: (page: Page, app: E2EApp) => Promise<void>) => browserTest(() => app, name, body)

describe('global admin', () => {
  it('disabling an account signs its users out, and they cannot sign in again', async (page, app) => {
    // A user of Demo Sales, signed in in a browser of their own.
    const other = await app.browser.newContext({ baseURL: app.url })
    const salesPage = await other.newPage()
    try {
      await signInAs(salesPage, 'sales@demo.test')
      const salesToken = (await salesPage.evaluate(() => localStorage.getItem('accessToken')))!

      await signInAs(page, 'globaladmin@demo.test')
      await page.goto('/global-admin')
      await expect.poll(() => new URL(page.url()).pathname).toBe('/global-admin/manage')
      await page.getByRole('button', { name: 'Disable Demo Sales' }).click()
      const dialog = page.getByRole('dialog')
      await dialog.getByText('Its users are signed out', { exact: false }).waitFor()
      await dialog.getByRole('button', { name: 'Yes' }).click()
      await page.getByRole('button', { name: 'Enable Demo Sales' }).waitFor()

      expect((await app.call('GET', '/api/authentication/validate', undefined, salesToken)).status).toBe(401)
      // The next load of the signed-in user finds the session gone and shows sign-in.
      await salesPage.reload()
      await salesPage.getByRole('button', { name: 'Sign in' }).waitFor()
      await salesPage.getByLabel('E-mail').fill('sales@demo.test')
      await salesPage.getByLabel('Password').fill(DEMO_PASSWORD)
      await salesPage.getByRole('button', { name: 'Sign in' }).click()
      await salesPage.getByText('User does not exist or wrong password').waitFor()
    } finally {
      await other.close()
    }
  })
})

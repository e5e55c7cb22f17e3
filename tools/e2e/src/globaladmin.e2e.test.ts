/** The global admin's accounts table in a real browser: disabling an account signs its users out. */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect } from 'vitest'
import { type E2EApp, browserTest, signInAs, startApp } from './harness'

let app: E2EApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(() => app?.close())
const it = (name: string, body: (page: Page, app: E2EApp) => Promise<void>) => browserTest(() => app, name, body)

describe('global admin', () => {
  it('disabling an account signs its users out, and they cannot sign in again', async (page, app) => {
    // The admin of another account, signed in in a browser of their own.
    const sales = await app.make.account()
    const other = await app.browser.newContext({ baseURL: app.url })
    const salesPage = await other.newPage()
    try {
      await signInAs(salesPage, sales.admin)
      const salesToken = (await salesPage.evaluate(() => localStorage.getItem('accessToken')))!

      await signInAs(page, await app.make.user(await app.make.account(), 'globalAdmin'))
      await page.goto('/global-admin')
      await expect.poll(() => new URL(page.url()).pathname).toBe('/global-admin/manage')
      await page.getByRole('button', { name: `Disable ${sales.name}` }).click()
      const dialog = page.getByRole('dialog')
      await dialog.getByText('Its users are signed out', { exact: false }).waitFor()
      await dialog.getByRole('button', { name: 'Yes', exact: true }).click()
      await page.getByRole('button', { name: `Enable ${sales.name}` }).waitFor()

      expect((await app.call('GET', '/api/authentication/validate', undefined, salesToken)).status).toBe(401)
      // The next load of the signed-in user finds the session gone and shows sign-in.
      await salesPage.reload()
      await salesPage.getByRole('button', { name: 'Sign in' }).waitFor()
      await salesPage.getByLabel('E-mail').fill(sales.admin.username)
      await salesPage.getByLabel('Password').fill(sales.admin.password)
      await salesPage.getByRole('button', { name: 'Sign in' }).click()
      await salesPage.getByText('User does not exist or wrong password').waitFor()
    } finally {
      await other.close()
    }
  })
})

/** The companies remote in a real browser: create a company, edit it, export the list, and who sees what. */
import { readFile } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect } from 'vitest'
import { type E2EApp, browserTest, signInAs, startApp } from './harness'

let app: E2EApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(() => app?.close())
const it = (name: string, body: (page: Page, app: E2EApp) => Promise<void>) => browserTest(() => app, name, body)

describe('companies', () => {
  it('an account admin creates a company, edits it and exports the list', async (page) => {
    await signInAs(page, (await app.make.account()).admin)
    await page.goto('/companies/add')
    await page.getByLabel('Latitude').fill('95')
    await page.getByRole('button', { name: 'Create company' }).click()
    await page.getByText('This field is required').first().waitFor()
    await page.getByText('Must be at most 90').waitFor()

    await page.getByLabel('Name').fill('Lapland Lumber Oy')
    await page.getByLabel('Number', { exact: true }).fill('LL-1')
    await page.getByLabel('Latitude').fill('66.5')
    await page.getByLabel('Country').selectOption('FI')
    await page.getByRole('button', { name: 'Create company' }).click()
    await page.getByRole('heading', { name: 'LL-1 - Lapland Lumber Oy' }).waitFor()
    const row = await app.knex('companies').where({ name: 'Lapland Lumber Oy' }).first()
    expect(new URL(page.url()).pathname).toBe(`/companies/${row.id}`)
    expect(row.latitude).toBe(66.5)

    await page.getByLabel('City').fill('Rovaniemi')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByText('Saved', { exact: true }).waitFor()
    await expect.poll(async () => (await app.knex('companies').where({ id: row.id }).first()).city).toBe('Rovaniemi')

    await page.goto('/companies')
    await page.getByPlaceholder('Filter by name, number or city').fill('rovan')
    const table = page.getByRole('table')
    await table.getByRole('link', { name: 'Lapland Lumber Oy' }).waitFor()
    await expect.poll(() => table.getByRole('row').count()).toBe(2)

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export to Excel' }).click()])
    expect(download.suggestedFilename()).toBe('companies.xlsx')
    // An .xlsx is a zip; the API's tests open it and check its columns and rows.
    expect((await readFile((await download.path())!)).subarray(0, 2).toString()).toBe('PK')
  })

  it('a company admin edits their company but has no export, New company or delete', async (page) => {
    const account = await app.make.account()
    const company = await app.make.company(account)
    await signInAs(page, await app.make.user(account, 'companyAdmin', { company }))
    await page.goto('/companies')
    await page.getByRole('link', { name: company.name }).click()
    await page.getByRole('heading', { name: company.name }).waitFor()
    await page.getByRole('tab', { name: 'Users' }).waitFor()
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0)
    await page.goto('/companies')
    await page.getByRole('table').waitFor()
    expect(await page.getByRole('button', { name: 'Export to Excel' }).count()).toBe(0)
    expect(await page.getByRole('link', { name: 'New company' }).count()).toBe(0)
  })

  it("a company's users tab: the page's title and tabs, and a quiet Remove that asks first", async (page) => {
    const account = await app.make.account()
    const company = await app.make.company(account)
    const ulla = await app.make.user(account, 'user', { company, firstName: 'Ulla', lastName: 'User' })
    await signInAs(page, account.admin)
    await page.goto(`/companies/${company.id}`)
    await page.getByRole('heading', { name: company.name, level: 1 }).waitFor()
    await expect.poll(() => page.title()).toBe(`${company.name} · Business Cloud`)
    const trail = page.getByRole('navigation', { name: 'Breadcrumb' })
    await expect.poll(() => trail.textContent()).toBe(`DashboardCompanies${company.name}`)
    await page.getByRole('tab', { name: 'Details' }).focus()
    // The tabs follow the arrow keys; the chosen tab keeps the focus on its own route.
    await page.keyboard.press('End')
    await page.waitForURL(`**/companies/${company.id}/users`)
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Users')

    const remove = page.getByRole('button', { name: `Remove ${ulla.username} from the company` })
    await remove.click()
    await page.getByRole('button', { name: 'No', exact: true }).click()
    await page.getByRole('cell', { name: 'Ulla' }).waitFor()
    await remove.click()
    await page.getByRole('button', { name: 'Yes', exact: true }).click()
    await page.getByText('The company has no users yet').waitFor()
    expect((await app.knex('account_users').where({ user_id: ulla.id, account_id: account.id }).first('company_id')).company_id).toBeNull()

    await page.goto(`/companies/${company.id + 1000}`)
    await page.getByRole('heading', { name: 'Company not found' }).waitFor()
    await trail.getByRole('link', { name: 'Companies' }).click()
    await page.waitForURL('**/companies')
  })

  browserTest(
    () => app,
    "a phone shows a company's users without widening the page",
    async (page) => {
      const account = await app.make.account()
      const company = await app.make.company(account)
      await app.make.user(account, 'user', { company })
      await page.setViewportSize({ width: 1280, height: 800 })
      await signInAs(page, account.admin)
      await page.setViewportSize({ width: 390, height: 844 })
      await page.goto(`/companies/${company.id}/users`)
      await page.getByRole('table').waitFor()
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    },
  )

  it("a company's user access is given and taken back from the company page", async (page) => {
    const account = await app.make.account()
    const company = await app.make.company(account)
    const ulla = await app.make.user(account, 'user', { firstName: 'Ulla', lastName: 'User' })
    await signInAs(page, account.admin)
    const grant = () => app.knex('privileges').where({ user_id: ulla.id, resource: 'COMPANY', resource_id: company.id, account_id: account.id }).first('action')

    await page.goto(`/companies/${company.id}/useraccess`)
    await page.getByLabel('Give a user access').fill(ulla.username)
    await page.getByRole('button', { name: 'Open', exact: true }).click()
    await page.getByRole('heading', { name: 'Access of Ulla User' }).waitFor()
    expect(new URL(page.url()).pathname).toBe(`/companies/${company.id}/useraccess/${ulla.id}`)
    await page.getByText('The user has no access to this company').waitFor()

    await page.getByRole('radio', { name: /^Company access/ }).check()
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByText('The access was saved').waitFor()
    await expect.poll(async () => (await grant())?.action).toBe('ACCESS')
    await page.getByText('Access now: Access').waitFor()

    await page.getByRole('radio', { name: 'No access' }).check()
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByRole('button', { name: 'Yes', exact: true }).click()
    await page.getByText('The access was removed').waitFor()
    await expect.poll(grant).toBeUndefined()
  })

  it('home counts the companies and users the admin may open, and shows the storage used', async (page) => {
    const account = await app.make.account()
    const companies = 3
    for (let i = 0; i < companies; i++) await app.make.company(account)
    await signInAs(page, account.admin)
    await page.goto('/')
    const tile = (name: string) => page.getByRole('list', { name: 'Dashboard' }).getByRole('listitem').filter({ hasText: name })
    await expect.poll(() => tile('Companies').textContent()).toContain(String(companies))
    await expect.poll(() => tile('Storage').textContent()).toMatch(/Storage\s*0\.0\sMB/)
    await tile('Companies').click()
    await page.waitForURL('**/companies')
  })
})

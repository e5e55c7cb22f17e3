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
    await signInAs(page, 'admin@demo.test')
    await page.goto('/companies/add')
    await page.getByLabel('Latitude').fill('95')
    await page.getByRole('button', { name: 'Create company' }).click()
    await page.getByText('This field is required').first().waitFor()
    await page.getByText('Can be maximum 90').waitFor()

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
    await signInAs(page, 'companyadmin@demo.test')
    await page.goto('/companies')
    await page.getByRole('link', { name: 'Nordic Steel Oy' }).click()
    await page.getByRole('heading', { name: 'Nordic Steel Oy' }).waitFor()
    await page.getByRole('link', { name: 'Users' }).waitFor()
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0)
    await page.goto('/companies')
    await page.getByRole('table').waitFor()
    expect(await page.getByRole('button', { name: 'Export to Excel' }).count()).toBe(0)
    expect(await page.getByRole('link', { name: 'New company' }).count()).toBe(0)
  })
})

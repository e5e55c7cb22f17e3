/** The admin remote in a real browser: account info, document types and templates, and who may open it. */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect } from 'vitest'
import { type E2EApp, browserTest, signInAs, startApp } from './harness'

let app: E2EApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(() => app?.close())
const it = (name: string, body: (page: Page, app: E2EApp) => Promise<void>) => browserTest(() => app, name, body)

describe('admin settings', () => {
  it('an account admin changes the account info', async (page) => {
    const account = await app.make.account()
    await app.knex('accounts').where({ id: account.id }).update({ city: 'Helsinki' })
    await signInAs(page, account.admin)
    await page.goto('/admin')
    // Beside the form, what the account is and holds.
    const { account_no: accountNo } = await app.knex('accounts').where({ id: account.id }).first('account_no')
    const facts = page.getByRole('region', { name: 'Account facts' })
    await facts.getByText(accountNo, { exact: true }).waitFor()
    for (const label of ['Account no.', 'Created', 'Enabled', 'Users', 'Files', 'Storage used']) await facts.getByText(label, { exact: true }).waitFor()
    const city = page.getByLabel('City')
    await expect.poll(() => city.inputValue()).toBe('Helsinki')
    await city.fill('Espoo')
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Account info saved').waitFor()
    expect((await app.knex('accounts').where({ id: account.id }).first()).city).toBe('Espoo')
  })

  it('document types: add one, a duplicate type id is refused, switch off and delete', async (page) => {
    const account = await app.make.account()
    const accountId = account.id
    // A type of the account's own, whose type id the new one may not take.
    await app.call('POST', `/api/foldertypes/${accountId}`, { name: 'Drawing', typeId: 'DRW' }, await app.make.signIn(account.admin))
    await signInAs(page, account.admin)
    await page.goto('/admin')
    await page.getByRole('tab', { name: 'Setup' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/admin/${accountId}/setup`)
    const types = page.getByRole('table', { name: 'Document types' })
    await types.getByRole('rowheader', { name: 'Skyview', exact: true }).first().waitFor()

    await page.getByRole('link', { name: 'Add document type' }).click()
    await page.getByLabel('Name').fill('Specification')
    await page.getByLabel('Type id').fill('DRW')
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Type id already exists').waitFor()
    await page.getByLabel('Type id').fill('SPEC')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/admin/${accountId}/setup`)
    const row = types.getByRole('row', { name: /Specification/ })
    await row.waitFor()

    await row.getByRole('checkbox').click()
    const spec = () => app.knex('setup_folder_types').where({ account_id: accountId, type_id: 'SPEC' }).first()
    await expect.poll(async () => (await spec()).active).toBeFalsy()
    await row.getByRole('button', { name: 'Remove' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Yes', exact: true }).click()
    await row.waitFor({ state: 'detached' })
    expect(await spec()).toBeUndefined()
  })

  it('templates: a file of another kind is refused, a PDF is listed', async (page) => {
    await signInAs(page, (await app.make.account()).admin)
    await page.goto('/admin/templates')
    const file = page.getByLabel('Template file')
    await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('plain') })
    await page.getByRole('button', { name: 'Upload' }).click()
    await page.getByText('The template file you tried to upload has an invalid format.').waitFor()
    await file.setInputFiles({ name: 'Offer.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') })
    await page.getByRole('button', { name: 'Upload' }).click()
    await page.getByRole('table', { name: 'Templates' }).getByRole('rowheader', { name: 'Offer.pdf', exact: true }).waitFor()
  })

  it('an ordinary user has no Settings entry and is refused the page', async (page) => {
    await signInAs(page, await app.make.user(await app.make.account()))
    await page.goto('/admin')
    await page.getByText('You do not have access to this page', { exact: true }).waitFor()
    await page.getByRole('link', { name: 'Back to the dashboard' }).waitFor()
    expect(await page.getByRole('link', { name: 'Settings' }).count()).toBe(0)
  })
})

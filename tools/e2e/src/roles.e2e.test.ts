/** The roles tab in a real browser: an account admin adds a role, then finds a user there and gives, changes and takes back their company privilege on the user's access page. */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect } from 'vitest'
import type { Person } from '@app/testing'
import { type E2EApp, browserTest, signInAs, startApp } from './harness'

let app: E2EApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(() => app?.close())
const it = (name: string, body: (page: Page, app: E2EApp) => Promise<void>) => browserTest(() => app, name, body)

const grantsOf = (person: Person) =>
  app.knex('privileges').where({ user_id: person.id, resource: 'COMPANY' }).whereNotNull('resource_id').select('resource_id', 'action')

describe('roles and privileges', () => {
  it('an account admin creates a role, grants a user a company privilege with VIEW, changes it to EDIT and removes it', async (page) => {
    const account = await app.make.account()
    const nordic = (await app.make.company(account, { name: 'Nordic Steel Oy' })).id
    const ulla = await app.make.user(account, 'user', { firstName: 'Ulla', lastName: 'User' })
    expect(await grantsOf(ulla)).toEqual([])
    await signInAs(page, account.admin)
    await page.goto('/admin/roles')

    const roles = page.getByRole('table', { name: 'Roles' })
    await roles.getByRole('rowheader', { name: /Administrators/ }).getByText('Built-in').waitFor()
    expect(await page.getByRole('button', { name: 'Remove the role Administrators' }).count()).toBe(0)
    await page.getByLabel('Name').fill('Surveyors')
    await page.getByRole('button', { name: 'Add role' }).click()
    await roles.getByRole('rowheader', { name: 'Surveyors', exact: true }).waitFor()
    expect(await app.knex('roles').where({ account_id: account.id, name: 'Surveyors' }).first('security_group')).toEqual({ security_group: 'USER' })

    // Find the user with the search box; their own privileges are edited on their access page (the users remote's).
    await page.getByLabel('Find a user').fill('ulla')
    await page.getByRole('link', { name: 'Edit the privileges of Ulla User' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/users/${ulla.id}/access`)
    await page.getByText('No privileges of their own').waitFor()

    // One company, found by name, with the default action VIEW.
    await page.getByLabel('Kind').selectOption('COMPANY')
    await page.getByLabel('Find a company').fill('nordic')
    await page.getByRole('button', { name: 'Choose the company Nordic Steel Oy' }).click()
    await page.getByText('Company: Nordic Steel Oy').waitFor()
    expect(await page.getByLabel('Action', { exact: true }).inputValue()).toBe('VIEW')
    await page.getByRole('button', { name: 'Add privilege' }).click()
    await page.getByText('Privilege added').waitFor()
    const rowAction = page.getByLabel('Action of Access: Company, Nordic Steel Oy')
    await expect.poll(() => rowAction.inputValue()).toBe('VIEW')
    expect(await grantsOf(ulla)).toEqual([{ resource_id: nordic, action: 'VIEW' }])

    await rowAction.selectOption('EDIT')
    await page.getByText('Action changed').waitFor()
    await expect.poll(async () => (await grantsOf(ulla))[0]?.action).toBe('EDIT')
    expect(await rowAction.inputValue()).toBe('EDIT')

    await page.getByRole('button', { name: 'Remove Access: Company, Nordic Steel Oy' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByText('Remove the privilege Access: Company, Nordic Steel Oy?').waitFor()
    await dialog.getByRole('button', { name: 'Yes', exact: true }).click()
    await page.getByText('No privileges of their own').waitFor()
    expect(await grantsOf(ulla)).toEqual([])
  })
})

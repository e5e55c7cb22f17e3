/**
 * The company-client rule of project access in a real browser (part1 §6, issue 9): the
 * administrator of a project's client company administers it (its users page, adding its
 * own people), company access views it (no users page), another client's project is not
 * theirs; and a company administrator's new-user wizard offers its companies' projects.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect } from 'vitest'
import { type E2EApp, browserTest, signInAs, startApp } from './harness'

let app: E2EApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(() => app?.close())
const it = (name: string, body: (page: Page, app: E2EApp) => Promise<void>) => browserTest(() => app, name, body)

const signOut = async (page: Page) => {
  await page.context().clearCookies()
  await page.evaluate(() => localStorage.clear())
}

const listed = async (page: Page) => {
  await page.goto('/projects')
  const table = page.getByRole('table')
  await table.getByRole('columnheader').first().waitFor()
  await page.getByRole('link', { name: 'Client project' }).waitFor()
  return table.getByRole('link').allTextContents()
}

describe('project access through the client company', () => {
  it('the client’s administrator administers its projects and adds its people; its access views them', async (page) => {
    const account = await app.make.account()
    const client = await app.make.company(account, { name: 'Client Oy' })
    const other = await app.make.company(account, { name: 'Other Oy' })
    const ours = await app.make.project(account, { name: 'Client project', symbol: 'CL-1', client })
    await app.make.project(account, { name: 'Other project', symbol: 'OT-1', client: other })
    const boss = await app.make.user(account, 'companyAdmin', { company: client, administers: [client] })
    const staff = await app.make.user(account, 'user', { company: client, firstName: 'Sami', lastName: 'Staff' })
    const viewer = await app.make.user(account, 'user', { company: client })
    await app.make.grant(viewer, { resource: 'COMPANY', resourceId: client.id, action: 'ACCESS' })

    await signInAs(page, boss)
    expect(await listed(page)).not.toContain('Other project')
    await page.getByRole('link', { name: 'Client project' }).click()
    await page.getByRole('heading', { name: 'CL-1 - Client project', level: 1 }).waitFor()
    await expect.poll(() => page.getByRole('tablist').getByRole('tab').allTextContents()).toContain('Users')
    await page.goto(`/project/${ours.id}/users`)
    await page.getByLabel('Add company user').fill(staff.username)
    const add = page.getByRole('button', { name: 'Add', exact: true })
    await expect.poll(() => add.isDisabled()).toBe(false)
    await add.click()
    await page.getByRole('table').getByRole('row', { name: new RegExp(staff.username) }).getByText('View').waitFor()
    expect(await app.knex('privileges').where({ user_id: staff.id, resource: 'PROJECT', resource_id: ours.id }).pluck('action')).toEqual(['VIEW'])

    await signOut(page)
    await signInAs(page, viewer)
    expect(await listed(page)).not.toContain('Other project')
    await page.getByRole('link', { name: 'Client project' }).click()
    await page.getByRole('heading', { name: 'CL-1 - Client project', level: 1 }).waitFor()
    await expect.poll(() => page.getByRole('tablist').getByRole('tab').allTextContents()).not.toContain('Users')
    await page.goto(`/project/${ours.id}/users`)
    await page.getByRole('heading', { name: 'You do not have access to this page' }).waitFor()
  })

  it('a company administrator’s wizard gives a level on its company’s project', async (page) => {
    const account = await app.make.account()
    const client = await app.make.company(account, { name: 'Client Oy' })
    const other = await app.make.company(account, { name: 'Other Oy' })
    const ours = await app.make.project(account, { name: 'Client project', symbol: 'CL-2', client })
    await app.make.project(account, { name: 'Other project', symbol: 'OT-2', client: other })
    await signInAs(page, await app.make.user(account, 'companyAdmin', { company: client, administers: [client] }))
    await page.goto('/users/add')
    await page.getByLabel(/^E-mail/).fill('nina.new@fixture.test')
    await page.getByLabel('Repeat e-mail').fill('nina.new@fixture.test')
    await page.getByLabel('First name').fill('Nina')
    await page.getByLabel('Last name').fill('New')
    await page.getByRole('button', { name: 'Next' }).click()
    const step = page.getByRole('region', { name: 'Project access' })
    await step.getByRole('button', { name: 'Choose the project CL-2 - Client project' }).click()
    // Only the projects the caller holds a level on are listed: another client's is not.
    expect(await step.getByRole('button', { name: /Choose the project OT-2/ }).count()).toBe(0)
    await step.getByLabel('Access level on CL-2 - Client project').selectOption('EDIT')
    await page.locator('.us-step-buttons').getByRole('button', { name: 'Next' }).click()
    const company = page.getByRole('region', { name: 'Company access' })
    await company.getByLabel('Company', { exact: true }).selectOption({ label: 'Client Oy' })
    await page.getByRole('button', { name: 'Finish' }).click()
    await page.getByText('Nina New was added and got the welcome e-mail').waitFor()
    const nina = await app.knex('users').where({ username: 'nina.new@fixture.test' }).first('id')
    expect(await app.knex('privileges').where({ user_id: nina.id, resource: 'PROJECT' }).select('resource_id', 'action')).toEqual([
      { resource_id: ours.id, action: 'EDIT' },
    ])
  })
})

/**
 * The projects remote in a real browser (issue 9): an account admin creates a project
 * with a client company, a user given EDIT sees exactly what EDIT allows and nothing
 * ADMINISTER adds, and the list, the tab bar and the users pages behave as the spec says.
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

describe('projects', () => {
  it('an account admin creates a project with a client, and a user given EDIT sees what EDIT allows and nothing ADMINISTER adds', async (page) => {
    const account = await app.make.account()
    const client = await app.make.company(account, { name: 'Harbour Works Oy' })
    const editor = await app.make.user(account, 'user', { firstName: 'Eddie', lastName: 'Editor' })
    await signInAs(page, account.admin)

    // The form refuses what part2 §5 refuses.
    await page.goto('/project/add?lng=25.47&lat=65.01')
    await expect.poll(() => page.getByLabel('Latitude').inputValue()).toBe('65.01')
    await page.getByLabel('Project number').fill('P'.repeat(21))
    await page.getByRole('button', { name: 'Create project' }).click()
    await page.getByText('This field is required').first().waitFor()
    await page.getByText('The maximum number of characters is 20').waitFor()

    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Harbour crane')
    await page.getByLabel('Project number').fill('HC-1')
    await page.getByRole('combobox', { name: 'Client' }).selectOption({ label: 'Harbour Works Oy' })
    await page.getByLabel('Start date').fill('2026-03-02')
    await page.getByLabel('Square metres').fill('350')
    await page.getByRole('button', { name: 'Create project' }).click()
    await page.getByRole('heading', { name: 'HC-1 - Harbour crane', level: 1 }).waitFor()
    const row = await app.knex('projects').where({ account_id: account.id, symbol: 'HC-1' }).first()
    expect(new URL(page.url()).pathname).toBe(`/project/${row.id}`)
    expect(Number(row.company_id)).toBe(client.id)
    expect(Number(row.square_meters)).toBe(350)
    const trail = page.getByRole('navigation', { name: 'Breadcrumb' })
    await expect.poll(() => trail.textContent()).toBe('DashboardProjectsHC-1 - Harbour crane')

    // The creator administers it: every tab, and delete and copy on the metadata tab.
    const tabs = page.getByRole('tablist')
    await expect.poll(() => tabs.getByRole('tab').allTextContents()).toEqual(['Dashboard', 'Metadata', 'Comments', 'Users'])
    await tabs.getByRole('tab', { name: 'Metadata' }).click()
    await page.waitForURL(`**/project/${row.id}/metadata`)
    await page.getByRole('button', { name: 'Delete project' }).waitFor()
    await page.getByRole('heading', { name: 'Client' }).waitFor()
    // The form starts from the saved project: its client, and its creator as the manager (GET /projects/new).
    await expect.poll(() => page.getByRole('combobox', { name: 'Client' }).inputValue()).toBe(String(client.id))
    await expect.poll(() => page.getByRole('combobox', { name: 'Manager' }).inputValue()).toBe(String(account.admin.id))
    await expect.poll(() => page.getByLabel('Start date').inputValue()).toBe('2026-03-02')

    // A cleared date is saved as none.
    await page.getByLabel('Start date').fill('')
    await page.getByLabel('End date').fill('2026-12-31')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByText('Saved', { exact: true }).waitFor()
    await expect.poll(async () => (await app.knex('projects').where({ id: row.id }).first()).start_date).toBeNull()

    // The billing switch saves at once.
    const billing = page.getByRole('switch', { name: /Notify billing/ })
    expect(await billing.isChecked()).toBe(false)
    await billing.click()
    await expect.poll(async () => Boolean((await app.knex('projects').where({ id: row.id }).first()).should_notify_billing)).toBe(true)
    await expect.poll(() => billing.isChecked()).toBe(true)

    // A copy opens as a project of its own; made the original's child, it keeps the original from being deleted.
    await page.getByRole('button', { name: 'Copy project' }).click()
    await page.getByRole('heading', { name: 'HC-1 - Harbour crane (copy)', level: 1 }).waitFor()
    const copyId = Number(new URL(page.url()).pathname.split('/')[2])
    expect(copyId).not.toBe(row.id)
    await app.knex('projects').where({ id: copyId }).update({ parent_id: row.id })
    await page.goto(`/project/${row.id}/metadata`)
    await page.getByRole('button', { name: 'Delete project' }).click()
    const ask = page.getByRole('dialog', { name: 'Are you sure you want to do this?' })
    await ask.getByRole('button', { name: 'No', exact: true }).click()
    await page.getByRole('button', { name: 'Delete project' }).click()
    await ask.getByRole('button', { name: 'Yes', exact: true }).click()
    await page.getByText('This project has content and cannot be deleted').waitFor()
    // The copy itself goes, and the list is shown.
    await page.goto(`/project/${copyId}/metadata`)
    await page.getByRole('button', { name: 'Delete project' }).click()
    await ask.getByRole('button', { name: 'Yes', exact: true }).click()
    await page.waitForURL('**/projects')
    await expect.poll(async () => (await app.knex('projects').where({ id: copyId }).first()) ?? null).toBeNull()
    await page.goto(`/project/${row.id}`)

    // Comments: an empty one cannot be added; the administrator sees the event log.
    await page.getByRole('tablist').getByRole('tab', { name: 'Comments' }).click()
    await page.waitForURL(`**/project/${row.id}/comments`)
    const addComment = page.getByRole('button', { name: 'Add', exact: true })
    await page.getByLabel('New comment').fill('   ')
    expect(await addComment.isDisabled()).toBe(true)
    await page.getByLabel('New comment').fill('Crane foundations poured')
    await addComment.click()
    await page.getByText('Crane foundations poured').waitFor()
    await page.getByRole('heading', { name: 'Event log' }).waitFor()
    await page.getByRole('table', { name: 'Event log' }).getByText('HC-1 - Harbour crane').first().waitFor()

    // The list finds it by number, with its client.
    await page.goto('/projects')
    await page.getByPlaceholder('Filter by number or name').fill('hc-1')
    const table = page.getByRole('table')
    await table.getByRole('link', { name: 'Harbour crane' }).waitFor()
    await expect.poll(() => table.getByRole('row').count()).toBe(2)
    await table.getByText('Harbour Works Oy').waitFor()

    // The users page gives the user EDIT: added through the box (VIEW), then Set on the EDIT row.
    await page.goto(`/project/${row.id}/users`)
    const box = page.getByLabel('Add company user')
    await box.fill(editor.username.slice(0, 3))
    const add = page.getByRole('button', { name: 'Add', exact: true })
    expect(await add.isDisabled()).toBe(true)
    await box.fill('nobody-here@fixture.test')
    await page.getByText('No account user has this login').waitFor()
    expect(await add.isDisabled()).toBe(true)
    await box.fill(editor.username)
    await expect.poll(() => add.isDisabled()).toBe(false)
    await add.click()
    const users = page.getByRole('table')
    await users.getByRole('row', { name: new RegExp(editor.username) }).getByText('View').waitFor()
    await users.getByRole('link', { name: `Settings of ${editor.username}` }).click()
    await page.waitForURL(`**/project/${row.id}/users/${editor.id}`)
    await expect.poll(() => trail.textContent()).toBe(`DashboardProjectsHC-1 - Harbour craneUsers${editor.username}`)
    // An account admin may give ADMINISTER; Set saves at once.
    await page.getByRole('button', { name: 'Set Administer' }).waitFor()
    await page.getByRole('button', { name: 'Set Edit' }).click()
    await page.getByText('The access level was saved').waitFor()
    await expect.poll(() => page.getByRole('button', { name: 'Set Edit' }).isDisabled()).toBe(true)
    await page.context().clearCookies()
    await page.evaluate(() => localStorage.clear())
    await signInAs(page, editor)
    await page.goto('/projects')
    await page.getByRole('table').getByRole('link', { name: 'Harbour crane' }).click()
    await page.getByRole('heading', { name: 'HC-1 - Harbour crane', level: 1 }).waitFor()
    await expect.poll(() => page.getByRole('tablist').getByRole('tab').allTextContents()).toEqual(['Dashboard', 'Metadata', 'Comments'])
    // No New project or export for them.
    expect(await page.getByRole('link', { name: 'New project' }).count()).toBe(0)

    // EDIT changes the metadata, all but the client (who else reaches the project is the administrators' to decide)…
    await page.goto(`/project/${row.id}/metadata`)
    await page.getByLabel('Square metres').fill('400')
    expect(await page.getByRole('combobox', { name: 'Client' }).isDisabled()).toBe(true)
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByText('Saved', { exact: true }).waitFor()
    await expect.poll(async () => Number((await app.knex('projects').where({ id: row.id }).first()).square_meters)).toBe(400)
    // EDIT comments and changes their own comment, not the administrator's; no event log.
    await page.goto(`/project/${row.id}/comments`)
    await page.getByText('Crane foundations poured').waitFor()
    expect(await page.getByRole('button', { name: 'Edit comment' }).count()).toBe(0)
    await page.getByLabel('New comment').fill('Crane arrives Monday')
    await page.getByRole('button', { name: 'Add', exact: true }).click()
    await page.getByText('Crane arrives Monday').waitFor()
    await expect.poll(() => page.getByRole('button', { name: 'Edit comment' }).count()).toBe(1)
    await page.getByRole('button', { name: 'Edit comment' }).click()
    await page.getByLabel('Edit comment').fill('Crane arrives Tuesday')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByText('Crane arrives Tuesday').waitFor()
    expect(await page.getByRole('heading', { name: 'Event log' }).count()).toBe(0)

    // …but not what ADMINISTER (or the manage-projects right) adds.
    expect(await page.getByRole('button', { name: 'Delete project' }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Copy project' }).count()).toBe(0)
    expect(await page.getByRole('heading', { name: 'Client' }).count()).toBe(0)
    await page.goto(`/project/${row.id}/users`)
    await page.getByRole('heading', { name: 'You do not have access to this page' }).waitFor()
  })

  it("a company's projects tab opens the project list narrowed to that client", async (page) => {
    const account = await app.make.account()
    const client = await app.make.company(account, { name: 'Client One Oy' })
    const other = await app.make.company(account, { name: 'Client Two Oy' })
    const ours = await app.make.project(account, { name: 'Ours', symbol: 'C1-1', client })
    await app.make.project(account, { name: 'Theirs', symbol: 'C2-1', client: other })
    const part = await app.make.project(account, { name: 'Part of ours', symbol: 'C1-2', client })
    await app.knex('projects').where({ id: part.id }).update({ parent_id: ours.id })
    await signInAs(page, account.admin)
    await page.goto(`/companies/${client.id}/projects`)
    await page.getByRole('link', { name: "Open the company's projects" }).click()
    await page.waitForURL(`**/projects?companyId=${client.id}`)
    const table = page.getByRole('table')
    await table.getByRole('link', { name: 'Ours', exact: true }).waitFor()
    await expect.poll(() => table.getByRole('row').count()).toBe(3)
    // The tree view: the client's projects without a parent, each opened to its sub-projects.
    await page.getByRole('link', { name: 'Tree view' }).click()
    await page.waitForURL(`**/projects?companyId=${client.id}&view=tree`)
    const tree = page.getByRole('navigation', { name: 'Projects and their sub-projects' })
    await tree.getByRole('link', { name: 'C1-1 - Ours' }).waitFor()
    expect(await tree.getByRole('link', { name: 'C1-2 - Part of ours' }).count()).toBe(0)
    await tree.getByRole('button', { name: 'Show the sub-projects of C1-1 - Ours' }).click()
    await tree.getByRole('link', { name: 'C1-2 - Part of ours' }).waitFor()
    await page.getByRole('link', { name: 'List view' }).click()
    await page.waitForURL(`**/projects?companyId=${client.id}`)
    await page.getByRole('link', { name: 'Show all projects' }).click()
    await table.getByRole('link', { name: 'Theirs' }).waitFor()
    await expect.poll(() => table.getByRole('row').count()).toBe(4)
  })

  it('the tab bar folds away and stays folded for that project only', async (page) => {
    const account = await app.make.account()
    const one = await app.make.project(account, { createdBy: account.admin })
    const two = await app.make.project(account, { createdBy: account.admin })
    await signInAs(page, account.admin)
    await page.goto(`/project/${one.id}`)
    await page.getByRole('tablist').waitFor()
    await page.getByRole('button', { name: 'Hide tabs' }).click()
    expect(await page.getByRole('tablist').count()).toBe(0)
    await page.reload()
    await page.getByRole('button', { name: 'Show tabs' }).waitFor()
    expect(await page.getByRole('tablist').count()).toBe(0)
    await page.goto(`/project/${two.id}`)
    await page.getByRole('tablist').waitFor()
  })
})

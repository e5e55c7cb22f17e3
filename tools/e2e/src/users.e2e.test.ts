/** The users remote in a real browser: the list, the new-user wizard through to the new user's first sign-in, and who may open it. */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect } from 'vitest'
import { type E2EApp, browserTest, linkIn, signInAs, startApp } from './harness'

let app: E2EApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(() => app?.close())
const it = (name: string, body: (page: Page, app: E2EApp) => Promise<void>) => browserTest(() => app, name, body)

const configurationEntries = async (page: Page) => {
  await page.getByRole('button', { name: 'Configuration' }).click()
  const entries = await page.getByRole('menu').getByRole('menuitem').allTextContents()
  await page.keyboard.press('Escape')
  return entries
}

describe('users', () => {
  it('an admin adds a user through the wizard; the welcome mail lets them set a password and sign in', async (page) => {
    const account = await app.make.account()
    const member = await app.make.user(account)
    await signInAs(page, account.admin)
    expect(await configurationEntries(page)).toEqual(expect.arrayContaining(['Users', 'New user']))
    await page.goto('/users')
    const table = page.getByRole('table', { name: /Users/ })
    await table.getByRole('cell', { name: member.username }).waitFor()

    await page.getByRole('link', { name: 'Add user' }).click()
    await page.getByLabel(/^E-mail/).fill(member.username)
    await page.getByText('This person is already a user of this account').waitFor()
    await page.getByLabel(/^E-mail/).fill('wendy.welcome@fixture.test')
    await page.getByLabel('Repeat e-mail').fill('wendy.other@fixture.test')
    await page.getByLabel('First name').fill('Wendy')
    await page.getByLabel('Last name').fill('Welcome')
    await page.getByText('The e-mail addresses do not match').waitFor()
    await page.getByLabel('Repeat e-mail').fill('wendy.welcome@fixture.test')
    // Enter moves on like Next, and the focus goes to the new step's heading.
    await page.getByLabel('Last name').press('Enter')
    const projects = page.getByRole('region', { name: 'Project access' })
    await projects.waitFor()
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Project access')
    // Step 2 offers the account's projects: one is found by number (Enter searches, it does not move on) and given EDIT.
    const harbour = await app.make.project(account, { name: 'Harbour crane', symbol: 'HC-7' })
    await app.make.project(account, { name: 'Bridge', symbol: 'BR-1' })
    await projects.getByLabel('Find a project').fill('hc-7')
    await projects.getByLabel('Find a project').press('Enter')
    await projects.getByRole('button', { name: 'Choose the project HC-7 - Harbour crane' }).click()
    expect(await projects.getByRole('button', { name: /Choose the project BR-1/ }).count()).toBe(0)
    await projects.getByLabel('Access level on HC-7 - Harbour crane').selectOption('EDIT')
    // The wizard's own Next (the project list pages with a Next of its own).
    await page.locator('.us-step-buttons').getByRole('button', { name: 'Next' }).click()
    await page.getByRole('region', { name: 'Company access' }).waitFor()
    await page.getByRole('button', { name: 'Finish' }).click()
    await page.getByText('Wendy Welcome was added and got the welcome e-mail').waitFor()
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/users\/\d+\/details$/)
    await expect.poll(() => page.getByLabel('Acronym').inputValue()).toBe('WWE')
    const wendy = await app.knex('users').where({ username: 'wendy.welcome@fixture.test' }).first('id')
    expect(await app.knex('privileges').where({ user_id: wendy.id, resource: 'PROJECT' }).select('resource_id', 'action')).toEqual([
      { resource_id: harbour.id, action: 'EDIT' },
    ])

    // The new user's own browser: signed out, with the link from the mail.
    const fresh = await page.context().browser()!.newContext({ baseURL: app.url, locale: 'en-GB' })
    const welcome = await fresh.newPage()
    await welcome.goto(linkIn(await app.mailTo('wendy.welcome@fixture.test'), '/welcomeNewUser/'))
    // The name was given in the wizard: the page asks only for a password, and says why it cannot be saved yet.
    expect(await welcome.getByLabel(/^First name/).count()).toBe(0)
    const save = welcome.getByRole('button', { name: 'Save and continue' })
    expect(await save.isDisabled()).toBe(true)
    await welcome.getByText('Enter the same new password of at least 8 characters in both fields to continue.').waitFor()
    await welcome.getByLabel(/^New password/).fill('wendy-secret')
    await welcome.getByLabel(/^Repeat new password/).fill('wendy-secret')
    await welcome.getByRole('button', { name: 'Save and continue' }).click()
    await welcome.getByText('Your user account is ready').waitFor()
    await signInAs(welcome, { username: 'wendy.welcome@fixture.test', password: 'wendy-secret' })
    expect(await app.knex('users').where({ username: 'wendy.welcome@fixture.test' }).first('first_name', 'last_name')).toEqual({ first_name: 'Wendy', last_name: 'Welcome' })
    await fresh.close()
  })

  it('an admin adds a person of another account; they switch to it with their own password', async (page) => {
    const person = await app.make.user(await app.make.account(), 'user', { firstName: 'Ulla', lastName: 'User' })
    const sales = await app.make.account()
    await signInAs(page, sales.admin)
    await page.goto('/users/add')
    // Registered in another account, not a member of this one: the wizard lets the e-mail through.
    await page.getByLabel(/^E-mail/).fill(person.username)
    await page.getByText('This person has an account already').waitFor()
    await page.getByLabel('Repeat e-mail').fill(person.username)
    await page.getByLabel('First name').fill('Ignored')
    await page.getByLabel('Last name').fill('Names')
    // Each step is waited for: a click while the wizard moves on can land on the step it leaves.
    await page.getByRole('button', { name: 'Next' }).click()
    // Step 2, project access (the account has the projects module): none given.
    await page.getByRole('region', { name: 'Project access' }).waitFor()
    await page.locator('.us-step-buttons').getByRole('button', { name: 'Next' }).click()
    await page.getByRole('region', { name: 'Company access' }).waitFor()
    await page.getByRole('button', { name: 'Finish' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/users\/\d+\/details$/)
    await expect.poll(() => page.getByLabel('First name').inputValue()).toBe('Ulla')
    expect(await app.mailTo(person.username)).toContain(`You were added to ${sales.name}`)

    const theirs = await page.context().browser()!.newContext({ baseURL: app.url, locale: 'en-GB' })
    const ulla = await theirs.newPage()
    await signInAs(ulla, person)
    await ulla.getByRole('button', { name: 'Profile' }).click()
    await ulla.getByRole('menuitem', { name: 'Switch account' }).click()
    const dialog = ulla.getByRole('dialog')
    await dialog.getByLabel(sales.name).check()
    await dialog.getByRole('button', { name: 'Switch' }).click()
    await expect.poll(() => ulla.getByTitle('Current account').textContent()).toBe(sales.name)
    await theirs.close()
  })

  it('an admin finds the removal requests: a column says who asked, a filter lists only them', async (page) => {
    const account = await app.make.account()
    const leaving = await app.make.user(account)
    const staying = await app.make.user(account)
    await app.knex('account_users').where({ account_id: account.id, user_id: leaving.id }).update({ removal_requested: true })
    await signInAs(page, account.admin)
    await page.goto('/users')
    const table = page.getByRole('table', { name: /Users/ })
    await table.getByRole('columnheader', { name: 'Removal requested' }).waitFor()
    await table.getByRole('cell', { name: staying.username }).waitFor()
    await page.getByLabel('Only removal requests').check()
    await expect.poll(() => table.getByRole('cell', { name: staying.username }).count()).toBe(0)
    expect(await table.getByRole('row', { name: new RegExp(leaving.username) }).getByRole('cell', { name: 'Yes' }).count()).toBeGreaterThan(0)
    expect(await table.locator('tbody tr').count()).toBe(1)
    await page.getByLabel('Only removal requests').uncheck()
    await table.getByRole('cell', { name: staying.username }).waitFor()
  })

  it('the edit form saves; an unknown user shows User not found', async (page) => {
    const account = await app.make.account()
    const manager = await app.make.user(account, 'user', { firstName: 'Mikko', lastName: 'Manager' })
    await app.make.grant(manager, { resource: 'PROJECT', name: 'PROJECT_CREATE', action: 'ADMINISTER' })
    const id = manager.id
    await signInAs(page, account.admin)
    await page.goto(`/users/${id}`)
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/users/${id}/details`)
    await expect.poll(() => page.getByLabel('First name').inputValue()).toBe('Mikko')
    await page.getByLabel('First name').fill('Mikael')
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('The user was saved').waitFor()
    expect((await app.knex('users').where({ id }).first()).first_name).toBe('Mikael')

    // The tabs are the kit's: the arrow key opens the next tab's page, which keeps the focus on its tab.
    await page.getByRole('tab', { name: 'Details' }).focus()
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/users/${id}/access`)
    await page.getByRole('table', { name: "The user's own privileges" }).getByRole('rowheader', { name: 'Creates projects' }).waitFor()
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Access')
    expect(await page.getByRole('tab', { name: 'Access' }).getAttribute('aria-selected')).toBe('true')
    expect(await page.title()).toBe('Mikael Manager · Business Cloud')

    await page.goto('/users/987654/details')
    await page.getByText('User not found').waitFor()
  })

  it('on a phone each user is a card: the name link and every field are in view without scrolling sideways', async (page) => {
    const account = await app.make.account()
    const member = await app.make.user(account, 'user', { firstName: 'Pia', lastName: 'Phone' })
    await signInAs(page, account.admin)
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/users')
    const link = page.getByRole('table', { name: /Users/ }).getByRole('link', { name: 'Phone' })
    await link.waitFor()
    const box = await link.boundingBox()
    expect(box!.x + box!.width).toBeLessThanOrEqual(390)
    // Nothing of the list lies off to the side.
    expect(await page.evaluate(() => document.querySelector('.kit-table-wrap')!.scrollWidth <= document.querySelector('.kit-table-wrap')!.clientWidth)).toBe(true)
    const row = page.getByRole('row', { name: /Phone/ })
    expect(await row.getByText(member.username).isVisible()).toBe(true)
    await link.click()
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/users/${member.id}/details`)
  })

  it('on a desktop every column is in view, the last (Removal requested) too, with no sideways scrolling', async (page) => {
    const account = await app.make.account()
    // Long values as people have them: the free-text columns break onto more lines instead of widening the table.
    const company = await app.make.company(account, { name: 'Vistula Glass Engineering and Facade Systems Sp. z o.o.' })
    const username = `${Math.random().toString(36).slice(2, 7)}.hansen-kristiansen@vistula-glass-engineering.example`
    await app.make.user(account, 'companyAdmin', { firstName: 'Lars Magnus Wilhelm', lastName: 'Hansen', company, username })
    await signInAs(page, account.admin)
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto('/users')
    const table = page.getByRole('table', { name: /Users/ })
    await table.getByRole('link', { name: 'Hansen' }).waitFor()
    const wrap = (await page.locator('.kit-table-wrap').boundingBox())!
    const last = (await table.getByRole('columnheader', { name: 'Removal requested' }).boundingBox())!
    expect(last.x + last.width).toBeLessThanOrEqual(wrap.x + wrap.width)
    expect(await page.evaluate(() => document.querySelector('.kit-table-wrap')!.scrollWidth <= document.querySelector('.kit-table-wrap')!.clientWidth)).toBe(true)
  })

  it("a company administrator's wizard offers only the companies they administer", async (page) => {
    const account = await app.make.account()
    const theirs = await app.make.company(account, { name: 'Theirs Oy' })
    await app.make.company(account, { name: 'Others Oy' })
    await signInAs(page, await app.make.user(account, 'companyAdmin', { administers: [theirs] }))
    await page.goto('/users/add')
    await page.getByLabel(/^E-mail/).fill('carl.company@fixture.test')
    await page.getByLabel('Repeat e-mail').fill('carl.company@fixture.test')
    await page.getByLabel('First name').fill('Carl')
    await page.getByLabel('Last name').fill('Company')
    await page.getByRole('button', { name: 'Next' }).click()
    await page.getByRole('region', { name: 'Project access' }).waitFor()
    await page.locator('.us-step-buttons').getByRole('button', { name: 'Next' }).click()
    const step = page.getByRole('region', { name: 'Company access' })
    await step.getByLabel('Company', { exact: true }).waitFor()
    expect(await step.getByLabel('Company', { exact: true }).locator('option').allTextContents()).toEqual(['No company', 'Theirs Oy'])
  })

  it('an ordinary user has no Users entries and the API refuses the list', async (page) => {
    const account = await app.make.account()
    await signInAs(page, await app.make.user(account))
    const entries = await page
      .getByRole('button', { name: 'Configuration' })
      .count()
      .then((count) => (count ? configurationEntries(page) : Promise.resolve([])))
    expect(entries).not.toContain('Users')
    expect(entries).not.toContain('New user')
    const token = await page.evaluate(() => localStorage.getItem('accessToken'))
    expect((await app.call('GET', `/api/accountusers/${account.id}`, undefined, token ?? undefined)).status).toBe(403)
  })
})

/**
 * A person's identity in a real browser: the profile asks for the current password,
 * a new e-mail is confirmed from the link mailed to it, and an account admin sends a
 * password reset link instead of touching someone's password or two-factor.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect } from 'vitest'
import { type E2EApp, browserTest, linkIn, signInAs, startApp } from './harness'

let app: E2EApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(() => app?.close())
const it = (name: string, body: (page: Page, app: E2EApp) => Promise<void>) => browserTest(() => app, name, body)

const section = (page: Page, title: string) => page.getByRole('region', { name: title })

describe('profile', () => {
  it('the password changes only with the current one, and not to a common one', async (page) => {
    const person = await app.make.user(await app.make.account())
    await signInAs(page, person)
    await page.goto('/profile')
    const form = section(page, 'Change password')
    await form.getByLabel(/^Current password/).fill('not-my-password')
    await form.getByLabel(/^New password/).fill('password1')
    await form.getByLabel(/^Repeat new password/).fill('password1')
    await form.getByText('This password is too common or too easy to guess').waitFor()
    await form.getByLabel(/^New password/).fill('granite-and-spruce')
    await form.getByLabel(/^Repeat new password/).fill('granite-and-spruce')
    await form.getByRole('button', { name: 'Change password' }).click()
    await form.getByText('The current password is not correct').waitFor()
    await form.getByLabel(/^Current password/).fill(person.password)
    await form.getByRole('button', { name: 'Change password' }).click()
    await page.getByText('Your password was changed').waitFor()
    expect((await app.call('POST', '/api/authentication', { username: person.username, password: 'granite-and-spruce' })).status).toBe(201)
  })

  it('a removal request survives a reload: the profile then offers to withdraw it', async (page) => {
    const account = await app.make.account()
    const person = await app.make.user(account)
    const requested = async () =>
      Boolean((await app.knex('account_users').where({ user_id: person.id, account_id: account.id }).first('removal_requested')).removal_requested)
    await signInAs(page, person)
    await page.goto('/profile')
    const removal = section(page, 'Account removal')
    await removal.getByRole('button', { name: 'Request account removal' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Yes', exact: true }).click()
    await page.getByText('Your removal request was sent').waitFor()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/')
    expect(await requested()).toBe(true)

    await page.goto('/profile')
    await page.reload()
    await removal.getByRole('button', { name: 'Withdraw removal request' }).waitFor()
    await removal.getByRole('button', { name: 'Withdraw removal request' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Yes', exact: true }).click()
    await page.getByText('Your removal request was withdrawn').waitFor()
    expect(await requested()).toBe(false)
  })

  it('a new e-mail is confirmed from the link mailed to it; the old address is told', async (page) => {
    const person = await app.make.user(await app.make.account())
    await signInAs(page, person)
    await page.goto('/profile')
    const form = section(page, 'Change e-mail')
    await form.getByLabel(/^E-mail/).fill('connie@elsewhere.test')
    await form.getByLabel(/^Current password/).fill(person.password)
    await form.getByRole('button', { name: 'Change e-mail' }).click()
    await page.getByText('A confirmation link was sent to the new address', { exact: false }).waitFor()
    expect(await app.mailTo(person.username)).toContain('connie@elsewhere.test')

    // Opened in the same, signed-in browser: the page shows, and the change ends this session too.
    await page.goto(linkIn(await app.mailTo('connie@elsewhere.test'), '/confirmEmail/'))
    await page.getByRole('button', { name: 'Confirm the new e-mail' }).click()
    await page.getByText('Your sign-in e-mail is now connie@elsewhere.test', { exact: false }).waitFor()
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull()
    await page.getByRole('link', { name: 'Go to sign-in' }).click()
    await signInAs(page, { ...person, username: 'connie@elsewhere.test' })
  })
})

describe('users', () => {
  it('an account admin sees no two-factor switch or editable e-mail, and sends a reset link', async (page) => {
    const account = await app.make.account()
    const member = await app.make.user(account)
    await signInAs(page, account.admin)
    await page.goto(`/users/${member.id}/details`)
    await expect.poll(() => page.getByLabel('E-mail').isDisabled()).toBe(true)
    expect(await page.getByRole('switch', { name: 'Two-factor sign-in' }).count()).toBe(0)
    await page.getByRole('button', { name: 'Send password reset link' }).click()
    await page.getByText('A password reset link was sent to the user').waitFor()
    expect(linkIn(await app.mailTo(member.username), '/changePassword/')).toMatch(/^\/changePassword\//)
  })
})

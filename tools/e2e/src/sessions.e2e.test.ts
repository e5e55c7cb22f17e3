/**
 * Sessions that survive (issue 8 §4) in a real browser: a session that ends under the
 * user opens a sign-in dialog over the page, which keeps what they typed and shows no
 * failure, and the save they made goes through once they signed in again; a list in a
 * split-screen pane asked for meanwhile shows afresh after it, and the main area keeps its
 * own state; another person signing in there starts over at their own home; a link opened
 * signed out survives a reload of the sign-in page; and the sign-in form takes focus and
 * typing at once, while its card is still hidden.
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

const storedToken = async (page: Page) => (await page.evaluate(() => localStorage.getItem('accessToken')))!
/** Ends the page's session on the server, as signing out in another browser or an admin's revocation would. */
const revoke = async (page: Page) => {
  expect((await app.call('DELETE', '/api/authentication', undefined, await storedToken(page))).status).toBe(200)
}
const signInDialog = (page: Page) => page.getByRole('dialog', { name: 'Your session has ended' })
const pathOf = (page: Page) => new URL(page.url()).pathname

/** A half-filled new company: the unsaved work a session must not lose. */
const startCompany = async (page: Page) => {
  await page.goto('/companies/add')
  await page.getByLabel('Name').fill('Arctic Timber Oy')
  await page.getByLabel('Number', { exact: true }).fill('AT-1')
}

/** Records the text of every alert (an error toast, a form's failure) the page shows from now on, however briefly. */
const recordAlerts = (page: Page) =>
  page.evaluate(() => {
    const seen: string[] = []
    ;(window as unknown as { alertsSeen: string[] }).alertsSeen = seen
    const note = (node: Node) => {
      if (!(node instanceof Element)) return
      for (const alert of [node, ...node.querySelectorAll('*')].filter((element) => element.getAttribute('role') === 'alert'))
        seen.push(alert.textContent ?? '')
    }
    new MutationObserver((changes) => {
      for (const change of changes) {
        if (change.type === 'attributes') note(change.target)
        else change.addedNodes.forEach(note)
      }
    }).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['role'] })
  })
const alertsSeen = (page: Page) => page.evaluate(() => (window as unknown as { alertsSeen: string[] }).alertsSeen)

describe('a session that ends under the user', () => {
  it('opens a sign-in dialog over the page and no failure message; after signing in again the save goes through by itself, once', async (page) => {
    const { admin } = await app.make.account()
    await signInAs(page, admin)
    await startCompany(page)
    await revoke(page)
    await recordAlerts(page)
    await page.getByRole('button', { name: 'Create company' }).click()

    const dialog = signInDialog(page)
    await dialog.waitFor()
    expect(await dialog.getByLabel('E-mail').evaluate((input) => input === document.activeElement)).toBe(true)
    // Escape does not take the dialog away: the page behind it has no session.
    await page.keyboard.press('Escape')
    expect(await dialog.isVisible()).toBe(true)
    // The page keeps what was typed, and says nothing failed: the user did nothing wrong.
    expect(await page.getByLabel('Name').inputValue()).toBe('Arctic Timber Oy')
    expect(await page.getByLabel('Number', { exact: true }).inputValue()).toBe('AT-1')
    expect(await alertsSeen(page)).toEqual([])
    await dialog.getByLabel('E-mail').fill(admin.username)
    await dialog.getByLabel('Password').fill(admin.password)
    await dialog.getByRole('button', { name: 'Sign in' }).click()
    await dialog.waitFor({ state: 'hidden' })

    // The save made behind the dialog is sent again under the new session and opens the new company.
    await page.getByRole('heading', { name: 'AT-1 - Arctic Timber Oy' }).waitFor()
    expect(pathOf(page)).toMatch(/^\/companies\/\d+$/)
    expect(await alertsSeen(page)).toEqual([])
    const companies = await app.call('GET', '/api/companies?$limit=100', undefined, await storedToken(page))
    expect(companies.status).toBe(200)
    expect((companies.body as { data: { name: string }[] }).data.filter((company) => company.name === 'Arctic Timber Oy')).toHaveLength(1)
  })

  it('another person signing in over the dialog starts over at their own home, with nothing of the page', async (page) => {
    const first = await app.make.account()
    const second = await app.make.account()
    await signInAs(page, first.admin)
    await startCompany(page)
    await revoke(page)
    await page.getByRole('button', { name: 'Create company' }).click()
    const dialog = signInDialog(page)
    await dialog.getByLabel('E-mail').fill(second.admin.username)
    await dialog.getByLabel('Password').fill(second.admin.password)
    await dialog.getByRole('button', { name: 'Sign in' }).click()

    await expect.poll(() => pathOf(page)).toBe('/')
    await expect.poll(() => page.getByTitle('Current account').textContent()).toBe(second.name)
    expect(await page.getByText('Arctic Timber Oy').count()).toBe(0)
    expect(await page.getByRole('dialog').count()).toBe(0)
  })

  it('signing out from the dialog leaves for the sign-in page', async (page) => {
    await signInAs(page, (await app.make.account()).admin)
    // The home page's panels (recent projects, the map) have asked what they ask.
    await page.getByRole('list', { name: 'Recent projects' }).or(page.getByText(/No projects visited yet/)).waitFor()
    await page.waitForLoadState('networkidle')
    await revoke(page)
    // The help page asks the API for the contact details: the first call after the end.
    await page.getByRole('banner').getByRole('navigation').getByRole('link', { name: 'Help' }).click()
    await signInDialog(page).getByRole('button', { name: 'Sign out' }).click()
    await page.getByRole('heading', { name: 'Sign in' }).waitFor()
    expect(pathOf(page)).toBe('/')
  })

  it('a list in a split-screen pane asked for while the session had ended shows afresh, with no failure, after signing in again; the main area keeps its own state', async (page) => {
    const account = await app.make.account()
    const bo = await app.make.user(account, 'user', { firstName: 'Bo', lastName: 'Lindqvist' })
    const anna = await app.make.user(account, 'user', { firstName: 'Anna', lastName: 'Bergström' })
    await signInAs(page, account.admin)
    await page.goto('/users')
    await page.getByRole('button', { name: 'Open beside' }).click()
    const main = page.getByRole('region', { name: 'Main area' })
    const viewer = page.getByRole('region', { name: 'Viewer' })
    const filter = 'Filter by name, e-mail or acronym'
    await viewer.getByRole('cell', { name: anna.username }).waitFor()
    // The main area's own state, which signing in again must keep.
    await main.getByLabel(filter).fill('Bergström')
    await main.getByRole('cell', { name: bo.username }).waitFor({ state: 'detached' })

    await revoke(page)
    // Made while the session is over: only a list asked again can show them.
    const cecilia = await app.make.user(account, 'user', { firstName: 'Cecilia', lastName: 'Lindqvist' })
    await recordAlerts(page)
    // The pane's list asks the API again (its filter), is refused, and the dialog opens.
    await viewer.getByLabel(filter).fill('Lindqvist')
    const dialog = signInDialog(page)
    await dialog.getByLabel('E-mail').fill(account.admin.username)
    await dialog.getByLabel('Password').fill(account.admin.password)
    await dialog.getByRole('button', { name: 'Sign in' }).click()
    await dialog.waitFor({ state: 'hidden' })

    await viewer.getByRole('cell', { name: cecilia.username }).waitFor()
    await viewer.getByRole('cell', { name: bo.username }).waitFor()
    expect(await viewer.getByRole('cell', { name: anna.username }).count()).toBe(0)
    expect(await alertsSeen(page)).toEqual([])
    expect(await main.getByLabel(filter).inputValue()).toBe('Bergström')
    await main.getByRole('cell', { name: anna.username }).waitFor()
  })
})

describe('the sign-in page', () => {
  it('a link opened signed out is followed after sign-in even when the sign-in page was reloaded', async (page) => {
    const admin = (await app.make.account()).admin
    await page.goto('/help?topic=start')
    await expect.poll(() => pathOf(page)).toBe('/')
    await page.reload()
    await page.getByLabel('E-mail').fill(admin.username)
    await page.getByLabel('Password').fill(admin.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect.poll(() => `${pathOf(page)}${new URL(page.url()).search}`).toBe('/help?topic=start')
  })

  it('the e-mail field has focus from the first, still hidden frame of the card and keeps what is typed; the card shows within 700 ms', async (page) => {
    const admin = (await app.make.account()).admin
    // Timed in the page itself: when the card came (and whether the field had focus then), when it first showed.
    await page.addInitScript(() => {
      const seen: Record<string, number> = {}
      ;(window as unknown as { seen: typeof seen }).seen = seen
      const card = () => document.querySelector<HTMLElement>('.so-card')
      const watch = () => {
        if (card() && seen.rendered === undefined) {
          seen.rendered = performance.now()
          seen.focusedAtOnce = Number(document.activeElement?.getAttribute('autocomplete') === 'username')
          seen.renderedOpacity = Number(getComputedStyle(card()!).opacity)
        }
        if (card() && Number(getComputedStyle(card()!).opacity) > 0 && seen.shown === undefined) seen.shown = performance.now()
        if (seen.shown === undefined) requestAnimationFrame(watch)
      }
      requestAnimationFrame(watch)
    })
    await page.goto('/', { waitUntil: 'commit' })
    const email = page.getByLabel('E-mail')
    await email.waitFor({ state: 'attached' })
    await page.keyboard.type(admin.username)
    const seen = await page.evaluate(() => (window as unknown as { seen: Record<string, number> }).seen)
    // The field had focus in the first frame the card was drawn, still fully transparent.
    expect(seen).toMatchObject({ focusedAtOnce: 1, renderedOpacity: 0 })
    expect(await email.inputValue()).toBe(admin.username)
    await expect.poll(() => page.evaluate(() => (window as unknown as { seen: Record<string, number> }).seen.shown)).toBeDefined()
    const { rendered, shown } = await page.evaluate(() => (window as unknown as { seen: Record<string, number> }).seen)
    // Counted from the page's load: a page whose code came late shows the card at once. The margin
    // is for frames: the first one with any opacity, on a machine shared by several test runs.
    expect(shown!).toBeLessThanOrEqual(Math.max(700, rendered!) + 250)
    await page.keyboard.press('Tab')
    await page.keyboard.type(admin.password)
    await page.keyboard.press('Enter')
    await page.getByRole('button', { name: /profile|account menu/i }).first().waitFor()
  })
})

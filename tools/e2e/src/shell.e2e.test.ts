/**
 * The shell in a real browser: sign-in flows, session, chrome, languages, module
 * loading and split screen, against the real server and database.
 */
import { authenticator } from 'otplib'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect } from 'vitest'
import { type E2EApp, browserTest, linkIn, signInAs, startApp } from './harness'

let app: E2EApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(() => app?.close())
const it = (name: string, body: (page: Page, app: E2EApp) => Promise<void>) => browserTest(() => app, name, body)

// The navigation in the page header, whatever language it is labelled in.
const mainNav = (page: Page) => page.getByRole('banner').getByRole('navigation')
/** A token's claims, read without checking it. */
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString())
/** Waits until the clock reaches `second` (seconds since the epoch, as JWTs count). */
const untilSecond = (second: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, second * 1000 - Date.now())))
/** The admin of a new account: the person most tests sign in as. */
const anAdmin = async () => (await app.make.account()).admin

describe('signing in', () => {
  it('a user signs in and sees the signed-in home page', async (page) => {
    await signInAs(page, await anAdmin())
    await expect.poll(() => page.url()).toBe(`${app.url}/`)
    await mainNav(page).getByRole('link', { name: 'Help' }).waitFor()
  })

  it('a wrong password shows the spec message and keeps the user signed out', async (page) => {
    await page.goto('/')
    await page.getByLabel('E-mail').fill((await anAdmin()).username)
    await page.getByLabel('Password').fill('not-the-password')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByText('User does not exist or wrong password').waitFor()
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull()
  })

  it('a path opened signed out is followed after sign-in', async (page) => {
    const admin = await anAdmin()
    await page.goto('/help')
    await expect.poll(() => new URL(page.url()).pathname).toBe('/')
    await page.getByLabel('E-mail').fill(admin.username)
    await page.getByLabel('Password').fill(admin.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/help')
  })

  it('forgotten password: the mail in the outbox, a new password, and sign-in with it', async (page) => {
    const user = await app.make.user(await app.make.account())
    await page.goto('/forgotpassword')
    await page.getByLabel('E-mail').fill(user.username)
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await page.getByText('If an account uses this e-mail address', { exact: false }).waitFor()
    await page.goto(linkIn(await app.mailTo(user.username), '/changePassword/'))
    await page.getByLabel(/^New password/).fill('brand-new-secret')
    await page.getByLabel(/^Repeat new password/).fill('brand-new-secret')
    await page.getByRole('button', { name: 'Change password' }).click()
    await page.getByText('Your password was changed').waitFor()
    await signInAs(page, { ...user, password: 'brand-new-secret' })
  })

  it('registering a trial account tells the user the account is pending', async (page) => {
    await page.goto('/register')
    await page.getByLabel(/^First name/).fill('Maija')
    await page.getByLabel(/^Last name/).fill('Meikäläinen')
    await page.getByLabel(/^E-mail/).fill('maija@trial.test')
    await page.getByLabel(/^Repeat e-mail/).fill('maija@trial.test')
    await page.getByLabel(/^Password/).fill('trial-secret')
    await page.getByLabel(/^Repeat password/).fill('trial-secret')
    await page.getByLabel(/^Company/).fill('Trial Engineering Oy')
    await page.getByLabel(/^Country/).selectOption('FI')
    await page.getByLabel(/^Phone/).fill('+358 40 123 4567')
    await page.getByRole('button', { name: 'Register' }).click()
    await page.getByText('You will get another e-mail when your account is opened', { exact: false }).waitFor()
    const account = await app.knex('accounts').where({ company: 'Trial Engineering Oy' }).first('enabled')
    expect(Boolean(account.enabled)).toBe(false)
  })

  it('two-factor sign-in with a code from the authenticator', async (page) => {
    const user = await app.make.user(await app.make.account())
    const token = await app.make.signIn(user)
    const enrolment = await app.call('POST', '/api/two-factor/enrolment', {}, token)
    expect(enrolment.status).toBe(201)
    const secret = enrolment.body.secret as string
    // A code is accepted once: the previous window's confirms, the current one signs in below.
    const previous = authenticator.clone({ epoch: Date.now() - 30_000 }).generate(secret)
    expect((await app.call('POST', '/api/two-factor/confirmation', { code: previous }, token)).status).toBe(201)

    await page.goto('/')
    await page.getByLabel('E-mail').fill(user.username)
    await page.getByLabel('Password').fill(user.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByLabel('Code from the app').fill('000000')
    await page.getByRole('button', { name: 'Verify' }).click()
    await page.getByText('The code is not valid', { exact: false }).waitFor()
    await page.getByLabel('Code from the app').fill(authenticator.generate(secret))
    await page.getByRole('button', { name: 'Verify' }).click()
    await mainNav(page).getByRole('link', { name: 'Help' }).waitFor()
  })
})

describe('the signed-in session', () => {
  it('switching account stores a new token and shows the other account', async (page) => {
    const other = await app.make.account()
    await signInAs(page, await app.make.join(await app.make.user(await app.make.account()), other))
    const before = await page.evaluate(() => localStorage.getItem('accessToken'))
    await page.getByRole('button', { name: 'Profile' }).click()
    await page.getByRole('menuitem', { name: 'Switch account' }).click()
    const dialog = page.getByRole('dialog')
    // Focus starts on the account in use, where Tab would enter the group.
    const current = dialog.getByRole('radio', { name: '(current)' })
    await expect.poll(() => current.evaluate((radio) => radio === document.activeElement)).toBe(true)
    await dialog.getByLabel(other.name).check()
    await dialog.getByRole('button', { name: 'Switch' }).click()
    await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).not.toBe(before)
    await expect.poll(() => page.getByTitle('Current account').textContent()).toBe(other.name)
    const validate = await app.call('GET', '/api/authentication/validate', undefined, (await page.evaluate(() => localStorage.getItem('accessToken')))!)
    expect(validate.status).toBe(200)
  })

  it('signing out revokes the token and returns to sign-in', async (page) => {
    await signInAs(page, await anAdmin())
    const token = (await page.evaluate(() => localStorage.getItem('accessToken')))!
    await page.getByRole('button', { name: 'Profile' }).click()
    await page.getByRole('menuitem', { name: 'Sign out' }).click()
    await page.getByRole('button', { name: 'Sign in' }).waitFor()
    expect((await app.call('GET', '/api/authentication/validate', undefined, token)).status).toBe(401)
  })

  it('an active user is not signed out when the token ends: a key press past half its life renews it', async (page) => {
    await signInAs(page, await app.make.user(await app.make.account(), 'salesAdmin'))
    const signedIn = (await page.evaluate(() => localStorage.getItem('accessToken')))!
    // The same session under a token of 8 s, as if this one had been issued long ago.
    const { acc, sub, jti } = claimsOf(signedIn)
    const short: string = await app.app.service('authentication').createAccessToken({ acc, kind: 'access' }, { subject: sub, jwtid: jti, expiresIn: 8 })
    await page.evaluate((token) => localStorage.setItem('accessToken', token), short)
    await page.reload()
    await mainNav(page).getByRole('link', { name: 'Help' }).waitFor()
    // Timed by the token's own claims, not from now: its second began before it was signed (JWTs
    // count whole seconds), and the reload took some of its life too. Past half of it, well before its end:
    const { iat, exp } = claimsOf(short)
    await untilSecond(iat + (exp - iat) / 2 + 0.5)
    await page.keyboard.press('Shift')
    await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken')), { timeout: 3000 }).not.toBe(short)
    const renewed = (await page.evaluate(() => localStorage.getItem('accessToken')))!
    expect(claimsOf(renewed).jti).toBe(jti)
    // Past the short token's end the renewed one still works, and so does the page.
    await untilSecond(exp + 0.5)
    expect((await app.call('GET', '/api/authentication/validate', undefined, short)).status).toBe(401)
    expect((await app.call('GET', '/api/authentication/validate', undefined, renewed)).status).toBe(200)
    await mainNav(page).getByRole('link', { name: 'Help' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/help')
  })

  it('switching to Finnish shows Finnish, and it stays at the next sign-in', async (page) => {
    const person = await app.make.user(await app.make.account())
    await signInAs(page, person)
    await page.goto('/profile')
    await page.getByLabel('Interface language').selectOption({ label: 'Suomi' })
    await mainNav(page).getByRole('link', { name: 'Ohje' }).waitFor()
    const user = await app.knex('users').where({ id: person.id }).first('language')
    expect(user.language).toBe('FINNISH')
    await page.evaluate(() => localStorage.clear())
    await page.goto('/')
    await page.getByLabel('E-mail').fill(person.username)
    await page.getByLabel(/password|salasana/i).first().fill(person.password)
    await page.getByRole('button', { name: /sign in|kirjaudu/i }).click()
    await mainNav(page).getByRole('link', { name: 'Ohje' }).waitFor()
  })

  it('the sign-in page comes in English alone; another language is fetched when chosen, as one file', async (page) => {
    const texts: string[] = []
    page.on('request', (request) => {
      const file = new URL(request.url()).pathname
      if (file.includes('texts-')) texts.push(file)
    })
    await page.goto('/')
    await page.getByRole('button', { name: 'Sign in' }).waitFor()
    expect(texts).toEqual([])
    await page.getByLabel('Language').selectOption('fi-FI')
    await page.getByRole('heading', { name: 'Kirjaudu sisään' }).waitFor()
    await page.getByRole('button', { name: 'Kirjaudu', exact: true }).waitFor()
    expect(texts).toHaveLength(1)
    expect(texts[0]).toMatch(/texts-fi-FI/)
  })

  it('the page speaks Swedish as sv-SE, the language tag screen readers know', async (page) => {
    await signInAs(page, await app.make.user(await app.make.account()))
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-GB')
    await page.goto('/profile')
    await page.getByLabel('Interface language').selectOption({ label: 'Svenska' })
    await mainNav(page).getByRole('link', { name: 'Hjälp' }).waitFor()
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('sv-SE')
  })
})

describe('modules', () => {
  it('a module switched off for the tenant loses its menu entry and its route', async (page) => {
    const account = await app.make.account()
    await signInAs(page, account.admin)
    await mainNav(page).getByRole('link', { name: 'Crash test' }).waitFor()
    const globalAdmin = await app.make.signIn(await app.make.user(await app.make.account(), 'globalAdmin'))
    const off = await app.call('PUT', `/api/accounts/${account.id}/modules`, { modules: [{ id: 'sales', enabled: false }] }, globalAdmin)
    expect(off.status).toBe(200)
    await page.reload()
    await mainNav(page).getByRole('link', { name: 'Help' }).waitFor()
    expect(await mainNav(page).getByRole('link', { name: 'Crash test' }).count()).toBe(0)
    await page.goto('/crashtest')
    await page.getByText('Page not found').waitFor()
  })

  it('a remote that throws shows its error page while the navigation keeps working', async (page) => {
    await signInAs(page, await anAdmin())
    await mainNav(page).getByRole('link', { name: 'Crash test' }).click()
    await page.getByText('The crash test page failed on purpose').waitFor()
    await mainNav(page).getByRole('link', { name: 'Help' }).click()
    await page.getByRole('heading', { name: 'Help' }).waitFor()
  })

  it('a remote that cannot be loaded offers Retry', async (page) => {
    await signInAs(page, await anAdmin())
    await page.goto('/missing')
    await page.getByText('Module could not be loaded').waitFor()
    await page.getByRole('button', { name: 'Retry' }).waitFor()
  })

  it('no remote is downloaded before it is used: home loads only the remotes that draw home panels', async (page) => {
    const fetched: string[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.pathname.startsWith('/remotes/')) fetched.push(url.pathname.split('/')[2]!)
    })
    await signInAs(page, await anAdmin())
    // The projects remote draws the recent projects and the map on the home page (GET /modules: home);
    // once its panel is up and the network has gone quiet, nothing else may have come.
    await page.getByRole('heading', { name: 'Recent projects' }).waitFor()
    await page.waitForLoadState('networkidle')
    expect([...new Set(fetched)]).toEqual(['projects'])
    await mainNav(page).getByRole('link', { name: 'Help' }).click()
    await page.getByRole('heading', { name: 'Help' }).waitFor()
    expect([...new Set(fetched)]).toEqual(['projects', 'core'])
  })
})

describe('split screen', () => {
  it('the help page beside the profile page, placed on top, survives a reload', async (page) => {
    await signInAs(page, await anAdmin())
    await page.goto('/profile?view=/help&mapPlacement=right&direction=horizontal')
    const viewer = page.getByRole('region', { name: /viewer/i })
    await viewer.getByRole('heading', { name: 'Help' }).waitFor()
    await page.getByRole('heading', { name: 'Profile', exact: true }).waitFor()
    // The breadcrumbs belong to the main area's page, not to the pane's.
    await expect.poll(() => page.getByRole('navigation', { name: 'Breadcrumb' }).textContent()).toBe('DashboardProfile')
    await viewer.getByRole('button', { name: 'Split screen' }).click()
    await page.getByRole('dialog').getByRole('button', { name: /top/i }).click()
    await expect.poll(() => new URL(page.url()).searchParams.get('mapPlacement')).toBe('top')
    expect(new URL(page.url()).searchParams.get('direction')).toBe('vertical')
    await page.reload()
    await page.getByRole('region', { name: /viewer/i }).getByRole('heading', { name: 'Help' }).waitFor()
    expect(new URL(page.url()).searchParams.get('mapPlacement')).toBe('top')
  })

  it('"Open beside" shows the users list twice, each with its own filter; fullscreen has its icon', async (page) => {
    const account = await app.make.account()
    const bo = await app.make.user(account, 'user', { firstName: 'Bo', lastName: 'Lindqvist' })
    const anna = await app.make.user(account, 'user', { firstName: 'Anna', lastName: 'Bergström' })
    await signInAs(page, account.admin)
    await page.goto('/users')
    await page.getByRole('table', { name: /Users/ }).getByRole('cell', { name: bo.username }).waitFor()

    await page.getByRole('button', { name: 'Open beside' }).click()
    await expect.poll(() => new URL(page.url()).searchParams.get('view')).toBe('/users')
    const main = page.getByRole('region', { name: 'Main area' })
    const viewer = page.getByRole('region', { name: 'Viewer' })
    const filter = 'Filter by name, e-mail or acronym'
    await viewer.getByRole('cell', { name: anna.username }).waitFor()

    // Typing into one list's filter filters that list only: the two panes share no state.
    await viewer.getByLabel(filter).fill('Lindqvist')
    await viewer.getByRole('cell', { name: anna.username }).waitFor({ state: 'detached' })
    await viewer.getByRole('cell', { name: bo.username }).waitFor()
    expect(await main.getByLabel(filter).inputValue()).toBe('')
    await main.getByRole('cell', { name: anna.username }).waitFor()
    await main.getByLabel(filter).fill('Bergström')
    await main.getByRole('cell', { name: bo.username }).waitFor({ state: 'detached' })
    expect(await viewer.getByLabel(filter).inputValue()).toBe('Lindqvist')
    await viewer.getByRole('cell', { name: bo.username }).waitFor()

    await viewer.getByRole('button', { name: 'Split screen' }).click()
    const fullscreen = page.getByRole('dialog').getByRole('button', { name: 'Show the viewer full screen' })
    const icon = await fullscreen.locator('svg').boundingBox()
    expect(icon?.width).toBeGreaterThan(0)
    await fullscreen.click()
    await expect.poll(() => new URL(page.url()).searchParams.get('mapPlacement')).toBe('fullscreen')
    await main.waitFor({ state: 'hidden' })
    expect(await viewer.getByLabel(filter).inputValue()).toBe('Lindqvist')
  })
})

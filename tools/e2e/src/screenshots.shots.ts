/**
 * The screenshots in docs/screenshots: the main screens at 1440×900 (desktop) and 390×844
 * (phone), taken from the built app with fixture data. `npm run -w @app/e2e screenshots`
 * (after `npm run build`) replaces them; README's "What it looks like" links them. The data
 * has fixed names and dates and every shot waits for animations to end, so a second run
 * rewrites the same images and git shows only what the app changed.
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { fixtures } from '@app/testing'
import { afterAll, beforeAll, test } from 'vitest'
import { type E2EApp, startApp } from './harness'

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/screenshots')
const VIEWPORTS = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } }

/** The day the data was made on, in the browser's time zone below. */
const MADE_AT = new Date('2026-03-02T09:00:00Z')
const TIME_ZONE = 'Europe/Helsinki'

let app: E2EApp
let data: Awaited<ReturnType<typeof makeAccount>>
beforeAll(async () => {
  mkdirSync(OUT, { recursive: true })
  app = await startApp({ testRemotes: false })
  data = await makeAccount()
}, 60_000)
afterAll(() => app?.close())

const emailOf = (firstName: string, lastName: string) => `${firstName}.${lastName}@acme.test`.toLowerCase()

/** A small, believable account: a few companies and people, so the lists are not empty. */
const makeAccount = async () => {
  const make = fixtures(app, { at: MADE_AT })
  const admin = { firstName: 'Helena', lastName: 'Korhonen', username: emailOf('Helena', 'Korhonen') }
  const account = await make.account({ name: 'Acme Engineering', number: 'ACME-0001', email: 'office@acme.test', admin })
  const companies = []
  for (const [name, city] of [['Nordic Steel Oy', 'Oulu'], ['Baltic Concrete AS', 'Tallinn'], ['Fjord Timber AS', 'Bergen'], ['Vistula Glass Sp. z o.o.', 'Kraków']])
    companies.push(await make.company(account, { name, city }))
  const people = [
    ['Aino', 'Virtanen', 'user'],
    ['Lars', 'Hansen', 'companyAdmin'],
    ['Marta', 'Kowalska', 'user'],
    ['Erik', 'Lindqvist', 'salesAdmin'],
    ['Sofia', 'Nieminen', 'user'],
  ] as const
  const made = []
  for (const [index, [firstName, lastName, rank]] of people.entries()) {
    const named = { firstName, lastName, username: emailOf(firstName, lastName), acronym: `${firstName[0]}${lastName[0]}` }
    made.push(await make.user(account, rank, { ...named, company: companies[index % companies.length] }))
  }
  // Projects at their sites, with dates around the day the data was made, each visited once by the admin.
  const projects = []
  for (const [index, [symbol, name, latitude, longitude]] of (
    [
      ['P-1001', 'Oulu harbour crane', 65.01, 25.47],
      ['P-1002', 'Tallinn ferry terminal', 59.44, 24.75],
      ['P-1003', 'Bergen timber warehouse', 60.39, 5.32],
      ['P-1004', 'Kraków glass works', 50.06, 19.94],
    ] as const
  ).entries()) {
    const project = await make.project(account, { symbol, name, client: companies[index % companies.length] })
    const day = 86_400_000
    await app.knex('projects').where({ id: project.id }).update({
      latitude,
      longitude,
      manager_id: account.admin.id,
      square_meters: 1200 + 350 * index,
      start_date: MADE_AT.getTime() - (40 - 10 * index) * day,
      end_date: MADE_AT.getTime() + (120 + 30 * index) * day,
      delivery_date: MADE_AT.getTime() + (60 + 15 * index) * day,
    })
    await app.knex('project_visits').insert({ account_id: account.id, user_id: account.admin.id, project_id: project.id, visited_at: MADE_AT.getTime() - index * 3_600_000 })
    projects.push(project)
  }
  // Two of the account's people on the first project, one given EDIT, so its users page lists someone.
  const token = await make.signIn(account.admin)
  for (const [index, person] of made.slice(0, 2).entries()) {
    await app.call('POST', `/api/projects/${projects[0]!.id}/users`, { username: person.username }, token)
    if (index === 1) await app.call('PUT', `/api/projects/${projects[0]!.id}/users`, { userId: person.id, accessLevel: 'EDIT' }, token)
  }
  return { account, company: companies[0]!, person: made[0]!, project: projects[0]! }
}

/** Waits until the page shows its heading and nothing is loading any more. */
const settled = async (page: Page) => {
  await page.getByRole('heading', { level: 1 }).first().waitFor()
  await page.waitForFunction(() => !document.querySelector('.kit-spinner, .kit-skeleton, [aria-busy="true"]'))
  await page.waitForLoadState('networkidle')
  // A finite animation (the sign-in card's delayed fade-in) would be caught half way.
  await page.evaluate(() =>
    Promise.allSettled(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished),
    ),
  )
}

for (const [device, viewport] of Object.entries(VIEWPORTS))
  test(`the main screens, ${device}`, async () => {
    const { account, company, person, project } = data
    const context = await app.browser.newContext({ baseURL: app.url, viewport, locale: 'en-GB', timezoneId: TIME_ZONE, deviceScaleFactor: 1 })
    const page = await context.newPage()
    const shoot = async (name: string, url?: string) => {
      if (url) await page.goto(url)
      await settled(page)
      await page.screenshot({ path: path.join(OUT, `${name}-${device}.png`) })
    }
    try {
      await shoot('sign-in', '/')
      // Signed in by hand: on a phone the account menu the harness waits for sits behind the menu button.
      await page.getByLabel(/e-mail/i).fill(account.admin.username)
      await page.getByLabel(/password/i).fill(account.admin.password)
      await page.getByRole('button', { name: /sign in/i }).click()
      await page.getByRole('button', { name: /sign in/i }).waitFor({ state: 'detached' })
      // The projects panel comes with its remote, after the page itself has settled.
      await page.getByRole('list', { name: 'Recent projects' }).waitFor()
      await page.locator('section.projects-map canvas').first().waitFor()
      await shoot('home')
      await shoot('search', '/search?q=P-100')
      // The dashboard with every document group shown (the remembered option), on the day the data was made, so the timeline is the same each run.
      await page.evaluate(({ key }) => localStorage.setItem(key, JSON.stringify({ showAllFolders: true })), { key: `projects.dashboard.${account.id}.${account.admin.id}` })
      await page.clock.setFixedTime(MADE_AT)
      await shoot('project-dashboard', `/project/${project.id}`)
      // Opening the project recorded a visit today: put it back, so the next device's home shows the fixed data.
      await app.knex('project_visits').where({ project_id: project.id }).update({ visited_at: MADE_AT.getTime() })
      await page.clock.setFixedTime(Date.now())
      await shoot('users', '/users')
      await shoot('user', `/users/${person.id}/details`)
      await shoot('companies', '/companies')
      await shoot('company', `/companies/${company.id}`)
      await shoot('projects', '/projects')
      await shoot('project-add', '/project/add')
      await shoot('project', `/project/${project.id}/metadata`)
      await shoot('project-users', `/project/${project.id}/users`)
      await shoot('admin-settings', '/admin')
      await shoot('profile', '/profile')
    } finally {
      await context.close()
    }
  }, 120_000)

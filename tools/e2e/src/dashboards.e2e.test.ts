/**
 * The home dashboard, the project dashboard tab and the search page in a real browser:
 * the home tiles and the map of projects, the project's tiles with their pages and the
 * remembered options, the Task Tracker tile with the project's checklists (and without it
 * when the checklist module is off), and search finding a project by its number.
 */
import { definePlugin, projectFolders } from '@app/plugin-kit'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect } from 'vitest'
import { type E2EApp, browserTest, screenshotDir, signInAs, startApp } from './harness'

/**
 * A stand-in for documents in numbers the tiles page through: it gives every project named
 * "Paged …" 8 folders of the type "Drawings", and every one named "Switched …" 2 folders of
 * the built-in type "Checklist", through the kit's `projectFolders` point as the documents
 * plugin does, so the real groups call carries them. Checklists themselves are real ones,
 * made through the checklists API.
 */
const pagedFolders = definePlugin({
  id: 'paged-folders',
  module: 'core',
  version: '0.0.0',
  migrations: [],
  services: [],
  permissions: [],
  configure(app) {
    const knex = app.get('knex')
    app.get('extensions').contribute(projectFolders, {
      async folders(_app, _params, projectId) {
        const project = await knex('projects').where({ id: projectId }).first('account_id', 'name')
        const [type, prefix, n] = project?.name.startsWith('Paged') ? ['Drawings', 'Drawing', 8] : project?.name.startsWith('Switched') ? ['Checklist', 'Checklist folder', 2] : [null, '', 0]
        if (!type) return []
        const folderType = await knex('setup_folder_types').where({ account_id: project.account_id, name: type }).first('id')
        return Array.from({ length: Number(n) }, (_, i) => ({ id: 1 + i, name: `${prefix} ${i + 1}`, symbol: null, folderTypeId: Number(folderType?.id), files: [], urls: [] }))
      },
      ifcFiles: async () => [],
    })
  },
})

let app: E2EApp
beforeAll(async () => {
  app = await startApp({ extraPlugins: [pagedFolders] })
})
afterAll(() => app?.close())
const it = (name: string, body: (page: Page, app: E2EApp) => Promise<void>) => browserTest(() => app, name, body)

/** An account with one project at a place (Helsinki), managed by the account's admin. */
const world = async (name = 'Harbour crane') => {
  const account = await app.make.account()
  const project = await app.make.project(account, { name, symbol: `HC-${account.id}` })
  await app.knex('projects').where({ id: project.id }).update({ latitude: 60.17, longitude: 24.94, manager_id: account.admin.id, square_meters: 1250 })
  return { account, project }
}

describe('home', () => {
  it('the tiles, and the map marks a project with a position; a marker opens it, a right-click offers to create here', async (page) => {
    const { account, project } = await world()
    await signInAs(page, account.admin)
    const tiles = page.getByRole('list', { name: 'Dashboard' })
    for (const name of ['Projects', 'Companies', 'Users', 'Storage']) await tiles.getByText(name, { exact: true }).waitFor()
    const map = page.getByRole('region', { name: /^Map of projects, / })
    await expect.poll(() => map.getAttribute('data-markers')).toBe('1')
    await map.locator('canvas').first().waitFor()
    // The single marker sits in the middle of the map (zoom 12 on it).
    const box = (await map.boundingBox())!
    await page.waitForTimeout(300)
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2, { button: 'right' })
    const create = page.getByRole('link', { name: 'Create project here' })
    const href = new URL((await create.getAttribute('href'))!, app.url)
    expect(href.pathname).toBe('/project/add')
    expect(Number(href.searchParams.get('lat'))).toBeCloseTo(60.17, 3)
    expect(Number(href.searchParams.get('lng'))).toBeCloseTo(24.94, 3)
    expect(await page.getByRole('link', { name: 'Create company here' }).getAttribute('href')).toMatch(/^\/companies\/add\?lng=24\.94\d*&lat=60\.17\d*$/)
    await page.keyboard.press('Escape')
    await expect.poll(() => create.count()).toBe(0)
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await expect.poll(() => map.getAttribute('title')).toBe(`${project.symbol} - Harbour crane`)
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
    await page.waitForURL(`**/project/${project.id}`)
  })

  it('the Projects and SQM figures, and the recent projects: last visited first', async (page) => {
    const { account, project } = await world()
    const older = await app.make.project(account, { name: 'Quay wall', symbol: `QW-${account.id}` })
    await signInAs(page, account.admin)
    const tiles = page.getByRole('list', { name: 'Dashboard' })
    await expect.poll(() => tiles.getByRole('link', { name: /^Projects/ }).locator('.kit-tile-figure').textContent()).toBe('2')
    await expect.poll(() => tiles.getByRole('listitem').filter({ hasText: 'SQM' }).locator('.kit-tile-figure').textContent()).toBe('1,250\u00a0m²')
    const recent = page.getByRole('list', { name: 'Recent projects' })
    await page.getByText('No projects visited yet: the projects you open are listed here.').waitFor()
    // Opening a project records the visit.
    for (const visited of [older, project]) {
      await page.goto(`/project/${visited.id}`)
      await page.getByRole('heading', { name: `${visited.symbol} - ${visited.name}`, level: 1 }).waitFor()
    }
    await page.goto('/')
    await expect.poll(() => recent.getByRole('link').allTextContents()).toEqual([`${project.symbol} - Harbour crane`, `${older.symbol} - Quay wall`])
  })

  it('an ordinary user without project rights gets no projects panel on the home page', async (page) => {
    const { account } = await world()
    const user = await app.make.user(account, 'user')
    const fetched: string[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.pathname.startsWith('/remotes/')) fetched.push(url.pathname.split('/')[2]!)
    })
    await signInAs(page, user)
    await page.getByRole('heading', { name: /Welcome/ }).waitFor()
    await page.waitForLoadState('networkidle')
    // Without canSeeProjects the panel is not drawn, and its remote not even fetched.
    expect(await page.getByRole('region', { name: /^Map of projects, / }).count()).toBe(0)
    expect(fetched).not.toContain('projects')
  })
})

describe('project dashboard', () => {
  it('tiles of the document groups with their pages; show-all-folders and the mail link; the options are remembered', async (page) => {
    const { account, project } = await world('Paged harbour crane')
    await app.knex('projects').where({ id: project.id }).update({ start_date: Date.now() })
    for (const [name, typeId] of [
      ['Drawings', 'DRW'],
      ['Manuals', 'MAN'],
    ])
      await app.knex('setup_folder_types').insert({ account_id: account.id, name, type_id: typeId, active: true, deletable: true, global: false, created_at: new Date().toISOString() })
    // The built-in types (Checklist among them) are made at an account's first call on its types.
    const token = await app.make.signIn(account.admin)
    expect((await app.call('GET', `/api/foldertypes/${account.id}/create`, undefined, token)).status).toBe(200)
    // Nine real checklists: the first with three items, one ticked and one three days late.
    const made: number[] = []
    for (const title of ['Fire safety', ...Array.from({ length: 8 }, (_, i) => `Checklist ${i + 2}`)]) {
      const answer = await app.call('POST', '/api/checklists', { parentId: project.id, title, description: 'Made for the dashboard' }, token)
      expect(answer.status).toBe(201)
      made.push(answer.body.id)
    }
    const item = async (name: string, extra: object = {}) => (await app.call('POST', `/api/checklists/${made[0]}/items`, { name, ...extra }, token)).body
    await item('Fire doors')
    await item('Extinguishers', { dueDate: Date.now() - 3 * 86_400_000 })
    const ticked = (await item('Exit signs')).checklistItems.find((one: { name: string }) => one.name === 'Exit signs')
    expect((await app.call('PATCH', `/api/checklists/${made[0]}/items/${ticked.id}`, { done: true }, token)).status).toBe(200)
    expect((await app.call('PUT', `/api/checklists/${made[0]}/status?status=IN_PROGRESS`, undefined, token)).status).toBe(200)
    await signInAs(page, account.admin)
    await page.goto(`/project/${project.id}`)
    const tiles = page.getByRole('list', { name: "The project's document groups" })
    await tiles.getByRole('heading', { name: 'Drawings' }).waitFor()
    await tiles.getByRole('heading', { name: 'Task Tracker' }).waitFor()
    // Empty groups are hidden.
    expect(await tiles.getByRole('heading', { name: 'Manuals' }).count()).toBe(0)
    const drawings = tiles.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Drawings' }) })
    await drawings.getByText('Page 1/2').waitFor()
    await expect.poll(() => drawings.getByRole('link').count()).toBe(6)
    await drawings.getByRole('button', { name: 'Next page' }).click()
    await drawings.getByText('Page 2/2').waitFor()
    await expect.poll(() => drawings.getByRole('link').allTextContents()).toEqual(['Drawing 7', 'Drawing 8'])
    // The Task Tracker: the project's checklists 4 a page, each a link with its status and progress.
    const tracker = tiles.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Task Tracker' }) })
    await tracker.getByText('Page 1/3').waitFor()
    const checklists = tracker.locator('.projects-tracker > li')
    await expect.poll(() => checklists.getByRole('link').allTextContents()).toEqual(['Fire safety', 'Checklist 2', 'Checklist 3', 'Checklist 4'])
    const fire = checklists.filter({ has: page.getByRole('link', { name: 'Fire safety' }) })
    expect(await fire.getByRole('link').getAttribute('href')).toBe(`/project/${project.id}/checklists/${made[0]}`)
    await fire.getByText('In progress', { exact: true }).waitFor()
    expect(await fire.getByRole('progressbar', { name: '1 of 3 done' }).getAttribute('aria-valuenow')).toBe('1')
    await fire.getByText('Overdue: 1').waitFor()
    await checklists.nth(1).getByText('Open', { exact: true }).waitFor()
    await checklists.nth(1).getByText('No items yet').waitFor()
    expect(await tracker.getByRole('link', { name: 'Add checklist' }).getAttribute('href')).toBe(`/project/${project.id}/checklist/add`)
    await page.screenshot({ path: path.join(screenshotDir, 'dashboard-task-tracker-1440.png'), fullPage: true })
    await page.setViewportSize({ width: 390, height: 844 })
    await tracker.scrollIntoViewIfNeeded()
    await page.screenshot({ path: path.join(screenshotDir, 'dashboard-task-tracker-390.png'), fullPage: true })
    await page.setViewportSize({ width: 1440, height: 900 })
    await tracker.getByRole('button', { name: 'Next page' }).click()
    await tracker.getByText('Page 2/3').waitFor()
    await expect.poll(() => checklists.getByRole('link').allTextContents()).toEqual(['Checklist 5', 'Checklist 6', 'Checklist 7', 'Checklist 8'])
    await tracker.getByRole('button', { name: 'Next page' }).click()
    await tracker.getByText('Page 3/3').waitFor()
    await expect.poll(() => checklists.getByRole('link').allTextContents()).toEqual(['Checklist 9'])
    expect(await tracker.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true)
    await fire.waitFor({ state: 'detached' })
    await tracker.getByRole('button', { name: 'Previous page' }).click()
    await tracker.getByText('Page 2/3').waitFor()
    // A title opens its checklist in the checklists module.
    await checklists.getByRole('link', { name: 'Checklist 5' }).click()
    await page.getByRole('heading', { name: 'Checklist 5', level: 1 }).waitFor()
    await page.goBack()
    await tracker.getByText('Page 1/3').waitFor()

    await page.getByRole('switch', { name: 'Show all folders' }).check()
    const manuals = tiles.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Manuals' }) })
    await manuals.getByText('Nothing here yet.').waitFor()
    expect(await manuals.getByRole('link', { name: account.admin.username }).getAttribute('href')).toBe(`mailto:${account.admin.username}`)

    // The option is remembered: a new visit shows the empty groups still.
    await page.reload()
    await manuals.getByText('Nothing here yet.').waitFor()
    expect(await page.getByRole('switch', { name: 'Show all folders' }).isChecked()).toBe(true)

    // Map mode shows the project at its site; the mode is remembered too.
    await page.getByRole('radio', { name: 'Map' }).check()
    const map = page.getByRole('region', { name: /^Map of projects, / })
    await expect.poll(() => map.getAttribute('data-markers')).toBe('1')
    await map.locator('canvas').first().waitFor()
    await page.reload()
    await expect.poll(() => map.getAttribute('data-markers')).toBe('1')
    await page.getByRole('radio', { name: 'Tiles' }).check()
    await manuals.getByText('Nothing here yet.').waitFor()

    // The documents module counts the project's own documents (the stand-in's are none of them): each box says 0.
    const figures = page.getByRole('list', { name: "The project's documents" })
    await expect.poll(() => figures.getByRole('listitem').filter({ hasText: 'In progress' }).textContent()).toBe('In progress0')

    // The timeline: the start date (today) is a bubble in today's month; an editor moves it on, and it stays.
    const start = page.getByRole('button', { name: /^Start \d\d\/\d\d\/\d{4}: not started$/ })
    await start.click()
    await page.getByRole('button', { name: /^Start .*: partly done$/ }).waitFor()
    await page.reload()
    await page.getByRole('button', { name: /^Start .*: partly done$/ }).click()
    await page.getByRole('button', { name: /^Start .*: done$/ }).waitFor()
    // Later moves a screen on (the start is off it), Today comes back.
    await page.getByRole('button', { name: 'Later' }).click()
    await expect.poll(() => page.getByRole('button', { name: /^Start / }).count()).toBe(0)
    await page.getByRole('button', { name: 'Today' }).click()
    await page.getByRole('button', { name: /^Start .*: done$/ }).waitFor()
  })
})

describe('the Task Tracker and the checklist module', () => {
  it('a project without checklists has no tile (but an empty one with show-all-folders); with the module off there is none, and the Checklist folders are documents', async (page) => {
    const { account, project } = await world('Switched harbour crane')
    const token = await app.make.signIn(account.admin)
    expect((await app.call('GET', `/api/foldertypes/${account.id}/create`, undefined, token)).status).toBe(200)
    await signInAs(page, account.admin)
    await page.goto(`/project/${project.id}`)
    const tiles = page.getByRole('list', { name: "The project's document groups" })
    // No checklists: the tile hides like an empty group; the Checklist folders are not on it.
    await page.getByRole('switch', { name: 'Show all folders' }).waitFor()
    await page.waitForLoadState('networkidle')
    expect(await page.getByRole('heading', { name: 'Task Tracker' }).count()).toBe(0)
    expect(await page.getByRole('link', { name: 'Checklist folder 1' }).count()).toBe(0)
    await page.getByRole('switch', { name: 'Show all folders' }).check()
    const tracker = tiles.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Task Tracker' }) })
    await tracker.getByText('No checklists yet.').waitFor()
    await tracker.getByRole('link', { name: 'Add checklist' }).click()
    await page.getByRole('heading', { name: 'Add checklist', level: 1 }).waitFor()
    await page.goBack()
    await tracker.getByText('No checklists yet.').waitFor()

    // The module off: no Task Tracker and no checklist pages; the Checklist group is a document tile.
    const globalAdmin = await app.make.signIn(await app.make.user(await app.make.account(), 'globalAdmin'))
    expect((await app.call('PUT', `/api/accounts/${account.id}/modules`, { modules: [{ id: 'checklist', enabled: false }] }, globalAdmin)).status).toBe(200)
    await page.reload()
    const group = tiles.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Checklist', exact: true }) })
    await expect.poll(() => group.getByRole('link').allTextContents()).toEqual(['Checklist folder 1', 'Checklist folder 2'])
    expect(await group.getByRole('link', { name: 'Checklist folder 1' }).getAttribute('href')).toBe(`/project/${project.id}/documents/1`)
    expect(await page.getByRole('heading', { name: 'Task Tracker' }).count()).toBe(0)
    // The checklists remote is not loaded: its list's address is not found (not the project's dashboard under it).
    await page.goto(`/project/${project.id}/checklists`)
    await page.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor()
    await page.waitForLoadState('networkidle')
    expect(await page.getByRole('heading', { name: 'Task Tracker' }).count()).toBe(0)
  })
})

describe('search', () => {
  it('the nav box acts over 2 characters; the page finds a project by its number, with the count per group', async (page) => {
    const { account, project } = await world()
    await app.make.project(account, { name: 'Quay wall', symbol: `QW-${account.id}` })
    await signInAs(page, account.admin)
    const box = page.getByRole('searchbox').or(page.getByPlaceholder('Search projects and companies')).first()
    await box.fill('HC')
    await box.press('Enter')
    await page.waitForTimeout(200)
    expect(new URL(page.url()).pathname).toBe('/')
    await box.fill(project.symbol.toLowerCase())
    await box.press('Enter')
    await page.waitForURL(`**/search?q=${project.symbol.toLowerCase()}`)
    const projects = page.getByRole('region', { name: 'Projects' })
    await projects.getByRole('link', { name: `${project.symbol} - Harbour crane` }).click()
    await page.waitForURL(`**/project/${project.id}`)
    await page.goto(`/search?q=${project.symbol}`)
    await expect.poll(() => page.getByRole('region', { name: 'Projects' }).getByText('1', { exact: true }).count()).toBe(1)
    expect(await page.getByRole('link', { name: /Quay wall/ }).count()).toBe(0)
  })
})

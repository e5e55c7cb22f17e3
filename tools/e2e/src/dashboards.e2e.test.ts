/**
 * The home dashboard, the project dashboard tab and the search page in a real browser:
 * the home tiles and the map of projects, the project's tiles with their pages and the
 * remembered options, and search finding a project by its number.
 */
import { definePlugin, projectFolders } from '@app/plugin-kit'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect } from 'vitest'
import { type E2EApp, browserTest, signInAs, startApp } from './harness'

/**
 * A stand-in for documents and checklists in numbers the tiles page through: it gives every
 * project named "Paged …" 8 folders of the type "Drawings" and 9 checklists (whose module is
 * not built yet), through the kit's `projectFolders` point as the documents plugin does, so
 * the real groups call carries them.
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
        if (!project?.name.startsWith('Paged')) return []
        const types = await knex('setup_folder_types').where({ account_id: project.account_id }).whereIn('name', ['Drawings', 'Checklist'])
        const typeOf = (name: string) => Number(types.find((t: { name: string }) => t.name === name)?.id)
        const folders = (n: number, name: string, prefix: string, from: number) =>
          Array.from({ length: n }, (_, i) => ({ id: from + i, name: `${prefix} ${i + 1}`, symbol: null, folderTypeId: typeOf(name), files: [], urls: [] }))
        return [...folders(8, 'Drawings', 'Drawing', 1), ...folders(9, 'Checklist', 'Checklist', 100)]
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
    // The built-in types (Checklist among them) are made at an account's first call on its types;
    // made now, so the stand-in, which reads the table in parallel with that call, finds them.
    expect((await app.call('GET', `/api/foldertypes/${account.id}/create`, undefined, await app.make.signIn(account.admin))).status).toBe(200)
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
    const tracker = tiles.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Task Tracker' }) })
    await tracker.getByText('Page 1/3').waitFor()
    await expect.poll(() => tracker.getByRole('link').count()).toBe(4)

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

/**
 * The file manager side panel in a real browser (spec part1 §2, part2 §2): opened from a
 * project's dashboard, it lists the files and links of the project's documents; the search
 * narrows them, Map keeps the geolocated file; docked, the page makes room for it, floating
 * it lies over the page (Escape closes it); it is remembered across a reload and stands
 * beside the documents pages too, where the upload panel moves to 300 px from the left edge
 * while it is open. A phone's panel covers the window.
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

const panel = (page: Page) => page.getByRole('complementary', { name: 'File manager' })
const names = (page: Page) => panel(page).getByRole('listitem').evaluateAll((items) => items.map((item) => item.firstElementChild?.textContent?.trim() ?? ''))
const mainLeft = async (page: Page) => (await page.locator('#shell-main').boundingBox())!.x

/** A project with two documents, three files (one geolocated, one a note's, left out) and two links; an editor on it. */
const projectWithFiles = async () => {
  const account = await app.make.account()
  const project = await app.make.project(account, { symbol: 'FM-1', name: 'Ferry terminal' })
  const ga = await app.make.document(project, { symbol: 'GA-1', name: 'General arrangement' })
  const site = await app.make.document(project, { symbol: 'SV-2', name: 'Site visit' })
  const editor = await app.make.user(account, 'user', { firstName: 'Erin', lastName: 'Editor' })
  await app.make.grantProject(editor, project, 'EDIT')
  await app.make.file(ga, 'plan.pdf', { size: 2048 })
  await app.make.file(ga, 'section.pdf', { size: 2048 })
  await app.make.file(site, 'quay.jpg', { size: 2048, place: { latitude: 60.16, longitude: 24.95 } })
  await app.make.file(site, 'note.pdf', { type: 'COMMENT' })
  const at = new Date().toISOString()
  const link = (folder: { id: number }, description: string, url: string) => ({ account_id: account.id, project_id: project.id, folder_id: folder.id, description, url, created_at: at })
  await app.knex('folder_urls').insert([link(ga, 'Supplier sheet', 'https://example.com/plan-sheet'), link(site, 'Tide tables', 'https://example.com/tides')])
  return { project, ga, editor }
}

describe('the file manager', () => {
  it("opens from a project's dashboard with its files and links; search, Map, docking, Escape and the reload", async (page) => {
    const { project, editor } = await projectWithFiles()
    await signInAs(page, editor)
    await page.goto(`/project/${project.id}`)
    await page.getByRole('switch', { name: 'File manager' }).check()
    await panel(page).getByRole('heading', { name: 'Files (3)' }).waitFor()
    await panel(page).getByRole('heading', { name: 'Links (2)' }).waitFor()
    expect(await names(page)).toEqual(['plan.pdf', 'quay.jpg', 'section.pdf', 'Supplier sheet(opens in a new tab)', 'Tide tables(opens in a new tab)'])
    // An editor downloads a file and opens its document; a link opens in a new tab.
    await expect.poll(() => panel(page).getByRole('button', { name: 'plan.pdf' }).count()).toBe(1)
    expect(await panel(page).getByRole('link', { name: 'GA-1 - General arrangement' }).first().getAttribute('href')).toMatch(/\/documents\/\d+\/files$/)
    expect(await panel(page).getByRole('link', { name: /Tide tables/ }).getAttribute('target')).toBe('_blank')

    // The search narrows once typing pauses: file names, and link names or addresses.
    await panel(page).getByRole('textbox', { name: 'Search files and links' }).fill('plan')
    await expect.poll(() => names(page)).toEqual(['plan.pdf', 'Supplier sheet(opens in a new tab)'])
    await panel(page).getByRole('textbox', { name: 'Search files and links' }).fill('')
    await panel(page).getByRole('heading', { name: 'Links (2)' }).waitFor()

    // Map: only what has a place on the map, the geolocated file.
    await panel(page).getByRole('radio', { name: 'Map' }).check()
    await expect.poll(() => names(page)).toEqual(['quay.jpg'])
    await panel(page).getByRole('radio', { name: 'All' }).check()
    await panel(page).getByRole('heading', { name: 'Links (2)' }).waitFor()

    // Floating it lies over the page; docked the page makes room for its 300 px.
    expect(await mainLeft(page)).toBe(0)
    await panel(page).getByRole('button', { name: 'Dock the file manager beside the page' }).click()
    await expect.poll(() => mainLeft(page)).toBe(300)
    expect((await panel(page).boundingBox())!.width).toBe(300)

    // Remembered: after a reload it is open and docked still.
    await page.reload()
    await panel(page).getByRole('heading', { name: 'Files (3)' }).waitFor()
    await expect.poll(() => mainLeft(page)).toBe(300)
    await panel(page).getByRole('button', { name: 'Dock the file manager beside the page' }).click()
    await expect.poll(() => mainLeft(page)).toBe(0)

    // Floating, Escape closes it, and the dashboard's switch says so.
    await page.keyboard.press('Escape')
    await panel(page).waitFor({ state: 'detached' })
    expect(await page.getByRole('switch', { name: 'File manager' }).isChecked()).toBe(false)
  })

  it('stands beside the documents pages, where the upload panel moves to 300 px from the left edge while it is open', async (page) => {
    const { project, ga, editor } = await projectWithFiles()
    await signInAs(page, editor)
    await page.goto(`/project/${project.id}/documents/${ga.id}/files`)
    await page.getByRole('heading', { name: 'GA-1 - General arrangement', level: 1 }).waitFor()
    await page.getByRole('button', { name: 'File manager' }).click()
    await panel(page).getByRole('heading', { name: 'Files (3)' }).waitFor()
    await page.getByLabel('Upload files').setInputFiles([{ name: 'added.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\nadded') }])
    const uploads = page.getByRole('region', { name: 'Uploads' })
    await uploads.getByText('1 of 1 uploaded').waitFor()
    await expect.poll(async () => (await uploads.boundingBox())!.x).toBe(300 + 24)
    // Closed, the upload panel goes back to the bottom right.
    await panel(page).getByRole('button', { name: 'Close File manager' }).click()
    await panel(page).waitFor({ state: 'detached' })
    const box = (await uploads.boundingBox())!
    expect(box.x + box.width).toBe(1280 - 24)
  })

  it('below EDIT the document names are plain text; VIEW shows file names without a download, DOWNLOAD downloads', async (page) => {
    const { project, ga, editor } = await projectWithFiles()
    // A file with bytes in the store, to download.
    const form = new FormData()
    form.append('file', new Blob([new TextEncoder().encode('%PDF-1.7\ndrawing')]), 'drawing.pdf')
    expect((await app.call('POST', `/api/folders/${ga.id}/files`, form, await app.make.signIn(editor))).status).toBe(201)
    const viewer = await app.make.user({ id: project.accountId })
    await app.make.grantProject(viewer, project, 'VIEW')
    const downloader = await app.make.user({ id: project.accountId })
    await app.make.grantProject(downloader, project, 'DOWNLOAD')

    await signInAs(page, viewer)
    await page.goto(`/project/${project.id}`)
    await page.getByRole('switch', { name: 'File manager' }).check()
    await panel(page).getByRole('heading', { name: 'Files (4)' }).waitFor()
    expect(await names(page)).toEqual(['drawing.pdf', 'plan.pdf', 'quay.jpg', 'section.pdf', 'Supplier sheet(opens in a new tab)', 'Tide tables(opens in a new tab)'])
    expect(await panel(page).getByRole('button', { name: 'drawing.pdf' }).count()).toBe(0)
    expect(await panel(page).getByRole('link', { name: 'GA-1 - General arrangement' }).count()).toBe(0)
    await panel(page).getByText('GA-1 - General arrangement').first().waitFor()

    await page.context().clearCookies()
    await page.evaluate(() => localStorage.clear())
    await signInAs(page, downloader)
    await page.goto(`/project/${project.id}`)
    await page.getByRole('switch', { name: 'File manager' }).check()
    await panel(page).getByRole('heading', { name: 'Files (4)' }).waitFor()
    expect(await panel(page).getByRole('link', { name: 'GA-1 - General arrangement' }).count()).toBe(0)
    const download = page.waitForEvent('download')
    await panel(page).getByRole('button', { name: 'drawing.pdf' }).click()
    expect((await download).suggestedFilename()).toBe('drawing.pdf')
  })

  it('covers the window on a phone', async (page) => {
    const { project, editor } = await projectWithFiles()
    await signInAs(page, editor)
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(`/project/${project.id}`)
    await page.getByRole('switch', { name: 'File manager' }).check()
    await panel(page).getByRole('heading', { name: 'Files (3)' }).waitFor()
    const box = (await panel(page).boundingBox())!
    expect([box.x, box.y, box.width, box.height]).toEqual([0, 0, 390, 844])
    await panel(page).getByRole('button', { name: 'Close File manager' }).click()
    await panel(page).waitFor({ state: 'detached' })
  })
})

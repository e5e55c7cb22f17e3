/**
 * A document's "Used where" tab in a real browser (spec part1 §2, §3 "Link between modules"):
 * an editor links a document to another document and to a project from the Add link dialog
 * (by keyboard and by search), sees each link from both ends, cannot delete the linked
 * document ("is linked to"), and removes a link after Yes; a VIEW user reads the links
 * through the API, but not the page (the document's pages need EDIT). Screenshots at 1440×900 and 390×844 go to test-results/e2e.
 */
import { createRequire } from 'node:module'
import path from 'node:path'
import type { AxeResults } from 'axe-core'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect } from 'vitest'
import { type E2EApp, browserTest, screenshotDir, settler, signInAs, startApp } from './harness'

let app: E2EApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(() => app?.close())
const it = (name: string, body: (page: Page, app: E2EApp) => Promise<void>, viewport?: { width: number; height: number }) => browserTest(() => app, name, body, viewport)

/** A project with three documents, an editor (EDIT on it, VIEW on a second project) and a viewer (VIEW on it only). */
const world = async () => {
  const account = await app.make.account()
  const bridge = await app.make.project(account, { symbol: 'HB-7', name: 'Harbour bridge' })
  const yard = await app.make.project(account, { symbol: 'SY-2', name: 'Ship yard' })
  const floor = await app.make.document(bridge, { symbol: 'D-100', name: 'Floor plan' })
  const roof = await app.make.document(bridge, { symbol: 'D-101', name: 'Roof plan' })
  const wall = await app.make.document(bridge, { symbol: 'D-102', name: 'Wall section' })
  const editor = await app.make.user(account, 'user', { firstName: 'Erin', lastName: 'Editor' })
  await app.make.grantProject(editor, bridge, 'EDIT')
  await app.make.grantProject(editor, yard, 'VIEW')
  const viewer = await app.make.user(account, 'user', { firstName: 'Vic', lastName: 'Viewer' })
  await app.make.grantProject(viewer, bridge, 'VIEW')
  return { account, bridge, yard, floor, roof, wall, editor, viewer }
}

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js')
/** axe's serious and critical findings on the page as it is (the script is injected by the browser: the CSP allows no inline one). */
const blockingViolations = async (page: Page) => {
  const results = await page.evaluate(() => (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe.run(document, { resultTypes: ['violations'] }))
  return results.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? '')).map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}

const usedTab = (projectId: number, documentId: number) => `/project/${projectId}/documents/${documentId}/used`
const group = (page: Page, name: 'Documents' | 'Projects') => page.locator('.kit-card').filter({ has: page.getByRole('heading', { name, exact: true }) })

describe('Used where', () => {
  it(
    'an editor links a document to a document and a project, sees them from both ends, is refused the delete, and removes a link after Yes',
    async (page) => {
      const { bridge, yard, floor, editor } = await world()
      await page.addInitScript({ path: axeSource })
      await signInAs(page, editor)
      const settled = settler(page)
      await page.goto(usedTab(bridge.id, floor.id))
      await page.getByRole('heading', { name: 'D-100 - Floor plan', level: 1 }).waitFor()
      await expect.poll(() => page.getByRole('tab', { name: 'Used where' }).getAttribute('aria-selected')).toBe('true')
      await group(page, 'Documents').getByText('Not linked to any document you can see.').waitFor()
      await group(page, 'Projects').getByText('Not linked to any project you can see.').waitFor()

      // By keyboard: the dialog opens on the kind; this project's documents are offered (not this one).
      await page.getByRole('button', { name: 'Add link' }).click()
      const dialog = page.getByRole('dialog', { name: 'Link this document' })
      await dialog.getByRole('radio', { name: 'D-101 - Roof plan' }).waitFor()
      expect(await dialog.getByRole('radio', { name: 'D-100 - Floor plan' }).count()).toBe(0)
      await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe('document')
      await page.keyboard.press('Tab') // the search box
      await page.keyboard.press('Tab') // the first match
      await page.keyboard.press('Space')
      await expect.poll(() => dialog.getByRole('radio', { name: 'D-101 - Roof plan' }).isChecked()).toBe(true)
      await page.keyboard.press('Tab') // Cancel
      await page.keyboard.press('Tab') // Add link
      await page.keyboard.press('Enter')
      await dialog.waitFor({ state: 'detached' })
      await group(page, 'Documents').getByRole('link', { name: 'D-101 - Roof plan' }).waitFor()

      // A project of another project found by the search (3 characters or more).
      await page.getByRole('button', { name: 'Add link' }).click()
      await dialog.getByRole('radio', { name: 'A project' }).check()
      await dialog.getByRole('radio', { name: 'HB-7 - Harbour bridge' }).waitFor()
      await dialog.getByLabel('Find by number or title').fill('ship')
      await dialog.getByRole('radio', { name: 'SY-2 - Ship yard' }).check()
      await dialog.getByRole('button', { name: 'Add link' }).click()
      await dialog.waitFor({ state: 'detached' })
      await group(page, 'Projects').getByRole('link', { name: 'SY-2 - Ship yard' }).waitFor()
      await settled()
      await page.setViewportSize({ width: 1440, height: 900 })
      await page.screenshot({ path: path.join(screenshotDir, 'used-where-1440x900.png'), fullPage: true })
      expect(await blockingViolations(page)).toEqual([])

      // What is linked already is not offered again.
      await page.getByRole('button', { name: 'Add link' }).click()
      await dialog.getByRole('radio', { name: 'D-102 - Wall section' }).waitFor()
      expect(await dialog.getByRole('radio', { name: 'D-101 - Roof plan' }).count()).toBe(0)
      expect(await blockingViolations(page)).toEqual([])
      await dialog.getByRole('button', { name: 'Cancel' }).click()
      await dialog.waitFor({ state: 'detached' })

      // From the other ends: the linked document's tab lists this one; the project's links name it.
      await group(page, 'Documents').getByRole('link', { name: 'D-101 - Roof plan' }).click()
      await page.getByRole('heading', { name: 'D-101 - Roof plan', level: 1 }).waitFor()
      await page.getByRole('tab', { name: 'Used where' }).click()
      await group(page, 'Documents').getByRole('link', { name: 'D-100 - Floor plan' }).waitFor()
      const fromProject = await app.call('GET', `/api/links/project/${yard.id}/document`, undefined, await app.make.signIn(editor))
      expect(fromProject.body.data.map((row: { label: string }) => row.label)).toEqual(['D-100 - Floor plan'])
      expect(await app.knex('links').where({ account_id: bridge.accountId }).count({ n: '*' })).toEqual([{ n: 2 }])

      // A linked document is not deleted: the refusal names what it is linked to.
      await page.goto(usedTab(bridge.id, floor.id))
      await group(page, 'Documents').getByRole('link', { name: 'D-101 - Roof plan' }).waitFor()
      await page.getByRole('button', { name: 'Delete document' }).click()
      await page.getByRole('dialog').getByRole('button', { name: 'Yes', exact: true }).click()
      await page.getByText(/is linked to/).first().waitFor()
      expect(await app.knex('folders').where({ id: floor.id }).first()).toBeDefined()

      // Removed after Yes; No keeps it.
      const removeRoof = group(page, 'Documents').getByRole('button', { name: 'Remove the link to D-101 - Roof plan' })
      await removeRoof.click()
      await page.getByRole('dialog', { name: 'Remove the link to D-101 - Roof plan?' }).getByRole('button', { name: 'No', exact: true }).click()
      await group(page, 'Documents').getByRole('link', { name: 'D-101 - Roof plan' }).waitFor()
      await removeRoof.click()
      await page.getByRole('dialog', { name: 'Remove the link to D-101 - Roof plan?' }).getByRole('button', { name: 'Yes', exact: true }).click()
      await group(page, 'Documents').getByText('Not linked to any document you can see.').waitFor()
      await group(page, 'Projects').getByRole('link', { name: 'SY-2 - Ship yard' }).waitFor()
      expect(await app.knex('links').where({ account_id: bridge.accountId }).count({ n: '*' })).toEqual([{ n: 1 }])
    },
    { width: 1440, height: 900 },
  )

  it(
    'a VIEW user reads the links through the API but not the page (it needs EDIT); on a phone an editor’s dialog fits',
    async (page) => {
      const { bridge, yard, floor, wall, roof, editor, viewer } = await world()
      const token = await app.make.signIn(editor)
      for (const [to, toId] of [
        ['document', wall.id],
        ['document', roof.id],
        ['project', yard.id],
      ] as const) {
        const made = await app.call('POST', '/api/links', { from: 'document', fromId: floor.id, to, toId }, token)
        expect(made.status, JSON.stringify(made.body)).toBe(201)
      }

      // A VIEW user: the API lists what they may see (not the ship yard, which they hold nothing on); the
      // document's pages, this tab too, need EDIT (part1 §2).
      const viewerToken = await app.make.signIn(viewer)
      const documents = await app.call('GET', `/api/links/document/${floor.id}/document`, undefined, viewerToken)
      expect(documents.status).toBe(200)
      expect((documents.body as { data: { label: string }[] }).data.map((item) => item.label).sort()).toEqual(['D-101 - Roof plan', 'D-102 - Wall section'])
      expect((await app.call('GET', `/api/links/document/${floor.id}/project`, undefined, viewerToken)).body).toMatchObject({ total: 0, data: [] })
      const settled = settler(page)
      await signInAs(page, viewer)
      await page.goto(usedTab(bridge.id, floor.id))
      await page.getByText('You do not have access to this page').waitFor()

      await page.context().clearCookies()
      await page.evaluate(() => localStorage.clear())
      await page.setViewportSize({ width: 1280, height: 800 })
      await signInAs(page, editor)
      await page.setViewportSize({ width: 390, height: 844 })
      await page.goto(usedTab(bridge.id, floor.id))
      await group(page, 'Projects').getByRole('link', { name: 'SY-2 - Ship yard' }).waitFor()
      await settled()
      await page.screenshot({ path: path.join(screenshotDir, 'used-where-390x844-editor.png'), fullPage: true })
      await page.getByRole('button', { name: 'Add link' }).click()
      const dialog = page.getByRole('dialog', { name: 'Link this document' })
      // Everything in this project is linked already.
      await dialog.getByText('Nothing found that is not linked already.').waitFor()
      await dialog.getByLabel('Find by number or title').fill('harbour')
      await dialog.getByRole('radio', { name: 'A project' }).check()
      await dialog.getByRole('radio', { name: 'HB-7 - Harbour bridge' }).waitFor()
      const box = await dialog.boundingBox()
      expect(box!.width).toBeLessThanOrEqual(390)
      await page.screenshot({ path: path.join(screenshotDir, 'used-where-390x844-dialog.png') })
    },
  )
})

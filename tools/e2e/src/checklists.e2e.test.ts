/**
 * Checklists (Task Tracker, part2 §2) in a real browser: an administrator adds a checklist to
 * a project and three items to it; an editor ticks one, moves one with Alt+ArrowUp and changes
 * the status on the metadata tab; a viewer reads it all and finds nothing to change. Each
 * screen is also shot at 1440×900 and 390×844 into test-results/e2e.
 */
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect } from 'vitest'
import { type E2EApp, browserTest, screenshotDir, signInAs, startApp } from './harness'

let app: E2EApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(() => app?.close())
const it = (name: string, body: (page: Page, app: E2EApp) => Promise<void>) => browserTest(() => app, name, body, { width: 1440, height: 900 })

const rowsOf = async (page: Page) => (await page.getByRole('table').first().getByRole('rowheader').allTextContents()).map((text) => text.trim())
const shoot = async (page: Page, name: string) => {
  await page.screenshot({ path: path.join(screenshotDir, `checklists-${name}-1440.png`), fullPage: true })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: path.join(screenshotDir, `checklists-${name}-390.png`), fullPage: true })
  await page.setViewportSize({ width: 1440, height: 900 })
}

/** A page of a browser of its own (a second user), signed in; closed with the app's browser. */
const signedIn = async (who: { username: string; password: string }) => {
  const context = await app.browser.newContext({ baseURL: app.url, viewport: { width: 1440, height: 900 }, locale: 'en-GB' })
  const page = await context.newPage()
  page.setDefaultTimeout(15_000)
  await signInAs(page, who)
  return page
}

describe('checklists', () => {
  it('an administrator makes a checklist with items; an editor ticks, moves and changes its status; a viewer only reads', async (page) => {
    const account = await app.make.account()
    const project = await app.make.project(account, { symbol: 'HB-7', name: 'Harbour bridge' })
    const editor = await app.make.user(account, 'user', { firstName: 'Erin', lastName: 'Editor' })
    await app.make.grantProject(editor, project, 'EDIT')
    const viewer = await app.make.user(account, 'user', { firstName: 'Vera', lastName: 'Viewer' })
    await app.make.grantProject(viewer, project, 'VIEW')

    await signInAs(page, account.admin)
    await page.goto(`/project/${project.id}/checklists`)
    await page.getByRole('heading', { name: 'Task Tracker', level: 1 }).waitFor()
    await page.getByText('No checklists yet').waitFor()
    await page.getByRole('link', { name: 'Add checklist' }).first().click()
    await page.getByRole('heading', { name: 'Add checklist', level: 1 }).waitFor()
    expect(await page.getByRole('combobox', { name: 'Status', exact: true }).inputValue()).toBe('OPEN')
    await page.getByLabel('Title').fill('Fi')
    await page.getByLabel('Description').fill('Weekly walk-through')
    await page.getByRole('button', { name: 'Create checklist' }).click()
    await page.getByText('You must enter at least 3 characters').waitFor()
    await page.getByLabel('Title').fill('Fire safety')
    await page.getByRole('button', { name: 'Create checklist' }).click()
    await page.getByRole('heading', { name: 'Fire safety', level: 1 }).waitFor()
    const [made] = await app.knex('checklists').where({ project_id: project.id })
    expect(new URL(page.url()).pathname).toBe(`/project/${project.id}/checklists/${made.id}/checklists`)
    await page.getByText('No items yet').waitFor()
    for (const name of ['Fire doors', 'Extinguishers', 'Exit signs']) {
      await page.getByRole('textbox', { name: 'Item', exact: true }).fill(name)
      await page.getByRole('button', { name: 'Add item' }).click()
      await page.getByRole('rowheader', { name }).waitFor()
    }
    await page.getByText('0 of 3 done').waitFor()
    await shoot(page, 'items-admin')

    // The editor: the bare path goes on to the items; one ticked, one moved up with Alt+ArrowUp.
    const edPage = await signedIn(editor)
    await edPage.goto(`/project/${project.id}/checklists/${made.id}`)
    await edPage.getByRole('heading', { name: 'Fire safety', level: 1 }).waitFor()
    await expect.poll(() => new URL(edPage.url()).pathname).toBe(`/project/${project.id}/checklists/${made.id}/checklists`)
    await edPage.getByRole('checkbox', { name: 'Done: Extinguishers' }).click()
    await edPage.getByText('1 of 3 done').waitFor()
    await edPage.getByRole('button', { name: 'Move Exit signs up' }).focus()
    await edPage.keyboard.press('Alt+ArrowUp')
    await expect.poll(() => rowsOf(edPage)).toEqual(['Fire doors', 'Exit signs', expect.stringMatching(/^Extinguishers/)])
    await edPage.getByRole('tab', { name: 'Metadata' }).click()
    await edPage.getByRole('combobox', { name: 'Status', exact: true }).selectOption('IN_PROGRESS')
    await edPage.getByText('Status changed').waitFor()
    expect((await app.knex('checklists').where({ id: made.id }).first()).status).toBe('IN_PROGRESS')
    // The responsible person is chosen among those the box finds by name.
    const responsible = edPage.getByRole('combobox', { name: 'Responsible person' })
    await expect.poll(() => responsible.locator('option').allTextContents()).toContain('Vera Viewer')
    await edPage.getByLabel('Find a person').fill('erin')
    await expect.poll(() => responsible.locator('option').allTextContents()).toEqual(['Nobody', 'Erin Editor'])
    await responsible.selectOption({ label: 'Erin Editor' })
    await edPage.getByText('Responsible person changed').waitFor()
    expect((await app.knex('checklists').where({ id: made.id }).first()).responsible_user_id).toBe(editor.id)
    await shoot(edPage, 'metadata-editor')

    // The viewer reads both tabs and may change nothing.
    const viPage = await signedIn(viewer)
    await viPage.goto(`/project/${project.id}/checklists`)
    await viPage.getByRole('link', { name: 'Fire safety' }).click()
    await viPage.getByText('1 of 3 done').waitFor()
    expect(await viPage.getByRole('checkbox', { name: 'Done: Extinguishers' }).isDisabled()).toBe(true)
    expect(await viPage.getByRole('button', { name: 'Add item' }).count()).toBe(0)
    expect(await viPage.getByRole('button', { name: /Delete checklist/ }).count()).toBe(0)
    await viPage.getByRole('tab', { name: 'Metadata' }).click()
    expect(await viPage.getByRole('textbox', { name: 'Title' }).isDisabled()).toBe(true)
    expect(await viPage.getByRole('combobox', { name: 'Status', exact: true }).isDisabled()).toBe(true)
    await shoot(viPage, 'metadata-viewer')
  })

  it('a second browser sees an item ticked, and the status changed, without a reload', async (page) => {
    const account = await app.make.account()
    const project = await app.make.project(account, { symbol: 'LV-1', name: 'Live project' })
    const editor = await app.make.user(account, 'user', { firstName: 'Eli', lastName: 'Editor' })
    await app.make.grantProject(editor, project, 'EDIT')
    const made = await app.call('POST', '/api/checklists', { parentId: project.id, title: 'Handover walk', description: 'Seen live' }, await app.make.signIn(account.admin))
    for (const name of ['Keys returned', 'Meters read']) await app.call('POST', `/api/checklists/${made.body.id}/items`, { name }, await app.make.signIn(account.admin))

    // The account's admin watches the checklist; the editor works in it in another browser.
    await signInAs(page, account.admin)
    await page.goto(`/project/${project.id}/checklists/${made.body.id}/checklists`)
    await page.getByText('0 of 2 done').waitFor()
    const edPage = await signedIn(editor)
    await edPage.goto(`/project/${project.id}/checklists/${made.body.id}/checklists`)
    await edPage.getByRole('checkbox', { name: 'Done: Meters read' }).click()
    await edPage.getByText('1 of 2 done').waitFor()
    await page.getByText('1 of 2 done').waitFor()
    expect(await page.getByRole('checkbox', { name: 'Done: Meters read' }).isChecked()).toBe(true)
    await edPage.getByRole('tab', { name: 'Metadata' }).click()
    await edPage.getByRole('combobox', { name: 'Status', exact: true }).selectOption('COMPLETE')
    await edPage.getByText('Status changed').waitFor()
    await page.getByRole('tab', { name: 'Metadata' }).click()
    await expect.poll(() => page.getByRole('combobox', { name: 'Status', exact: true }).inputValue()).toBe('COMPLETE')
  })

  it('an administrator adds a sub-checklist, gives the checklist a document folder, exports it, then copies it into another project', async (page) => {
    const account = await app.make.account()
    const project = await app.make.project(account, { symbol: 'CP-1', name: 'Source project' })
    const target = await app.make.project(account, { symbol: 'CP-2', name: 'Target project' })
    const token = await app.make.signIn(account.admin)
    const made = await app.call('POST', '/api/checklists', { parentId: project.id, title: 'Commissioning', description: 'Copied and filed' }, token)
    await app.call('POST', `/api/checklists/${made.body.id}/items`, { name: 'Pumps run' }, token)

    await signInAs(page, account.admin)
    // A sub-checklist, made from its parent's page.
    await page.goto(`/project/${project.id}/checklists/${made.body.id}/checklists`)
    await page.getByRole('link', { name: 'Add sub-checklist' }).click()
    await page.getByRole('heading', { name: 'Add sub-checklist', level: 1 }).waitFor()
    await page.getByLabel('Title').fill('Pumps')
    await page.getByLabel('Description').fill('The pump room')
    await page.getByRole('button', { name: 'Create checklist' }).click()
    await page.getByRole('heading', { name: 'Pumps', level: 1 }).waitFor()
    expect((await app.knex('checklists').where({ title: 'Pumps' }).first()).parent_checklist_id).toBe(made.body.id)

    await page.goto(`/project/${project.id}/checklists/${made.body.id}/metadata`)
    await page.getByRole('button', { name: 'Create folder' }).click()
    await page.getByText('Folder created').waitFor()
    const folderId = (await app.knex('checklists').where({ id: made.body.id }).first()).folder_id
    const link = page.getByRole('link', { name: 'Commissioning', exact: true })
    expect(await link.getAttribute('href')).toContain(`/project/${project.id}/documents/${folderId}`)

    // Both exports download under the checklist's name.
    for (const [label, file] of [['Export to Excel', 'Commissioning.xlsx'], ['Export to PDF', 'Commissioning.pdf']]) {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: label }).click()])
      expect(download.suggestedFilename()).toBe(file)
    }

    await page.getByRole('button', { name: 'Copy to project' }).click()
    await page.getByRole('dialog').getByRole('combobox', { name: 'Project' }).selectOption({ label: 'CP-2 - Target project' })
    await page.getByRole('dialog').getByRole('button', { name: 'Copy', exact: true }).click()
    await page.getByText('Checklist copied').waitFor()
    const copy = await app.knex('checklists').where({ project_id: target.id }).first()
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/project/${target.id}/checklists/${copy.id}/checklists`)
    await page.getByRole('rowheader', { name: 'Pumps run' }).waitFor()
    // Its sub-checklist came along.
    await page.getByRole('link', { name: 'Pumps', exact: true }).waitFor()
    await shoot(page, 'copy-admin')
  })
})

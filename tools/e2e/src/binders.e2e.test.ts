/**
 * Binders (document lists, part1 §2 "Binders and lists") in a real browser: an editor makes
 * a binder on the project's binders page, puts two documents in it from their Binders and
 * lists tab (a third into a new binder made in the same dialog), reorders it with the
 * keyboard on the binder's page, takes one out after a Yes, and is refused deleting a
 * document still in it (the reason names the binder). A VIEW member reads the binder and
 * sees no button that changes it.
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

/** The binder's rows as its page shows them: number and title, top to bottom. */
const rowsOf = async (page: Page) => (await page.getByRole('table').getByRole('rowheader').allTextContents()).map((text) => text.trim())

describe('binders', () => {
  it('an editor makes a binder, adds documents from their tab, reorders and takes one out; a document in it is not deleted; a viewer only reads', async (page) => {
    const account = await app.make.account()
    const project = await app.make.project(account, { symbol: 'HB-7', name: 'Harbour bridge' })
    const plan = await app.make.document(project, { symbol: 'GA-001', name: 'General arrangement' })
    const cables = await app.make.document(project, { symbol: 'EL-014', name: 'Cable schedule' })
    const piles = await app.make.document(project, { symbol: 'ST-002', name: 'Pile layout' })
    const editor = await app.make.user(account, 'user', { firstName: 'Erin', lastName: 'Editor' })
    await app.make.grantProject(editor, project, 'EDIT')
    const viewer = await app.make.user(account, 'user', { firstName: 'Vera', lastName: 'Viewer' })
    await app.make.grantProject(viewer, project, 'VIEW')
    await signInAs(page, editor)

    // From the project's documents to its binders; a new one made in its dialog.
    await page.goto(`/project/${project.id}/documents`)
    await page.getByRole('link', { name: 'Binders' }).click()
    await page.getByRole('heading', { name: 'Binders', level: 1 }).waitFor()
    await page.getByText('No binders yet').waitFor()
    await page.getByRole('button', { name: 'New binder' }).first().click()
    const made = page.getByRole('dialog', { name: 'New binder' })
    await made.getByRole('button', { name: 'Create binder' }).click()
    await made.getByText('This field is required').waitFor()
    await made.getByLabel('Name').fill('Handover binder')
    await made.getByRole('button', { name: 'Create binder' }).click()
    await page.getByRole('link', { name: 'Handover binder' }).waitFor()
    const [binder] = await app.knex('document_lists').where({ project_id: project.id })
    expect(binder.name).toBe('Handover binder')

    // Two documents put in it from their Binders and lists tab.
    for (const doc of [plan, cables]) {
      await page.goto(`/project/${project.id}/documents/${doc.id}/files`)
      await page.getByRole('tab', { name: 'Binders and lists' }).click()
      await page.getByText('In no binder yet').waitFor()
      await page.getByRole('button', { name: 'Add to binder' }).click()
      const dialog = page.getByRole('dialog', { name: `Add ${doc.symbol} - ${doc.name} to a binder` })
      await dialog.getByRole('combobox', { name: 'Binder' }).selectOption({ label: 'Handover binder' })
      await dialog.getByRole('button', { name: 'Add', exact: true }).click()
      await page.getByRole('rowheader', { name: 'Handover binder' }).waitFor()
      expect(new URL(page.url()).pathname).toBe(`/project/${project.id}/documents/${doc.id}/binders`)
    }
    // The third into a new binder, named in the same dialog; the name of one the project has is refused there.
    await page.goto(`/project/${project.id}/documents/${piles.id}/binders`)
    await page.getByRole('button', { name: 'Add to binder' }).click()
    const third = page.getByRole('dialog', { name: 'Add ST-002 - Pile layout to a binder' })
    await third.getByRole('radio', { name: 'A new binder' }).check()
    await third.getByLabel('Name of the new binder').fill('handover BINDER')
    await third.getByRole('button', { name: 'Create and add' }).click()
    await third.getByText('This project already has a binder with that name').waitFor()
    await third.getByLabel('Name of the new binder').fill('Tender package')
    await third.getByRole('button', { name: 'Create and add' }).click()
    await page.getByRole('rowheader', { name: 'Tender package' }).waitFor()

    // The binder's page: its documents in the order they came; the second moved up with the keyboard.
    await page.goto(`/project/${project.id}/documents/${cables.id}/binders`)
    await page.getByRole('link', { name: 'Handover binder' }).click()
    await page.getByRole('heading', { name: 'Handover binder', level: 1 }).waitFor()
    await expect.poll(() => rowsOf(page)).toEqual(['General arrangement', 'Cable schedule'])
    expect(await page.getByRole('button', { name: 'Move GA-001 - General arrangement up' }).isDisabled()).toBe(true)
    await page.getByRole('button', { name: 'Move EL-014 - Cable schedule up' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => rowsOf(page)).toEqual(['Cable schedule', 'General arrangement'])
    await page.getByRole('status').getByText('EL-014 - Cable schedule moved to place 1 of 2').waitFor({ state: 'attached' })
    const order = async () => (await app.knex('document_list_items').where({ list_id: binder.id }).orderBy('position')).map((item) => [Number(item.folder_id), Number(item.position)])
    expect(await order()).toEqual([
      [cables.id, 1],
      [plan.id, 2],
    ])

    // Taken out after the Yes: the document stays in the project.
    await page.getByRole('button', { name: 'Remove GA-001 - General arrangement from the binder' }).click()
    await page.getByRole('dialog', { name: 'Remove GA-001 - General arrangement from Handover binder?' }).getByRole('button', { name: 'Yes', exact: true }).click()
    await expect.poll(() => rowsOf(page)).toEqual(['Cable schedule'])
    expect(await order()).toEqual([[cables.id, 1]])
    expect(await app.knex('folders').where({ id: plan.id }).first()).toBeTruthy()

    // A document in a binder is not deleted: the refusal names the binder.
    await page.goto(`/project/${project.id}/documents/${cables.id}/files`)
    await page.getByRole('button', { name: 'Delete document' }).click()
    await page.getByRole('dialog', { name: 'Delete EL-014 - Cable schedule?' }).getByRole('button', { name: 'Yes', exact: true }).click()
    const refusal = page.getByRole('alert').filter({ hasText: 'EL-014 - Cable schedule cannot be deleted:' })
    await refusal.getByText('EL-014 - Cable schedule is in document list Handover binder').waitFor()
    expect(await app.knex('folders').where({ id: cables.id }).first()).toBeTruthy()
    // The change log says it went into the binder.
    await page.getByRole('tab', { name: 'Change log' }).click()
    await page.getByRole('rowheader', { name: 'Added to binder' }).waitFor()

    // A VIEW member reads the binders and the binder, with no button that changes them, and titles as plain text.
    const context = await app.browser.newContext({ baseURL: app.url, viewport: { width: 1280, height: 800 }, locale: 'en-GB' })
    const viewing = await context.newPage()
    try {
      await signInAs(viewing, viewer)
      await viewing.goto(`/project/${project.id}/documents/binders`)
      await viewing.getByRole('link', { name: 'Tender package' }).waitFor()
      expect(await viewing.getByRole('button', { name: 'New binder' }).count()).toBe(0)
      expect(await viewing.getByRole('button', { name: /^(Rename|Delete) / }).count()).toBe(0)
      await viewing.getByRole('link', { name: 'Handover binder' }).click()
      await viewing.getByRole('heading', { name: 'Handover binder', level: 1 }).waitFor()
      await viewing.getByRole('rowheader', { name: 'Cable schedule' }).waitFor()
      expect(await viewing.getByRole('link', { name: 'Cable schedule' }).count()).toBe(0)
      expect(await viewing.getByRole('button', { name: /^(Move|Remove|Rename|Delete)/ }).count()).toBe(0)
    } finally {
      await context.close()
    }
  })

  it('a binder is renamed and deleted from its page after a Yes; its documents stay', async (page) => {
    const account = await app.make.account()
    const project = await app.make.project(account)
    const doc = await app.make.document(project, { symbol: 'QW-1', name: 'Quay wall' })
    const editor = await app.make.user(account)
    await app.make.grantProject(editor, project, 'EDIT')
    const token = await app.make.signIn(editor)
    const made = await app.call('POST', `/api/projects/${project.id}/document-lists`, { name: 'As built' }, token)
    expect((await app.call('POST', `/api/projects/${project.id}/document-lists/${made.body.id}/items`, { folderId: doc.id }, token)).status).toBe(201)
    await signInAs(page, editor)
    await page.goto(`/project/${project.id}/documents/binders/${made.body.id}`)
    await page.getByRole('heading', { name: 'As built', level: 1 }).waitFor()
    await page.getByRole('button', { name: 'Rename' }).click()
    const dialog = page.getByRole('dialog', { name: 'Rename As built' })
    await dialog.getByLabel('Name').fill('As built, rev B')
    await dialog.getByRole('button', { name: 'Rename' }).click()
    await page.getByRole('heading', { name: 'As built, rev B', level: 1 }).waitFor()
    await page.getByRole('button', { name: 'Delete binder' }).click()
    await page.getByRole('dialog', { name: 'Delete the binder As built, rev B?' }).getByRole('button', { name: 'Yes', exact: true }).click()
    await page.getByRole('heading', { name: 'Binders', level: 1 }).waitFor()
    await page.getByText('No binders yet').waitFor()
    expect(await app.knex('document_lists').where({ project_id: project.id })).toEqual([])
    expect(await app.knex('folders').where({ id: doc.id }).first()).toBeTruthy()
  })
})

/**
 * The documents list's views and merging PDFs, in a real browser: the Customer view shows
 * a document's handover numbers and stays the person's after a reload and a new sign-in;
 * the File view links to a document's files; two PDFs chosen on the Files tab are merged
 * into a third, which the list then shows. Screenshots of each view at desktop and phone
 * sizes land in test-results/e2e/ for a look.
 */
import path from 'node:path'
import { PDFDocument } from 'pdf-lib'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect } from 'vitest'
import { type E2EApp, browserTest, screenshotDir, settler, signInAs, startApp } from './harness'

let app: E2EApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(() => app?.close())
const it = (name: string, body: (page: Page, app: E2EApp) => Promise<void>) => browserTest(() => app, name, body)

/** A real PDF of `pages` pages. */
const pdf = async (pages: number) => {
  const doc = await PDFDocument.create()
  for (let n = 0; n < pages; n++) doc.addPage([300, 200]).drawText(`Page ${n + 1}`, { x: 20, y: 100 })
  return Buffer.from(await doc.save())
}

const viewSwitch = (page: Page) => page.getByRole('group', { name: 'View' })
const viewButton = (page: Page, name: string) => viewSwitch(page).getByRole('button', { name, exact: true })

describe('document views', () => {
  it('the Customer view shows the handover numbers and is kept after a reload and a new sign-in; the File view links to the files', async (page) => {
    const account = await app.make.account()
    const project = await app.make.project(account, { symbol: 'HB-7', name: 'Harbour bridge' })
    const person = await app.make.user(account, 'user', { firstName: 'Cora', lastName: 'Customer' })
    await app.make.grantProject(person, project, 'EDIT')
    const doc = await app.make.document(project, { symbol: 'GA-001', name: 'General arrangement of the harbour bridge deck' })
    await app.knex('folders').where({ id: doc.id }).update({ customer_number: 'CUS-4471', supplier_number: 'SUP-82', tag_number: '10-P-001', provider: 'SUPPLIER' })
    await app.make.document(project, { symbol: 'GA-002', name: 'Sections' })
    const settled = settler(page)
    await signInAs(page, person)

    await page.goto('/documents')
    await page.getByRole('row', { name: /GA-001/ }).waitFor()
    expect(await viewButton(page, 'Detailed').getAttribute('aria-pressed')).toBe('true')
    expect(await page.getByRole('columnheader', { name: 'Customer number' }).count()).toBe(0)
    await settled()
    await shoot(page, 'detailed')

    await viewButton(page, 'Customer').click()
    await page.getByRole('columnheader', { name: 'Customer number' }).waitFor()
    for (const header of ['Supplier number', 'Tag number', 'Provider', 'Project', 'State']) await page.getByRole('columnheader', { name: header, exact: true }).waitFor()
    const row = page.getByRole('row', { name: /GA-001/ })
    for (const text of ['CUS-4471', 'SUP-82', '10-P-001', 'Supplier']) await row.getByRole('cell', { name: text, exact: true }).waitFor()
    expect(await viewButton(page, 'Customer').getAttribute('aria-pressed')).toBe('true')
    expect(await page.getByRole('columnheader', { name: 'Responsible' }).count()).toBe(0)
    await expect.poll(async () => (await app.knex('users').where({ id: person.id }).first()).file_view).toBe('CUSTOMER')
    await settled()
    await shoot(page, 'customer')

    await page.reload()
    await page.getByRole('columnheader', { name: 'Customer number' }).waitFor()
    await page.getByRole('row', { name: /CUS-4471/ }).waitFor()
    expect(await viewButton(page, 'Customer').getAttribute('aria-pressed')).toBe('true')

    // Signed out and in again: still the person's own view.
    await page.getByRole('button', { name: 'Profile' }).click()
    await page.getByRole('menuitem', { name: 'Sign out' }).click()
    await page.getByRole('button', { name: 'Sign in' }).waitFor()
    await signInAs(page, person)
    await page.goto('/documents')
    await page.getByRole('row', { name: /CUS-4471/ }).waitFor()
    expect(await viewButton(page, 'Customer').getAttribute('aria-pressed')).toBe('true')

    // The File view: a link straight to each document's Files tab.
    await viewButton(page, 'File').click()
    const link = page.getByRole('row', { name: /GA-001/ }).getByRole('link', { name: 'Open files (0)' })
    await link.waitFor()
    expect(await page.getByRole('columnheader', { name: 'Customer number' }).count()).toBe(0)
    await expect.poll(async () => (await app.knex('users').where({ id: person.id }).first()).file_view).toBe('FILE')
    await settled()
    await shoot(page, 'file')
    await link.click()
    await page.getByRole('heading', { name: 'GA-001 - General arrangement of the harbour bridge deck', level: 1 }).waitFor()
    expect(new URL(page.url()).pathname).toBe(`/project/${project.id}/documents/${doc.id}/files`)
  })

  it('two PDFs chosen on the Files tab are merged into a third, listed with them', async (page) => {
    const account = await app.make.account()
    const project = await app.make.project(account)
    const editor = await app.make.user(account)
    await app.make.grantProject(editor, project, 'EDIT')
    const doc = await app.make.document(project, { symbol: 'MRG-1', name: 'Merge' })
    const token = await app.make.signIn(editor)
    const attach = async (name: string, bytes: Buffer) => {
      const form = new FormData()
      form.append('file', new Blob([new Uint8Array(bytes)]), name)
      const answer = await app.call('POST', `/api/folders/${doc.id}/files`, form, token)
      expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    }
    await attach('plan.pdf', await pdf(2))
    await attach('section.pdf', await pdf(3))
    await attach('notes.txt', Buffer.from('just notes'))
    await signInAs(page, editor)
    await page.goto(`/project/${project.id}/documents/${doc.id}/files`)
    await page.getByRole('row', { name: /notes\.txt/ }).waitFor()

    const merge = (count: number) => page.getByRole('button', { name: `Merge to PDF (${count})` })
    expect(await merge(0).isDisabled()).toBe(true)
    await page.getByRole('checkbox', { name: 'Select section.pdf' }).check()
    expect(await merge(1).isDisabled()).toBe(true)
    // Not while a file that is no PDF is among the chosen.
    await page.getByRole('checkbox', { name: 'Select notes.txt' }).check()
    expect(await merge(2).isDisabled()).toBe(true)
    await page.getByRole('checkbox', { name: 'Select notes.txt' }).uncheck()
    await page.getByRole('checkbox', { name: 'Select plan.pdf' }).check()
    await merge(2).click()
    await page.getByText('PDF files merged: section (merged).pdf').waitFor()
    await page.getByRole('row', { name: /section \(merged\)\.pdf/ }).waitFor()
    expect(await merge(0).isDisabled()).toBe(true)
    await shoot(page, 'files-merged')

    const merged = await app.knex('folder_files').where({ folder_id: doc.id, name: 'section (merged).pdf' }).first()
    const stored = await app.app.get('storage').get(merged.storage_key)
    expect((await PDFDocument.load(Buffer.concat(await stored.body.toArray()))).getPageCount()).toBe(5)
  })
})

/** The list as it is drawn at 1440×900 and at 390×844 (a phone), for a look. */
const shoot = async (page: Page, view: string) => {
  const size = page.viewportSize()!
  for (const [width, height, name] of [
    [1440, 900, 'desktop'],
    [390, 844, 'phone'],
  ] as const) {
    await page.setViewportSize({ width, height })
    await page.waitForTimeout(100)
    await page.screenshot({ path: path.join(screenshotDir, `document-views-${view}-${name}.png`), fullPage: true })
  }
  await page.setViewportSize(size)
}

/**
 * The documents remote in a real browser (issue 10): a document created through its page,
 * files uploaded through the panel in parts (one made to fail, then retried from where it stopped),
 * both downloaded as one zip, an upload cut off by a closed page resumed from its
 * finished parts, and the list's tabs with a VIEW user's plain-text names.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import ExcelJS from 'exceljs'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect } from 'vitest'
import { type E2EApp, browserTest, signInAs, startApp } from './harness'

/** The smallest part the API takes: a 20 MB file is four parts. */
const PART = 6_000_000

let app: E2EApp
beforeAll(async () => {
  app = await startApp({ config: { uploadPartBytes: PART } })
})
afterAll(() => app?.close())
const it = (name: string, body: (page: Page, app: E2EApp) => Promise<void>) => browserTest(() => app, name, body)

const pdf = (size: number, seed: number) => {
  const bytes = Buffer.alloc(size)
  for (let i = 0; i < size; i += 997) bytes[i] = (i + seed) % 251
  Buffer.from('%PDF-1.7\n').copy(bytes)
  return bytes
}

const panel = (page: Page) => page.getByRole('region', { name: 'Uploads' })

describe('documents', () => {
  it('an editor creates a document, uploads two files (one fails and is retried) and downloads both as one zip', async (page) => {
    const account = await app.make.account()
    const project = await app.make.project(account, { symbol: 'HB-7', name: 'Harbour bridge' })
    const type = await app.make.documentType(account)
    const editor = await app.make.user(account, 'user', { firstName: 'Erin', lastName: 'Editor' })
    await app.make.grantProject(editor, project, 'EDIT')
    // A clock the test can move: the failing part's retries (after 1, 3 and 10 s) are not waited out.
    await page.clock.install()
    await signInAs(page, editor)

    // docType in the query preselects the type; the title is required.
    await page.goto(`/project/${project.id}/documents/add?docType=${type.id}`)
    await expect.poll(() => page.getByRole('combobox', { name: 'Type' }).inputValue()).toBe(String(type.id))
    await page.getByRole('button', { name: 'Create document' }).click()
    await page.getByText('This field is required').first().waitFor()
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('General arrangement')
    await page.getByRole('textbox', { name: 'Number', exact: true }).fill('GA-001')
    await page.getByRole('combobox', { name: 'Responsible' }).selectOption({ label: 'Erin Editor' })
    await page.getByRole('button', { name: 'Create document' }).click()
    await page.getByRole('heading', { name: 'GA-001 - General arrangement', level: 1 }).waitFor()
    const folder = await app.knex('folders').where({ account_id: account.id, symbol: 'GA-001' }).first()
    expect(new URL(page.url()).pathname).toBe(`/project/${project.id}/documents/${folder.id}/files`)
    expect(Number(folder.responsible_id)).toBe(editor.id)
    await expect.poll(() => page.getByRole('navigation', { name: 'Breadcrumb' }).textContent()).toBe('DashboardDocumentsHB-7 - Harbour bridgeGA-001 - General arrangement')
    await page.getByText('No files yet').waitFor()

    // Every part of broken.pdf's upload is refused on the way until Retry.
    let failing = true
    const broken = new Set<string>()
    await page.route('**/api/folders/*/uploads', async (route) => {
      const response = await route.fetch()
      const body = await response.json()
      if (route.request().method() === 'POST' && body.fileName === 'broken.pdf') broken.add(String(body.uploadId))
      await route.fulfill({ response, json: body })
    })
    await page.route('**/api/upload-parts/**', (route) => {
      const uploadId = new URL(route.request().url()).pathname.split('/')[3]!
      return failing && broken.has(uploadId) ? route.abort('connectionreset') : route.continue()
    })
    const good = pdf(2 * PART + 1234, 1)
    const bad = pdf(1000, 2)
    await page.getByLabel('Upload files').setInputFiles([
      { name: 'plan.pdf', mimeType: 'application/pdf', buffer: good },
      { name: 'broken.pdf', mimeType: 'application/pdf', buffer: bad },
    ])
    await expect
      .poll(async () => {
        await page.clock.fastForward(1000)
        return panel(page).getByText('Error uploading').isVisible()
      }, { timeout: 30_000 })
      .toBe(true)
    await panel(page).getByText('1 of 2 uploaded · 1 failed').waitFor()
    await page.getByText('Error uploading a file').waitFor()
    // The failed upload stopped; the API keeps it open for Retry, which goes on with it.
    expect(broken.size).toBe(1)
    const [firstTry] = [...broken]
    expect((await app.knex('uploads').where({ id: Number(firstTry) }).first()).state).toBe('OPEN')
    await page.getByRole('row', { name: /plan\.pdf/ }).waitFor()

    failing = false
    await panel(page).getByRole('button', { name: 'Retry broken.pdf' }).click()
    await panel(page).getByText('2 of 2 uploaded').waitFor({ timeout: 30_000 })
    expect(broken.size).toBe(1)
    await page.getByRole('row', { name: /broken\.pdf/ }).waitFor()
    const files = await app.knex('folder_files').where({ folder_id: folder.id }).orderBy('name')
    expect(files.map((file) => [file.name, Number(file.size), file.mime])).toEqual([
      ['broken.pdf', bad.length, 'application/pdf'],
      ['plan.pdf', good.length, 'application/pdf'],
    ])
    expect(await app.knex('uploads').where({ folder_id: folder.id })).toEqual([])

    // Both at once come as one zip holding both names.
    await page.getByRole('checkbox', { name: 'Select plan.pdf' }).check()
    await page.getByRole('checkbox', { name: 'Select broken.pdf' }).check()
    const downloading = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Download selected (2)' }).click()
    const download = await downloading
    const zip = readFileSync((await download.path())!)
    expect(zip.subarray(0, 2).toString()).toBe('PK')
    expect(zip.includes(Buffer.from('plan.pdf'))).toBe(true)
    expect(zip.includes(Buffer.from('broken.pdf'))).toBe(true)
    expect(zip.length).toBeGreaterThan(1000)

    // Renamed in its dialog (the same name just closes), then deleted after a Yes.
    await page.getByRole('button', { name: 'Rename broken.pdf' }).click()
    const dialog = page.getByRole('dialog', { name: 'Rename broken.pdf' })
    await dialog.getByRole('textbox', { name: 'New name' }).fill('a/b.pdf')
    await dialog.getByRole('button', { name: 'Rename' }).click()
    await dialog.getByRole('alert').waitFor()
    await dialog.getByRole('textbox', { name: 'New name' }).fill('fixed.pdf')
    await dialog.getByRole('button', { name: 'Rename' }).click()
    await page.getByRole('row', { name: /fixed\.pdf/ }).waitFor()
    await page.getByRole('button', { name: 'Delete fixed.pdf' }).click()
    await page.getByRole('dialog', { name: 'Delete the chosen files (1)?' }).getByRole('button', { name: 'Yes', exact: true }).click()
    await page.getByText('Files deleted').waitFor()
    await expect.poll(async () => (await app.knex('folder_files').where({ folder_id: folder.id })).map((file) => file.name)).toEqual(['plan.pdf'])
  })

  it('an upload cut off by a closed page resumes from its finished parts when the same file is chosen again', async (page) => {
    const account = await app.make.account()
    const project = await app.make.project(account)
    const doc = await app.make.document(project, { name: 'Survey', symbol: 'SV-1' })
    const editor = await app.make.user(account)
    await app.make.grantProject(editor, project, 'EDIT')
    await signInAs(page, editor)
    await page.goto(`/project/${project.id}/documents/${doc.id}/files`)
    await page.getByText('No files yet').waitFor()

    // Parts 3 and 4 never leave: the page waits for their addresses until it is closed. (The
    // address calls are held, not the PUTs: the browser lets a closed page's held requests go on,
    // and an address alone uploads nothing.)
    let cutOff = true
    await page.context().route('**/api/uploads/*/parts', (route) => {
      const partNo = Number(route.request().postDataJSON()?.partNo)
      if (cutOff && partNo > 2) return
      return route.continue()
    })
    // A file on disk, chosen twice: the same name, size and last change, as a person's would be.
    const bytes = pdf(3 * PART + 500_000, 3)
    const onDisk = path.join(mkdtempSync(path.join(tmpdir(), 'e2e-resume-')), 'scan.pdf')
    writeFileSync(onDisk, bytes)
    await page.getByLabel('Upload files').setInputFiles(onDisk)
    const upload = () => app.knex('uploads').where({ folder_id: doc.id }).first()
    await expect.poll(async () => (await upload()) ? Number((await app.knex('upload_parts').where({ upload_id: (await upload()).id }).count({ n: '*' }))[0]!.n) : 0, { timeout: 30_000 }).toBe(2)
    const context = page.context()
    await page.close()
    cutOff = false

    // What the API holds now is what the next try need not send again.
    const kept = (await app.knex('upload_parts').where({ upload_id: (await upload()).id }).orderBy('part_no')).map((part) => Number(part.part_no))
    expect(kept).toEqual([1, 2])
    const again = await context.newPage()
    const sent: number[] = []
    again.on('request', (request) => {
      if (request.url().includes('/api/upload-parts/')) sent.push(Number(new URL(request.url()).pathname.split('/')[4]))
    })
    await again.goto(`/project/${project.id}/documents/${doc.id}/files`)
    await again.getByText('No files yet').waitFor()
    await again.getByLabel('Upload files').setInputFiles(onDisk)
    await panel(again).getByText('1 of 1 uploaded').waitFor({ timeout: 30_000 })
    await again.getByRole('row', { name: /scan\.pdf/ }).waitFor()
    expect(sent.sort()).toEqual([3, 4])
    const [file] = await app.knex('folder_files').where({ folder_id: doc.id })
    expect(Number(file.size)).toBe(bytes.length)
    const stored = Buffer.concat(await (await app.app.get('storage').get(file.storage_key)).body.toArray())
    expect(stored.equals(bytes)).toBe(true)
    await again.close()
  })

  it("the list's tabs: All finds by number or title, a star puts a document in Favorites, an opened one is Recent, and a VIEW user's names are plain text", async (page) => {
    const account = await app.make.account()
    const project = await app.make.project(account, { symbol: 'WT-3', name: 'Water tower' })
    const hidden = await app.make.project(account)
    await app.make.document(project, { name: 'Tank drawings', symbol: 'TD-1' })
    const pipes = await app.make.document(project, { name: 'Pipe schedule', symbol: 'PS-2' })
    await app.make.document(hidden, { name: 'Not yours', symbol: 'NY-9' })
    const editor = await app.make.user(account)
    await app.make.grantProject(editor, project, 'EDIT')
    const viewer = await app.make.user(account)
    await app.make.grantProject(viewer, project, 'VIEW')

    await signInAs(page, editor)
    await page.goto('/documents')
    const rows = page.getByRole('row')
    await page.getByRole('link', { name: 'Pipe schedule' }).waitFor()
    await expect.poll(() => rows.count()).toBe(3)
    await page.getByLabel('Search by number or title').fill('td-1')
    await expect.poll(() => rows.count()).toBe(2)
    await page.getByRole('link', { name: 'Tank drawings' }).waitFor()

    await page.getByRole('tab', { name: 'Favorites' }).click()
    await page.getByText('Mark documents with the star to find them here').waitFor()
    await page.getByRole('tab', { name: 'All' }).click()
    await page.getByRole('button', { name: 'Favourite: Tank drawings', pressed: false }).click()
    await page.getByRole('button', { name: 'Favourite: Tank drawings', pressed: true }).waitFor()
    await page.getByRole('tab', { name: 'Favorites' }).click()
    await page.getByRole('link', { name: 'Tank drawings' }).waitFor()
    await expect.poll(() => rows.count()).toBe(2)

    await page.goto(`/project/${project.id}/documents/${pipes.id}/files`)
    await page.getByRole('heading', { name: 'PS-2 - Pipe schedule' }).waitFor()
    await page.goto('/documents?tab=recent')
    await page.getByRole('link', { name: 'Pipe schedule' }).waitFor()
    await expect.poll(() => rows.count()).toBe(2)

    // Below EDIT the names are plain text: the document's pages need EDIT.
    await page.context().clearCookies()
    await page.evaluate(() => localStorage.clear())
    await signInAs(page, viewer)
    await page.goto('/documents')
    await page.getByRole('rowheader', { name: 'Pipe schedule' }).waitFor()
    expect(await page.getByRole('link', { name: 'Pipe schedule' }).count()).toBe(0)
    await page.goto(`/project/${project.id}/documents/${pipes.id}/files`)
    await page.getByText('You do not have access to this page').waitFor()
  })

  it('a file is checked out (no one else may change it), copied and checked in; links are added with their address checked, changed and removed; a note is added', async (page) => {
    const account = await app.make.account()
    const project = await app.make.project(account)
    const doc = await app.make.document(project, { name: 'Pump station', symbol: 'PU-1' })
    const editor = await app.make.user(account, 'user', { firstName: 'Lou', lastName: 'Locker' })
    await app.make.grantProject(editor, project, 'EDIT')
    await signInAs(page, editor)
    await page.goto(`/project/${project.id}/documents/${doc.id}/files`)
    await page.getByText('No files yet').waitFor()
    await page.getByLabel('Upload files').setInputFiles([{ name: 'pump.pdf', mimeType: 'application/pdf', buffer: pdf(5000, 4) }])
    await page.getByRole('row', { name: /pump\.pdf/ }).waitFor()

    await page.getByRole('button', { name: 'Check out pump.pdf' }).click()
    await page.getByText('Checked out by Lou Locker').waitFor()
    expect(Number((await app.knex('folder_files').where({ folder_id: doc.id }).first()).locked_by)).toBe(editor.id)
    await page.getByRole('button', { name: 'Copy pump.pdf' }).click()
    await page.getByRole('row', { name: /pump \(copy\)\.pdf/ }).waitFor()
    await page.getByRole('button', { name: 'Check in pump.pdf' }).click()
    await page.getByRole('button', { name: 'Check out pump.pdf' }).waitFor()
    expect(await page.getByText(/Checked out by/).count()).toBe(0)

    // A link's address must be a web address; the link opens in a new tab.
    await page.getByText('No links yet.', { exact: false }).waitFor()
    await page.getByRole('button', { name: 'Add link' }).click()
    const adding = page.getByRole('dialog', { name: 'New link' })
    await adding.getByLabel('Name').fill('Data sheet')
    await adding.getByLabel('Web address').fill('javascript:alert(1)')
    await adding.getByRole('button', { name: 'Add link' }).click()
    await adding.getByText('Enter a web address starting with http:// or https://').waitFor()
    await adding.getByLabel('Web address').fill('https://example.com/pump.pdf')
    await adding.getByRole('button', { name: 'Add link' }).click()
    const link = page.getByRole('link', { name: 'Data sheet' })
    await link.waitFor()
    expect([await link.getAttribute('href'), await link.getAttribute('target')]).toEqual(['https://example.com/pump.pdf', '_blank'])
    await page.getByRole('button', { name: 'Change Data sheet' }).click()
    const changing = page.getByRole('dialog', { name: 'Change link' })
    await changing.getByLabel('Name').fill('Pump data sheet')
    await changing.getByRole('button', { name: 'Save link' }).click()
    await page.getByRole('link', { name: 'Pump data sheet' }).waitFor()
    await page.getByRole('button', { name: 'Remove Pump data sheet' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Yes', exact: true }).click()
    await page.getByText('No links yet.', { exact: false }).waitFor()
    expect(Number((await app.knex('folder_urls').where({ folder_id: doc.id }).count({ n: '*' }))[0]!.n)).toBe(0)

    // A note, with its author; it keeps the document as its files do.
    await page.getByRole('tab', { name: 'Notes' }).click()
    await page.getByText('No notes yet').waitFor()
    await page.getByLabel('New note').fill('Pump curve checked against the data sheet')
    await page.getByRole('button', { name: 'Add note' }).click()
    await page.getByText('Pump curve checked against the data sheet').waitFor()
    await page.getByRole('listitem').filter({ hasText: 'Lou Locker' }).waitFor()
  })

  it('several documents are made from pasted rows: a taken number is marked and nothing is made until it is put right; a row with a revision is archived', async (page) => {
    const account = await app.make.account()
    const project = await app.make.project(account, { symbol: 'QY-1', name: 'Quay' })
    const type = await app.make.documentType(account, { name: 'Drawing' })
    await app.make.document(project, { name: 'Existing', symbol: 'QD-1', type })
    const editor = await app.make.user(account)
    await app.make.grantProject(editor, project, 'EDIT')
    await signInAs(page, editor)
    await page.goto(`/project/${project.id}/documents`)
    await page.getByRole('link', { name: 'Create several' }).or(page.getByRole('button', { name: 'Create several' })).click()
    await page.getByRole('heading', { name: 'Create several documents', level: 1 }).waitFor()
    await page.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Drawing' })
    await page.getByLabel('Paste from a spreadsheet').fill('QD-1\tQuay wall\tA\nQD-2\tFenders\t\nQD-3;Bollards;')
    await page.getByRole('button', { name: 'Fill in rows' }).click()
    await page.getByRole('button', { name: 'Create documents' }).click()
    await page.getByText('Failed to create - invalid input').waitFor()
    await page.getByText('Number already exists.').waitFor()
    const folders = () => app.knex('folders').where({ project_id: project.id }).orderBy('symbol')
    expect((await folders()).length).toBe(1)
    await page.getByLabel('Number, row 1').fill('QD-4')
    await page.getByRole('button', { name: 'Create documents' }).click()
    await page.getByText('3 documents created').waitFor()
    await page.getByRole('link', { name: 'Fenders' }).waitFor()
    expect((await folders()).map((row) => [row.symbol, row.name, row.state, row.revision])).toEqual([
      ['QD-1', 'Existing', 'IN_PROGRESS', null],
      ['QD-2', 'Fenders', 'IN_PROGRESS', null],
      ['QD-3', 'Bollards', 'IN_PROGRESS', null],
      ['QD-4', 'Quay wall', 'ARCHIVED', 'A'],
    ])
  })

  it('a material list: a line added in its dialog, then the list exported to Excel with that line', async (page) => {
    const account = await app.make.account()
    const project = await app.make.project(account)
    const doc = await app.make.document(project, { name: 'Pump skid', symbol: 'PS-9' })
    const editor = await app.make.user(account)
    await app.make.grantProject(editor, project, 'EDIT')
    await signInAs(page, editor)
    await page.goto(`/project/${project.id}/documents/${doc.id}/materials`)
    await page.getByText('No material lines yet').waitFor()
    await page.getByRole('button', { name: 'Add line' }).first().click()
    const dialog = page.getByRole('dialog', { name: 'New material line' })
    await dialog.getByLabel('Name').fill('Centrifugal pump')
    await dialog.getByLabel('Quantity').fill('2')
    await dialog.getByLabel('Material').fill('Stainless steel')
    await dialog.getByRole('button', { name: 'Add line' }).click()
    await page.getByRole('rowheader', { name: 'Centrifugal pump' }).or(page.getByRole('cell', { name: 'Centrifugal pump' })).first().waitFor()
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export to Excel' }).click()
    const file = await download
    expect(file.suggestedFilename()).toMatch(/^PS-9.*\.xlsx$/)
    const saved = path.join(mkdtempSync(path.join(tmpdir(), 'e2e-bom-')), 'list.xlsx')
    await file.saveAs(saved)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.readFile(saved)
    const cells = workbook.worksheets[0]!.getSheetValues().flat().map(String)
    expect(cells).toContain('Centrifugal pump')
    expect(cells).toContain('Stainless steel')
  })

  it("an action plan row shows who is responsible, its due day (planned day and processing weeks) and the days it is overdue", async (page) => {
    const account = await app.make.account()
    const project = await app.make.project(account)
    const doc = await app.make.document(project, { name: 'Fender layout', symbol: 'FL-2' })
    const editor = await app.make.user(account, 'user', { firstName: 'Otto', lastName: 'Owner' })
    await app.make.grantProject(editor, project, 'EDIT')
    await signInAs(page, editor)
    await page.goto(`/project/${project.id}/documents/${doc.id}/actions`)
    await page.getByText('No actions yet').waitFor()
    await page.getByRole('button', { name: 'Add action' }).first().click()
    const dialog = page.getByRole('dialog', { name: 'New action' })
    // Planned ten days ago with a week's processing: due three days ago.
    const planned = new Date()
    planned.setDate(planned.getDate() - 10)
    const day = `${planned.getFullYear()}-${String(planned.getMonth() + 1).padStart(2, '0')}-${String(planned.getDate()).padStart(2, '0')}`
    await dialog.getByLabel('Description').fill('Send for customer review')
    await dialog.getByLabel('Planned date').fill(day)
    await dialog.getByLabel('Processing time (weeks)').fill('1')
    await dialog.getByLabel('Responsible').selectOption({ label: 'Otto Owner' })
    await dialog.getByRole('button', { name: 'Add action' }).click()
    const row = page.getByRole('row', { name: /Send for customer review/ })
    await row.waitFor()
    expect(await row.textContent()).toContain('Otto Owner')
    await row.getByText('3', { exact: true }).waitFor()
    const [saved] = await app.knex('folder_actions').where({ folder_id: doc.id })
    expect([saved.description, Number(saved.processing_weeks), Number(saved.responsible_id)]).toEqual(['Send for customer review', 1, editor.id])
  })

  it('a revision is archived through the control process: then upload is disabled, the revision and the change log show it, and unarchive (after a Yes) opens it again', async (page) => {
    const account = await app.make.account()
    const project = await app.make.project(account)
    const doc = await app.make.document(project, { name: 'Crane foundations', symbol: 'CF-1' })
    const editor = await app.make.user(account, 'user', { firstName: 'Cleo', lastName: 'Checker' })
    await app.make.grantProject(editor, project, 'EDIT')
    await signInAs(page, editor)
    await page.goto(`/project/${project.id}/documents/${doc.id}/control`)
    await page.getByText('A revision is archived once it is edited, controlled and approved, each with a day.').waitFor()
    const archive = page.getByRole('button', { name: 'Archive revision' })
    expect(await archive.isDisabled()).toBe(true)
    await page.getByLabel('Day (Edited by)').fill('2026-11-02')
    await page.getByRole('button', { name: 'Mark as edited' }).click()
    await page.getByText('Cleo Checker on 02/11/2026').waitFor()
    for (const role of ['controlled', 'approved']) await page.getByRole('button', { name: `Mark as ${role}` }).click()
    await page.getByText('Edited, controlled and approved: the revision can be archived.').waitFor()
    await archive.click()
    await page.getByText('Archived as revision A: its title, type, responsible, number and files stay as they are.').waitFor()
    expect((await app.knex('folders').where({ id: doc.id }).first()).state).toBe('ARCHIVED')

    await page.getByRole('tab', { name: 'Files' }).click()
    expect(await page.getByLabel('Upload files').isDisabled()).toBe(true)
    await page.getByText('An archived document takes no new files.').first().waitFor()
    await page.getByRole('tab', { name: 'Revisions' }).click()
    await page.getByRole('rowheader', { name: /^A/ }).waitFor()
    // Each tab is a path of its own: the trail is drawn again on it.
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('CF-1 - Crane foundations').waitFor()
    await page.getByRole('tab', { name: 'Change log' }).click()
    await page.getByRole('rowheader', { name: 'Revision archived' }).waitFor()

    await page.getByRole('tab', { name: 'Control and approval' }).click()
    await page.getByRole('button', { name: 'Unarchive' }).click()
    await page.getByRole('dialog', { name: 'Unarchive revision A?' }).getByRole('button', { name: 'Yes', exact: true }).click()
    await page.getByText('Edited, controlled and approved: the revision can be archived.').waitFor()
    await page.getByRole('tab', { name: 'Files' }).click()
    expect(await page.getByLabel('Upload files').isDisabled()).toBe(false)
  })

  it("an older revision's files are shown read only until the return to the current one, and the project's administrator deletes that revision", async (page) => {
    const account = await app.make.account()
    const project = await app.make.project(account)
    const doc = await app.make.document(project, { name: 'Deck plan', symbol: 'DP-1' })
    const admin = await app.make.user(account, 'user', { firstName: 'Ada', lastName: 'Admin' })
    await app.make.grantProject(admin, project, 'ADMINISTER')
    await signInAs(page, admin)
    await page.goto(`/project/${project.id}/documents/${doc.id}/files`)
    await page.getByText('No files yet').waitFor()
    await page.getByLabel('Upload files').setInputFiles([{ name: 'deck-a.pdf', mimeType: 'application/pdf', buffer: pdf(4000, 5) }])
    await page.getByRole('button', { name: 'Check out deck-a.pdf' }).waitFor()
    // Revision A archived with the file, and revision B begun (the file stays with A), through the API.
    const token = await app.make.signIn(admin)
    for (const role of ['EDIT', 'CONTROL', 'APPROVE']) expect((await app.call('PUT', `/api/folders/${doc.id}/control/${role}`, { doneOn: Date.now() }, token)).status).toBe(200)
    expect((await app.call('POST', `/api/folders/${doc.id}/archive`, {}, token)).status).toBe(201)
    expect((await app.call('POST', `/api/folders/${doc.id}/revisions`, {}, token)).status).toBe(201)

    await page.reload()
    await page.getByText('No files yet').waitFor()
    await page.getByRole('tab', { name: 'Revisions' }).click()
    await page.getByRole('link', { name: 'Files of A' }).click()
    await page.getByText('These are the files of revision A, as they were archived. They cannot be changed.').waitFor()
    await page.getByRole('button', { name: 'deck-a.pdf' }).waitFor()
    expect(await page.getByLabel('Upload files').count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Check out deck-a.pdf' }).count()).toBe(0)
    await page.getByRole('link', { name: 'Return to the current revision' }).click()
    await page.getByText('No files yet').waitFor()

    await page.getByRole('tab', { name: 'Revisions' }).click()
    await page.getByRole('button', { name: 'Delete revision A' }).click()
    await page.getByRole('dialog', { name: 'Delete revision A and its 1 files for good?' }).getByRole('button', { name: 'Yes', exact: true }).click()
    await page.getByText('Revision deleted').waitFor()
    await expect.poll(() => page.getByRole('link', { name: 'Files of A' }).count()).toBe(0)
    expect(Number((await app.knex('folder_files').where({ folder_id: doc.id }).count({ n: '*' }))[0]!.n)).toBe(0)
  })
})

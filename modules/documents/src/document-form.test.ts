import { dayToEpoch } from '@app/module-kit'
import type { Folder } from '@app/plugin-documents/shared'
import { allSettled, fork } from 'effector'
import { describe, expect, test } from 'vitest'
import { createDocumentForm, tagsOf, toDocumentValues, toFolderData, toFolderPatch } from './document-form'

const folder: Folder = {
  id: 7,
  accountId: 1,
  projectId: 3,
  name: 'General arrangement',
  symbol: 'GA-001',
  folderTypeId: 2,
  parentFolderId: null,
  responsibleId: 9,
  responsible: { id: 9, firstName: 'Erin', lastName: 'Editor' },
  state: 'IN_PROGRESS',
  revision: null,
  provider: 'SUPPLIER',
  placement: null,
  securityGroup: 'USER',
  supplierNumber: 'S-1',
  customerNumber: null,
  tagNumber: null,
  masterNumber: null,
  format: 'A1',
  classification: null,
  url: null,
  plannedIssueDate: dayToEpoch('2026-05-04'),
  approvedDate: null,
  actualIssueDate: null,
  expectedReturnDate: null,
  actualReturnDate: null,
  tags: ['steel', 'crane'],
  hasBom: true,
  showComponents: false,
  fileCount: 0,
  favorite: false,
  createdAt: '2026-03-02T10:00:00.000Z',
  createdBy: null,
  changedAt: '2026-03-02T10:00:00.000Z',
}

describe('the document form', () => {
  test('a saved document comes back from the form as it was', () => {
    const values = toDocumentValues(folder)
    expect(values).toMatchObject({ name: 'General arrangement', symbol: 'GA-001', folderTypeId: '2', responsibleId: '9', parentFolderId: '', tags: 'steel, crane', plannedIssueDate: '2026-05-04', provider: 'SUPPLIER' })
    expect(toFolderData(3, values)).toMatchObject({
      projectId: 3,
      name: 'General arrangement',
      symbol: 'GA-001',
      folderTypeId: 2,
      responsibleId: 9,
      parentFolderId: null,
      tags: ['steel', 'crane'],
      plannedIssueDate: folder.plannedIssueDate,
      approvedDate: null,
      supplierNumber: 'S-1',
      customerNumber: null,
      placement: null,
      hasBom: true,
    })
  })

  test('blank texts are cleared, a blank number is no number, tags are trimmed and unique', () => {
    const values = { ...toDocumentValues(folder), symbol: '  ', format: ' ', tags: ' a, b ,a,, ' }
    expect(toFolderData(3, values)).toMatchObject({ symbol: null, format: null, tags: ['a', 'b'] })
    expect(tagsOf('')).toEqual([])
  })

  test("an edit sends only what changed; an archived document's leaves out the title, type, responsible and number it keeps", () => {
    expect(toFolderPatch(folder, toDocumentValues(folder))).toEqual({})
    expect(toFolderPatch(folder, { ...toDocumentValues(folder), name: 'Changed', format: '' })).toEqual({ name: 'Changed', format: null })
    const archived = { ...folder, state: 'ARCHIVED' as const }
    expect(toFolderPatch(archived, { ...toDocumentValues(folder), name: 'Changed', symbol: 'X', folderTypeId: '5', responsibleId: '', supplierNumber: 'S-2' })).toEqual({ supplierNumber: 'S-2' })
  })

  test('the title and type are required, the title at most 100 characters, at most 20 tags of 40 characters', async () => {
    const submitted: unknown[] = []
    const form = createDocumentForm(async (values) => {
      submitted.push(values)
    })
    const scope = fork()
    await allSettled(form.fieldChanged, { scope, params: { name: 'name', value: 'x'.repeat(101) } })
    await allSettled(form.fieldChanged, { scope, params: { name: 'tags', value: Array.from({ length: 21 }, (_, i) => `t${i}`).join(',') } })
    await allSettled(form.submitted, { scope })
    const errors = scope.getState(form.$errors)
    expect(Object.keys(errors).sort()).toEqual(['folderTypeId', 'name', 'tags'])
    expect(errors.tags).toEqual({ key: 'documents:form.tooManyTags' })
    await allSettled(form.fieldChanged, { scope, params: { name: 'tags', value: 'y'.repeat(41) } })
    await allSettled(form.submitted, { scope })
    expect(scope.getState(form.$errors).tags).toEqual({ key: 'documents:form.tagTooLong' })
    expect(submitted).toEqual([])
  })
})

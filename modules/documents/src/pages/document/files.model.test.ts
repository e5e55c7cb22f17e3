import { ApiError } from '@app/module-kit'
import type { Folder, FolderFile } from '@app/plugin-documents/shared'
import { allSettled, fork } from 'effector'
import { describe, expect, test } from 'vitest'
import { fetchFilesFx, fetchFolderFx, fetchProjectFx, fetchResponsibleChoicesFx, fetchTypeChoicesFx, mergeFilesFx } from '../../api'
import { fetchParentChoicesFx } from '../../choices'
import { notifyFx } from '../../notify'
import { $files, documentOpened, mergeClicked } from './model'

const folder = {
  id: 12,
  accountId: 1,
  projectId: 4,
  name: 'Deck',
  symbol: 'D-1',
  folderTypeId: 2,
  parentFolderId: null,
  responsibleId: null,
  responsible: null,
  state: 'IN_PROGRESS',
  revision: null,
  provider: null,
  placement: null,
  securityGroup: null,
  supplierNumber: null,
  customerNumber: null,
  tagNumber: null,
  masterNumber: null,
  format: null,
  classification: null,
  url: null,
  plannedIssueDate: null,
  approvedDate: null,
  actualIssueDate: null,
  expectedReturnDate: null,
  actualReturnDate: null,
  tags: [],
  hasBom: false,
  showComponents: false,
  fileCount: 2,
  favorite: false,
  createdAt: '2026-03-02T10:00:00.000Z',
  createdBy: null,
  changedAt: '2026-03-02T10:00:00.000Z',
} as Folder

const file = (id: number, name: string) => ({ id, folderId: 12, name, mime: 'application/pdf', size: 100 }) as FolderFile

/** The Files tab of document 12 in a scope of its own; `merge` answers the merge. */
const page = (merge: (ids: number[]) => Promise<FolderFile>) => {
  let listed = [file(1, 'a.pdf'), file(2, 'b.pdf')]
  const merges: { folderId: number; ids: number[] }[] = []
  const toasts: unknown[] = []
  const scope = fork({
    handlers: [
      [fetchFolderFx, async () => folder],
      [fetchProjectFx, async () => ({ id: 4, name: 'Harbour crane', symbol: 'HC-1', accessLevel: { edit: true } })],
      [fetchFilesFx, async () => listed],
      [fetchTypeChoicesFx, async () => []],
      [fetchResponsibleChoicesFx, async () => []],
      [fetchParentChoicesFx, async () => []],
      [
        mergeFilesFx,
        async (params: { folderId: number; ids: number[] }) => {
          merges.push(params)
          const made = await merge(params.ids)
          listed = [...listed, made]
          return made
        },
      ],
      [notifyFx, (notice: unknown) => void toasts.push(notice)],
    ],
  })
  return { scope, merges, toasts }
}

describe('merging PDF files on the Files tab', () => {
  test('the chosen files go in the order chosen; the list is read again with the merge, whose name the toast gives', async () => {
    const { scope, merges, toasts } = page(async () => file(3, 'b (merged).pdf'))
    await allSettled(documentOpened, { scope, params: { projectId: 4, documentId: 12 } })
    await allSettled(mergeClicked, { scope, params: [2, 1] })
    expect(merges).toEqual([{ folderId: 12, ids: [2, 1] }])
    expect(scope.getState($files).map((f) => f.name)).toEqual(['a.pdf', 'b.pdf', 'b (merged).pdf'])
    expect(toasts).toEqual([{ kind: 'success', key: 'toast.merged', detail: 'b (merged).pdf' }])
  })

  test('one file alone is not sent; a refusal is toasted with its reason', async () => {
    const { scope, merges, toasts } = page(async () => {
      throw new ApiError('"notes.txt" is not a PDF that can be merged', 400, { ids: '"notes.txt" is not a PDF that can be merged' })
    })
    await allSettled(documentOpened, { scope, params: { projectId: 4, documentId: 12 } })
    await allSettled(mergeClicked, { scope, params: [1] })
    expect(merges).toEqual([])
    await allSettled(mergeClicked, { scope, params: [1, 2] })
    expect(toasts).toEqual([{ kind: 'error', key: 'toast.mergeFailed', detail: '"notes.txt" is not a PDF that can be merged' }])
    expect(scope.getState($files)).toHaveLength(2)
  })
})

import { ApiError, i18n, registerLocales } from '@app/module-kit'
import type { Folder, FolderFile } from '@app/plugin-documents/shared'
import { allSettled, fork } from 'effector'
import { describe, expect, test } from 'vitest'
import { fetchFilesFx, fetchFolderFx, fetchProjectFx, fetchResponsibleChoicesFx, fetchTypeChoicesFx, mergeFilesFx, renameFileFx } from '../../api'
import { fetchParentChoicesFx } from '../../choices'
import { locales } from '../../locales'
import { notifyFx } from '../../notify'
import { $files, $renameError, documentOpened, mergeClicked, renameOpened, renameSubmitted } from './model'

registerLocales('documents', locales)

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

/** The Files tab of document 12 in a scope of its own; `merge` answers the merge, `rename` a rename. */
const page = (merge: (ids: number[]) => Promise<FolderFile>, rename: () => Promise<FolderFile> = async () => file(1, 'renamed.pdf')) => {
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
      [renameFileFx, rename],
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

  test("the API's reason is said in the user's language; one the page does not know, or a server failure, leaves the toast's own words alone", async () => {
    const answers = [
      new ApiError('"notes.txt" is not a PDF that can be merged', 400, { ids: '"notes.txt" is not a PDF that can be merged' }),
      new ApiError('Some reason only the API knows', 409),
      new ApiError('Internal error', 500),
    ]
    const { scope, toasts } = page(async () => {
      throw answers.shift()
    })
    await i18n.changeLanguage('fi-FI')
    try {
      await allSettled(documentOpened, { scope, params: { projectId: 4, documentId: 12 } })
      for (let i = 0; i < 3; i++) await allSettled(mergeClicked, { scope, params: [1, 2] })
    } finally {
      await i18n.changeLanguage('en-GB')
    }
    expect(toasts).toEqual([
      { kind: 'error', key: 'toast.mergeFailed', detail: '"notes.txt" ei ole yhdistettävissä oleva PDF' },
      { kind: 'error', key: 'toast.mergeFailed', detail: undefined },
      { kind: 'error', key: 'toast.mergeFailed', detail: undefined },
    ])
  })
})

describe('renaming a file', () => {
  test("the dialog says the API's reason in the user's language, and Something wrong happened for one it does not know", async () => {
    const answers = [
      new ApiError('Invalid input', 400, { name: 'A file name cannot contain / or \\, start with a drive (C:), or be . or ..' }),
      new ApiError('"a.pdf" is checked out by Ann Lee: it can be renamed, deleted or copied only once it is checked in', 409),
      new ApiError('Some reason only the API knows', 409),
    ]
    const { scope } = page(
      async () => file(3, 'unused.pdf'),
      async () => {
        throw answers.shift()
      },
    )
    await allSettled(documentOpened, { scope, params: { projectId: 4, documentId: 12 } })
    const seen: (string | null)[] = []
    await i18n.changeLanguage('se-SE')
    try {
      for (const name of ['a/b.pdf', 'b.pdf', 'c.pdf']) {
        await allSettled(renameOpened, { scope, params: file(1, 'a.pdf') })
        await allSettled(renameSubmitted, { scope, params: name })
        seen.push(scope.getState($renameError))
      }
    } finally {
      await i18n.changeLanguage('en-GB')
    }
    expect(seen).toEqual([
      'Ett filnamn får inte innehålla / eller \\, börja med en enhet (C:) eller vara . eller ..',
      '"a.pdf" är utcheckad av Ann Lee: den kan byta namn, tas bort eller kopieras först när den är incheckad',
      'files.renameFailed',
    ])
  })
})

import { ApiError, i18n, registerLocales } from '@app/module-kit'
import type { Folder } from '@app/plugin-documents/shared'
import { allSettled, fork } from 'effector'
import { describe, expect, test } from 'vitest'
import { createFoldersFx, fetchProjectFx } from '../../api'
import { fetchParentChoicesFx } from '../../choices'
import { locales } from '../../locales'
import { notifyFx } from '../../notify'
import { fetchResponsibleChoicesFx, fetchTypeChoicesFx } from '../../api'
import {
  $formError,
  $paste,
  $rowErrors,
  $rows,
  $typeError,
  bulkOpened,
  createClicked,
  createdFx,
  parsePasted,
  pasteApplied,
  pasteChanged,
  rowAdded,
  rowChanged,
  rowRemoved,
  typeChosen,
} from './model'

const project = { id: 4, name: 'Harbour crane', symbol: 'HC-1', accessLevel: { edit: true } }

/** A page of its own: the project and the choices answered, the API's answer to a list as given, what was sent, shown and toasted kept. */
const page = (answer: (rows: unknown[]) => Promise<unknown> = async (rows) => rows.map((_, index) => ({ id: 100 + index }))) => {
  const sent: { projectId: number; rows: unknown[] }[] = []
  const created: { projectId: number; count: number }[] = []
  const toasts: unknown[] = []
  const scope = fork({
    handlers: [
      [fetchProjectFx, async () => project],
      [fetchTypeChoicesFx, async () => [{ id: 7, name: 'Drawing' }]],
      [fetchResponsibleChoicesFx, async () => []],
      [fetchParentChoicesFx, async () => []],
      [
        createFoldersFx,
        async (params: { projectId: number; rows: unknown[] }) => {
          sent.push(params)
          return (await answer(params.rows)) as Folder[]
        },
      ],
      [createdFx, (done: { projectId: number; count: number }) => void created.push(done)],
      [notifyFx, (notice: unknown) => void toasts.push(notice)],
    ],
  })
  return { scope, sent, created, toasts }
}

const fill = async (scope: ReturnType<typeof fork>, key: number, values: Partial<Record<'symbol' | 'name' | 'revision', string>>) => {
  for (const [field, value] of Object.entries(values)) await allSettled(rowChanged, { scope, params: { key, field: field as 'symbol', value } })
}
const texts = (scope: ReturnType<typeof fork>) => scope.getState($rows).map(({ symbol, name, revision }) => [symbol, name, revision])

describe('lines pasted from a spreadsheet', () => {
  test('are rows of number, title and revision, split by tabs or semicolons', () => {
    expect(parsePasted('GA-1\tGeneral arrangement\tA\r\nGA-2\tSections\n\n  \nGA-3;Details; B \n"GA-4";"Notes ""as built""";\n\tNo number\nGA-6\n')).toEqual([
      { symbol: 'GA-1', name: 'General arrangement', revision: 'A' },
      { symbol: 'GA-2', name: 'Sections', revision: '' },
      { symbol: 'GA-3', name: 'Details', revision: 'B' },
      { symbol: 'GA-4', name: 'Notes "as built"', revision: '' },
      { symbol: '', name: 'No number', revision: '' },
      { symbol: 'GA-6', name: '', revision: '' },
    ])
    // A tab-separated line keeps its semicolons: they are part of a title.
    expect(parsePasted('GA-7\tPlan; level 2\t\t\textra')).toEqual([{ symbol: 'GA-7', name: 'Plan; level 2', revision: '' }])
    expect(parsePasted(' \n\t\t\n;;')).toEqual([])
  })
})

describe('the bulk page', () => {
  test('starts with three empty rows; rows are added, changed and removed', async () => {
    const { scope } = page()
    await allSettled(bulkOpened, { scope, params: 4 })
    expect(texts(scope)).toEqual([['', '', ''], ['', '', ''], ['', '', '']])
    await allSettled(rowAdded, { scope })
    const keys = scope.getState($rows).map((row) => row.key)
    expect(new Set(keys).size).toBe(4)
    await fill(scope, keys[3]!, { symbol: 'GA-9', name: 'Added' })
    await allSettled(rowRemoved, { scope, params: keys[0]! })
    expect(texts(scope)).toEqual([['', '', ''], ['', '', ''], ['GA-9', 'Added', '']])
  })

  test('pasted lines take the place of the empty rows, after the rows filled in; the box empties', async () => {
    const { scope } = page()
    await allSettled(bulkOpened, { scope, params: 4 })
    const [, second] = scope.getState($rows)
    await fill(scope, second!.key, { symbol: 'GA-1', name: 'Typed' })
    await allSettled(pasteChanged, { scope, params: 'GA-2\tPasted\tA\nGA-3;Also pasted' })
    await allSettled(pasteApplied, { scope })
    expect(texts(scope)).toEqual([['GA-1', 'Typed', ''], ['GA-2', 'Pasted', 'A'], ['GA-3', 'Also pasted', '']])
    expect(scope.getState($paste)).toBe('')
    expect(new Set(scope.getState($rows).map((row) => row.key)).size).toBe(3)
  })

  test('nothing is sent without a type, a number and a title on each row filled in, or with a number twice', async () => {
    const { scope, sent } = page()
    await allSettled(bulkOpened, { scope, params: 4 })
    await allSettled(createClicked, { scope })
    expect(scope.getState($formError)).toBe('documents:bulk.noRows')
    const [a, b, c] = scope.getState($rows)
    await fill(scope, a!.key, { symbol: 'GA-1', name: 'First' })
    await fill(scope, b!.key, { symbol: 'ga-1 ', revision: 'R'.repeat(21) })
    await fill(scope, c!.key, { name: 'No number' })
    await allSettled(createClicked, { scope })
    expect(sent).toEqual([])
    expect(scope.getState($formError)).toBe('documents:bulk.invalid')
    expect(scope.getState($typeError)).toEqual({ key: 'validation.required' })
    expect(scope.getState($rowErrors)).toEqual({
      [b!.key]: { symbol: { key: 'documents:bulk.error.numberTaken' }, name: { key: 'validation.required' }, revision: { key: 'validation.maxLength', values: { max: 20 } } },
      [c!.key]: { symbol: { key: 'validation.required' } },
    })
    // Changing a field takes its message away, and the form's.
    await fill(scope, b!.key, { name: 'Second' })
    expect(scope.getState($rowErrors)[b!.key]).toEqual({ symbol: { key: 'documents:bulk.error.numberTaken' }, revision: { key: 'validation.maxLength', values: { max: 20 } } })
    expect(scope.getState($formError)).toBeNull()
  })

  test('sends the rows filled in, of the type chosen; then "N documents created" and the project’s documents', async () => {
    const { scope, sent, created } = page()
    await allSettled(bulkOpened, { scope, params: 4 })
    await allSettled(typeChosen, { scope, params: '7' })
    const [a, , c] = scope.getState($rows)
    await fill(scope, a!.key, { symbol: ' GA-1 ', name: ' General arrangement ', revision: ' A ' })
    await fill(scope, c!.key, { symbol: 'GA-2', name: 'Sections', revision: '  ' })
    await allSettled(createClicked, { scope })
    expect(sent).toEqual([
      {
        projectId: 4,
        rows: [
          { symbol: 'GA-1', name: 'General arrangement', folderTypeId: 7, revision: 'A' },
          { symbol: 'GA-2', name: 'Sections', folderTypeId: 7 },
        ],
      },
    ])
    expect(created).toEqual([{ projectId: 4, count: 2 }])
    expect(scope.getState($formError)).toBeNull()
  })

  test('a list the API refuses marks the rows it names, counted among the rows sent, and says why', async () => {
    const refusal = new ApiError('Failed to create - invalid input', 400, {
      'rows.0.folderTypeId': 'Choose a document type of this account',
      'rows.1.symbol': 'Number already exists.',
      'rows.1.name': 'The maximum number of characters is 100',
      'rows.1.responsibleId': 'Choose a user of this account',
    })
    const { scope, created, toasts } = page(async () => {
      throw refusal
    })
    await allSettled(bulkOpened, { scope, params: 4 })
    await allSettled(typeChosen, { scope, params: '7' })
    const [a, b, c] = scope.getState($rows)
    await fill(scope, a!.key, { symbol: 'GA-1', name: 'First' })
    // The blank second row is not sent: the API's row 1 is the third.
    await fill(scope, c!.key, { symbol: 'GA-2', name: 'Taken' })
    await allSettled(createClicked, { scope })
    expect(scope.getState($formError)).toBe('documents:bulk.invalid')
    expect(scope.getState($typeError)).toEqual({ key: 'documents:bulk.error.type' })
    expect(scope.getState($rowErrors)).toEqual({
      [c!.key]: { symbol: { key: 'documents:bulk.error.numberTaken' }, name: { key: 'validation.maxLength', values: { max: 100 } } },
    })
    expect(scope.getState($rowErrors)[b!.key]).toBeUndefined()
    expect(created).toEqual([])
    expect(toasts).toEqual([])
  })

  test('any other failure is a toast in our words (a reason the page does not know is not shown in English); the rows stay as they were', async () => {
    const { scope, toasts } = page(async () => {
      throw new ApiError('This needs EDIT access to the project', 403)
    })
    await allSettled(bulkOpened, { scope, params: 4 })
    await allSettled(typeChosen, { scope, params: '7' })
    const [a] = scope.getState($rows)
    await fill(scope, a!.key, { symbol: 'GA-1', name: 'First' })
    await allSettled(createClicked, { scope })
    expect(toasts).toEqual([{ kind: 'error', key: 'bulk.failed', detail: undefined }])
    expect(scope.getState($formError)).toBeNull()
    expect(texts(scope)[0]).toEqual(['GA-1', 'First', ''])
  })

  test('the toast counts the documents in each language', async () => {
    registerLocales('documents', locales)
    const said = (lng: string, count: number) => i18n.t('bulk.created', { ns: 'documents', lng, count })
    expect([said('en-GB', 1), said('en-GB', 3)]).toEqual(['One document created', '3 documents created'])
    expect([said('pl-PL', 1), said('pl-PL', 2), said('pl-PL', 5)]).toEqual(['Utworzono jeden dokument', 'Utworzone dokumenty: 2', 'Utworzone dokumenty: 5'])
    expect([said('se-SE', 1), said('se-SE', 2)]).toEqual(['Ett dokument skapat', '2 dokument skapade'])
    expect(said('fi-FI', 12)).toBe('12 dokumenttia luotu')
  })
})

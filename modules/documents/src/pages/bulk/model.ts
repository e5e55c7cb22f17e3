/**
 * /project/{projectId}/documents/bulk: several documents of the project made from a list
 * (part1 §2 "Bulk creation of several folders from a list"): one document type for all,
 * rows of number, title and revision (a revision archives the document as it is created,
 * part1 §4), typed in or pasted from a spreadsheet. The rows are a plain store, not the
 * form engine: the list grows and shrinks. A refused list (400 "Failed to create - invalid
 * input", part1 §8) marks each row's fields with their messages; nothing is created then.
 * Needs EDIT on the project.
 */
import { ApiError, type FieldMessage, fromServerMessage, i18n, isForbidden, navigate, showToast } from '@app/module-kit'
import { BULK_MAX_ROWS, FOLDER_MESSAGES, type Folder, type FolderBulkRow } from '@app/plugin-documents/shared'
import type { Project } from '@app/plugin-projects/shared'
import { attach, combine, createEffect, createEvent, createStore, sample } from 'effector'
import { createFoldersFx, fetchProjectFx } from '../../api'
import { choicesRequested } from '../../choices'
import { notifyFx, refusalOf } from '../../notify'

export const BULK_FIELDS = ['symbol', 'name', 'revision'] as const
export type BulkField = (typeof BULK_FIELDS)[number]

/** One row of the editor: its texts as typed, and a key that stays with it while rows come and go. */
export interface BulkRow extends Record<BulkField, string> {
  key: number
}

/** How many empty rows the page starts with. */
export const START_ROWS = 3
/** The longest number, title and revision the API takes (part1 §9). */
export const MAX_LENGTH: Record<BulkField, number> = { symbol: 240, name: 100, revision: 20 }

/** The messages of each row's fields, by the row's key. */
export type RowErrors = Record<number, Partial<Record<BulkField, FieldMessage>>>

const message = (key: string, values?: FieldMessage['values']): FieldMessage => (values ? { key, values } : { key })
const NUMBER_TAKEN = message('documents:bulk.error.numberTaken')

/** The API's field message as one the page shows in the user's language. */
export const messageOf = (text: string): FieldMessage => {
  if (text === FOLDER_MESSAGES.numberTaken) return NUMBER_TAKEN
  if (text === FOLDER_MESSAGES.type) return message('documents:bulk.error.type')
  return fromServerMessage(text)
}

const blankRow = (key: number): BulkRow => ({ key, symbol: '', name: '', revision: '' })
const nextKey = (rows: readonly BulkRow[]) => rows.reduce((max, row) => Math.max(max, row.key), 0) + 1
const startRows = () => Array.from({ length: START_ROWS }, (_, index) => blankRow(index + 1))

/** A row anything was typed in; blank rows are left out of what is sent. */
export const isFilled = (row: Omit<BulkRow, 'key'>) => BULK_FIELDS.some((field) => row[field].trim() !== '')

/** A spreadsheet cell as copied: surrounding quotes taken off, doubled quotes made single. */
const cellOf = (raw: string) => {
  const cell = raw.trim()
  return cell.length >= 2 && cell.startsWith('"') && cell.endsWith('"') ? cell.slice(1, -1).replaceAll('""', '"').trim() : cell
}

/**
 * Lines copied from a spreadsheet (tab-separated) or written by hand (semicolon-separated),
 * as rows: number, title and revision, in that order; empty lines are skipped, missing
 * cells left blank, further cells ignored.
 */
export const parsePasted = (text: string): Omit<BulkRow, 'key'>[] =>
  text
    .split(/\r\n|\r|\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [symbol = '', name = '', revision = ''] = line.split(line.includes('\t') ? '\t' : ';').map(cellOf)
      return { symbol, name, revision }
    })
    .filter(isFilled)

/** What the rows lack before anything is sent: a number and a title each, within their lengths, each number once. */
export const checkRows = (rows: readonly BulkRow[]): RowErrors => {
  const errors: RowErrors = {}
  const seen = new Set<string>()
  for (const row of rows) {
    const problems: Partial<Record<BulkField, FieldMessage>> = {}
    for (const field of BULK_FIELDS) {
      const value = row[field].trim()
      if (!value && field !== 'revision') problems[field] = message('validation.required')
      else if (value.length > MAX_LENGTH[field]) problems[field] = message('validation.maxLength', { max: MAX_LENGTH[field] })
    }
    const number = row.symbol.trim().toLowerCase()
    if (number && !problems.symbol && seen.has(number)) problems.symbol = NUMBER_TAKEN
    if (number) seen.add(number)
    if (Object.keys(problems).length) errors[row.key] = problems
  }
  return errors
}

/** The rows as the API takes them, all of the chosen type; a blank revision is none. */
export const toBulkRows = (rows: readonly BulkRow[], folderTypeId: number): FolderBulkRow[] =>
  rows.map((row) => ({ symbol: row.symbol.trim(), name: row.name.trim(), folderTypeId, ...(row.revision.trim() ? { revision: row.revision.trim() } : {}) }))

/**
 * A 400's `rows.N.field` messages on the rows that were sent (`keys`, in the order sent);
 * a message on a row's type is the type's, as every row has the one chosen.
 */
export const errorsOf = (errors: Record<string, string>, keys: readonly number[]): { rows: RowErrors; type: FieldMessage | null } => {
  const rows: RowErrors = {}
  let type: FieldMessage | null = null
  for (const [path, text] of Object.entries(errors)) {
    const [, index, field] = /^rows\.(\d+)\.(\w+)$/.exec(path) ?? []
    const key = keys[Number(index)]
    if (key === undefined) continue
    if (field === 'folderTypeId') type ??= messageOf(text)
    else if ((BULK_FIELDS as readonly string[]).includes(field!)) rows[key] = { ...rows[key], [field as BulkField]: messageOf(text) }
  }
  return { rows, type }
}

export const bulkOpened = createEvent<number>()
export const typeChosen = createEvent<string>()
export const rowAdded = createEvent()
export const rowRemoved = createEvent<number>()
export const rowChanged = createEvent<{ key: number; field: BulkField; value: string }>()
export const pasteChanged = createEvent<string>()
export const pasteApplied = createEvent()
export const createClicked = createEvent()

const $projectId = createStore(0).on(bulkOpened, (_, projectId) => projectId)

/** This page's own reading of the project: another page's answer never lands here. */
const loadProjectFx = attach({ effect: fetchProjectFx })
export const $project = createStore<Project | null>(null).reset(bulkOpened)
export const $loadError = createStore<'notFound' | 'forbidden' | 'failed' | null>(null)
  .on(loadProjectFx.failData, (_, error) => (error instanceof ApiError && error.status === 404 ? 'notFound' : isForbidden(error) ? 'forbidden' : 'failed'))
  .reset(bulkOpened)
sample({ clock: loadProjectFx.doneData, source: $projectId, filter: (projectId, project) => project.id === projectId, fn: (_, project) => project, target: $project })

/** The document type every row gets (an id, '' while none is chosen). */
export const $typeId = createStore('').on(typeChosen, (_, id) => id).reset(bulkOpened)

/** The text in the paste box; emptied once its lines are rows. */
export const $paste = createStore('').on(pasteChanged, (_, text) => text).reset(bulkOpened)
const pasted = sample({ clock: pasteApplied, source: $paste, fn: parsePasted })
$paste.on(pasted, (text, rows) => (rows.length ? '' : text))

export const $rows = createStore<BulkRow[]>(startRows())
  .on(rowAdded, (rows) => [...rows, blankRow(nextKey(rows))])
  .on(rowRemoved, (rows, key) => rows.filter((row) => row.key !== key))
  .on(rowChanged, (rows, { key, field, value }) => rows.map((row) => (row.key === key ? { ...row, [field]: value } : row)))
  // Pasted rows take the place of the empty ones, after those already filled in.
  .on(pasted, (rows, lines) => {
    const kept = rows.filter(isFilled)
    const first = nextKey(rows)
    return [...kept, ...lines.map((line, index) => ({ ...line, key: first + index }))]
  })
  .reset(bulkOpened)

export const $rowErrors = createStore<RowErrors>({})
  // A field changed loses its message; the others keep theirs until the next try.
  .on(rowChanged, (errors, { key, field }) => {
    if (!errors[key]?.[field]) return errors
    const { [field]: _gone, ...rest } = errors[key]
    return { ...errors, [key]: rest }
  })
  .reset(bulkOpened)
export const $typeError = createStore<FieldMessage | null>(null).on(typeChosen, () => null).reset(bulkOpened)
/** Why nothing was created, above the buttons: a kit or documents key. */
export const $formError = createStore<string | null>(null).reset(bulkOpened, rowChanged, typeChosen, rowAdded, rowRemoved, pasted)

const sendFx = attach({ effect: createFoldersFx })
export const $sending = sendFx.pending
/** The keys of the rows sent, in order: the API names a row by its place in the list. */
const $sentKeys = createStore<number[]>([]).reset(bulkOpened)

/** A click on Create: the list to send, or why not (one of them null). */
interface Attempt {
  send: { projectId: number; rows: FolderBulkRow[]; keys: number[] } | null
  refuse: { rows: RowErrors; type: FieldMessage | null; form: string } | null
}

const attempt = sample({
  clock: createClicked,
  source: { projectId: $projectId, typeId: $typeId, rows: $rows, sending: $sending },
  filter: ({ sending }) => !sending,
  fn: ({ projectId, typeId, rows }): Attempt => {
    const filled = rows.filter(isFilled)
    const type = typeId ? null : message('validation.required')
    const refuse = (rows: RowErrors, form: string): Attempt => ({ send: null, refuse: { rows, type, form } })
    if (!filled.length) return refuse({}, 'documents:bulk.noRows')
    if (filled.length > BULK_MAX_ROWS) return refuse({}, 'documents:bulk.tooMany')
    const errors = checkRows(filled)
    if (type || Object.keys(errors).length) return refuse(errors, 'documents:bulk.invalid')
    return { send: { projectId, rows: toBulkRows(filled, Number(typeId)), keys: filled.map((row) => row.key) }, refuse: null }
  },
})
const refused = sample({ clock: attempt, filter: (a) => a.refuse !== null, fn: (a) => a.refuse! })
const sent = sample({ clock: attempt, filter: (a) => a.send !== null, fn: (a) => a.send! })

$rowErrors.on(refused, (_, { rows }) => rows).on(sent, () => ({}))
$typeError.on(refused, (_, { type }) => type).on(sent, () => null)
$formError.on(refused, (_, { form }) => form).on(sent, () => null)
$sentKeys.on(sent, (_, { keys }) => keys)
sample({ clock: sent, fn: ({ projectId, rows }) => ({ projectId, rows }), target: sendFx })

/** The API refused the list: each row's messages, and why above the buttons. */
const invalid = sample({
  clock: sendFx.failData,
  source: $sentKeys,
  filter: (_, error) => error instanceof ApiError && error.status === 400,
  fn: (keys, error) => ({ ...errorsOf((error as ApiError).errors ?? {}, keys), tooMany: Boolean((error as ApiError).errors?.rows) }),
})
$rowErrors.on(invalid, (_, { rows }) => rows)
$typeError.on(invalid, (_, { type }) => type)
$formError.on(invalid, (_, { tooMany }) => (tooMany ? 'documents:bulk.tooMany' : 'documents:bulk.invalid'))
sample({
  clock: sendFx.failData,
  filter: (error) => !(error instanceof ApiError && error.status === 400),
  fn: (error) => ({ kind: 'error' as const, key: 'bulk.failed', detail: refusalOf(error) }),
  target: notifyFx,
})

/** "N documents created" (its count in the words of the user's language), then the project's documents. */
export const createdFx = createEffect(({ projectId, count }: { projectId: number; count: number }) => {
  showToast({ kind: 'success', text: i18n.t('bulk.created', { ns: 'documents', count }) })
  navigate(`/project/${projectId}/documents`)
})
sample({ clock: sendFx.done, fn: ({ params, result }: { params: { projectId: number }; result: Folder[] }) => ({ projectId: params.projectId, count: result.length }), target: createdFx })

sample({ clock: bulkOpened, target: [loadProjectFx, choicesRequested] })

/** Everything the view draws besides the rows. */
export const $bulk = combine({ project: $project, loadError: $loadError, typeId: $typeId, typeError: $typeError, formError: $formError, paste: $paste, sending: $sending })

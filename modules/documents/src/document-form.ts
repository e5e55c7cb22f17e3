/**
 * The document form, shared by /project/{id}/documents/add and the metadata tab: every
 * field of part1 §3 "Document (folder)" with the rules of §5 (title required, at most
 * 100; number at most 240; a type required; dates that can be cleared; tags as a
 * comma-separated list of at most 20, each at most 40 characters).
 */
import { type Form, createForm, dayToEpoch, epochToDay } from '@app/module-kit'
import type { Folder, FolderData, FolderPatch } from '@app/plugin-documents/shared'

export const TEXTS = ['supplierNumber', 'customerNumber', 'tagNumber', 'masterNumber', 'format', 'classification', 'url'] as const
export const DATES = ['plannedIssueDate', 'approvedDate', 'actualIssueDate', 'expectedReturnDate', 'actualReturnDate'] as const
export const CHOICES = ['provider', 'placement', 'securityGroup'] as const
/** The selects naming a record by id. */
export const IDS = ['folderTypeId', 'responsibleId', 'parentFolderId'] as const
/** What an archived document keeps as it is (part1 §4). */
export const FIXED_WHEN_ARCHIVED = ['name', 'symbol', 'folderTypeId', 'responsibleId'] as const

type Text = (typeof TEXTS)[number] | (typeof DATES)[number] | (typeof CHOICES)[number] | (typeof IDS)[number]

export type DocumentValues = Record<Text, string> & {
  name: string
  symbol: string
  /** Comma-separated labels. */
  tags: string
  hasBom: boolean
  showComponents: boolean
}

const MAX_LENGTH: Record<(typeof TEXTS)[number], number> = {
  supplierNumber: 100,
  customerNumber: 100,
  tagNumber: 100,
  masterNumber: 100,
  format: 40,
  classification: 100,
  url: 2000,
}
const MAX_TAGS = 20
const MAX_TAG_LENGTH = 40

export const tagsOf = (text: string) => [...new Set(text.split(',').map((tag) => tag.trim()).filter(Boolean))]

const tagsRule = {
  validate: (value: unknown) => {
    const tags = tagsOf(String(value ?? ''))
    if (tags.length > MAX_TAGS) return 'documents:form.tooManyTags'
    return tags.some((tag) => tag.length > MAX_TAG_LENGTH) ? 'documents:form.tagTooLong' : null
  },
}

const blank = (): DocumentValues => ({
  name: '',
  symbol: '',
  tags: '',
  hasBom: false,
  showComponents: false,
  ...(Object.fromEntries([...TEXTS, ...DATES, ...CHOICES, ...IDS].map((name) => [name, ''])) as Record<Text, string>),
})

export const createDocumentForm = (submit: (values: DocumentValues) => Promise<void>): Form<DocumentValues> => {
  const initial = blank()
  const fields = Object.fromEntries(Object.entries(initial).map(([name, value]) => [name, { initial: value }])) as {
    [K in keyof DocumentValues]: { initial: DocumentValues[K]; rules?: object }
  }
  fields.name.rules = { required: true, maxLength: 100 }
  fields.symbol.rules = { maxLength: 240 }
  fields.folderTypeId.rules = { required: true }
  fields.tags.rules = tagsRule
  for (const name of TEXTS) fields[name].rules = { maxLength: MAX_LENGTH[name] }
  return createForm<DocumentValues>({ fields: fields as never, submit })
}

const idOrNull = (value: string) => (value ? Number(value) : null)

/** Form text → the API's fields: empty texts, dates and selects become null (cleared). */
const toFields = (values: DocumentValues): FolderPatch => {
  const data: Record<string, unknown> = { name: values.name.trim(), symbol: values.symbol.trim() || null, tags: tagsOf(values.tags), hasBom: values.hasBom, showComponents: values.showComponents }
  for (const name of TEXTS) data[name] = values[name].trim() || null
  for (const name of DATES) data[name] = dayToEpoch(values[name])
  for (const name of CHOICES) data[name] = values[name] || null
  data.responsibleId = idOrNull(values.responsibleId)
  data.parentFolderId = idOrNull(values.parentFolderId)
  if (values.folderTypeId) data.folderTypeId = Number(values.folderTypeId)
  return data as FolderPatch
}

export const toFolderData = (projectId: number, values: DocumentValues): FolderData => ({ ...toFields(values), projectId } as FolderData)

/**
 * The patch of an edit: only what changed, so a value the form cannot offer any more (a
 * type switched off since, a responsible gone from the project) never blocks saving the
 * rest; an archived document's title, type, responsible and number are never sent.
 */
export const toFolderPatch = (folder: Folder, values: DocumentValues): FolderPatch => {
  const saved = toFields(toDocumentValues(folder)) as Record<string, unknown>
  const patch = Object.fromEntries(Object.entries(toFields(values)).filter(([name, value]) => JSON.stringify(value) !== JSON.stringify(saved[name])))
  if (folder.state === 'ARCHIVED') for (const name of FIXED_WHEN_ARCHIVED) delete patch[name]
  return patch as FolderPatch
}

/** A saved document as the form's text. */
export const toDocumentValues = (folder: Folder): DocumentValues => {
  const values = blank()
  values.name = folder.name
  values.symbol = folder.symbol ?? ''
  values.tags = folder.tags.join(', ')
  values.hasBom = folder.hasBom
  values.showComponents = folder.showComponents
  for (const name of TEXTS) values[name] = folder[name] ?? ''
  for (const name of DATES) values[name] = epochToDay(folder[name])
  for (const name of CHOICES) values[name] = folder[name] ?? ''
  for (const name of IDS) values[name] = folder[name] === null ? '' : String(folder[name])
  return values
}

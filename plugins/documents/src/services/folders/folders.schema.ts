/** Document (folder), spec part1 §3 "Document (folder)" and §5 (its validation). Browser-safe. */
import { DATE_RANGE, Field, MESSAGES } from '@app/plugin-kit/shared'
import { type Static, Type } from '@sinclair/typebox'

export const FOLDER_STATES = ['IN_PROGRESS', 'ARCHIVED'] as const
export const PROVIDERS = ['CUSTOMER', 'SUPPLIER', 'COMPANY'] as const
export const PLACEMENTS = ['INTERNAL', 'EXTERNAL'] as const
export const SECURITY_GROUPS = ['ADMIN', 'USER'] as const

/** The messages of a body that names something the account or project does not have, or a number in use. */
export const FOLDER_MESSAGES = {
  numberTaken: 'Number already exists.',
  type: 'Choose a document type of this account',
  responsible: 'Choose a user of this account',
  parentFolder: 'Choose a document of this project',
  parentSelf: 'A document cannot be its own parent',
  parentCycle: 'A document cannot be a parent of its own parent',
  archived: 'An archived document keeps its title, type, responsible and number',
  // Its `blocks` name each thing in the way (a file, a link, a note, a material line, a binder it is in).
  hasFiles: 'The document is still in use and cannot be deleted',
} as const

const nullable = Field.nullable
const text = (max: number) => Type.Optional(nullable(Field.optionalText(max)))
/** Dates travel as epoch milliseconds, within DATE_RANGE; null clears one. */
const date = () => Type.Optional(nullable(Type.Integer({ ...DATE_RANGE, rangeMessage: MESSAGES.dateRange })))
const choice = <T extends readonly string[]>(values: T) => Type.Optional(nullable(Field.enumOf(values)))
/** At most 20 tags of up to 40 characters each. */
const tags = () => Type.Optional(Type.Array(Field.text({ maxLength: 40 }), { maxItems: 20, uniqueItems: true }))

/** The fields a client writes, each optional here: the create schema adds what is required. */
const editable = {
  name: Type.Optional(Field.text({ maxLength: 100 })),
  /** The document number (the spec's `symbol`): unique in the account. */
  symbol: text(240),
  folderTypeId: Type.Optional(Field.id()),
  parentFolderId: Type.Optional(nullable(Field.id())),
  responsibleId: Type.Optional(nullable(Field.id())),
  provider: choice(PROVIDERS),
  placement: choice(PLACEMENTS),
  securityGroup: choice(SECURITY_GROUPS),
  supplierNumber: text(100),
  customerNumber: text(100),
  tagNumber: text(100),
  masterNumber: text(100),
  format: text(40),
  classification: text(100),
  url: text(2000),
  plannedIssueDate: date(),
  approvedDate: date(),
  actualIssueDate: date(),
  expectedReturnDate: date(),
  actualReturnDate: date(),
  tags: tags(),
  hasBom: Type.Optional(Type.Boolean()),
  showComponents: Type.Optional(Type.Boolean()),
}

/** The fields a client writes, for bodies that take a document's fields too (the rows of POST /projects/{projectId}/folders-bulk). */
export const folderFields = editable

/** POST /folders: the project, a title and a type are required. */
export const folderDataSchema = Type.Object(
  { ...editable, projectId: Field.id(), name: Field.text({ maxLength: 100 }), folderTypeId: Field.id() },
  { additionalProperties: false, examples: [{ projectId: 1, name: 'General arrangement', folderTypeId: 1 }] },
)
export type FolderData = Static<typeof folderDataSchema>

/** PATCH /folders/{id}: any of the fields; the project never changes. */
export const folderPatchSchema = Type.Object({ ...editable, projectId: Type.Optional(Field.id()) }, { additionalProperties: false })
export type FolderPatch = Static<typeof folderPatchSchema>

/** The names of a person shown beside a document (its responsible, who made it). */
const personSchema = Type.Object({ id: Type.Integer(), firstName: Type.String(), lastName: Type.String() }, { additionalProperties: false })

export const folderSchema = Type.Object(
  {
    id: Type.Integer(),
    accountId: Type.Integer(),
    projectId: Type.Integer(),
    name: Type.String(),
    symbol: nullable(Type.String()),
    folderTypeId: Type.Integer(),
    parentFolderId: nullable(Type.Integer()),
    responsibleId: nullable(Type.Integer()),
    responsible: nullable(personSchema),
    state: Field.enumOf(FOLDER_STATES),
    revision: nullable(Type.String()),
    provider: nullable(Field.enumOf(PROVIDERS)),
    placement: nullable(Field.enumOf(PLACEMENTS)),
    securityGroup: nullable(Field.enumOf(SECURITY_GROUPS)),
    supplierNumber: nullable(Type.String()),
    customerNumber: nullable(Type.String()),
    tagNumber: nullable(Type.String()),
    masterNumber: nullable(Type.String()),
    format: nullable(Type.String()),
    classification: nullable(Type.String()),
    url: nullable(Type.String()),
    plannedIssueDate: nullable(Type.Integer()),
    approvedDate: nullable(Type.Integer()),
    actualIssueDate: nullable(Type.Integer()),
    expectedReturnDate: nullable(Type.Integer()),
    actualReturnDate: nullable(Type.Integer()),
    tags: Type.Array(Type.String()),
    hasBom: Type.Boolean(),
    showComponents: Type.Boolean(),
    /** Files shown in the document's list (COMMENT files are not). */
    fileCount: Type.Integer(),
    /** The caller has marked it a favourite (their Favorites tab). */
    favorite: Type.Boolean(),
    createdAt: Type.String(),
    createdBy: nullable(personSchema),
    changedAt: Type.String(),
  },
  { additionalProperties: false },
)
export type Folder = Static<typeof folderSchema>

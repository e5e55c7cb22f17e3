/** The control process (part1 §3 control roles EDIT/CONTROL/APPROVE, §4), revisions and the change log (§7 events). Browser-safe. */
import { DATE_RANGE, Field, MESSAGES } from '@app/plugin-kit/shared'
import { type Static, Type } from '@sinclair/typebox'

export const CONTROL_ROLES = ['EDIT', 'CONTROL', 'APPROVE'] as const
export type ControlRole = (typeof CONTROL_ROLES)[number]

const person = Type.Object({ id: Type.Integer(), firstName: Type.String(), lastName: Type.String() }, { additionalProperties: false })

/** One tick: who did it and on which day (epoch milliseconds). */
export const controlTickSchema = Type.Object({ role: Field.enumOf(CONTROL_ROLES), by: Field.nullable(person), doneOn: Type.Integer() }, { additionalProperties: false })
export type ControlTick = Static<typeof controlTickSchema>

/** PUT /folders/{folderId}/control/{role}: the day; the person is the caller. */
export const controlTickDataSchema = Type.Object(
  { doneOn: Type.Integer({ ...DATE_RANGE, rangeMessage: MESSAGES.dateRange }) },
  { additionalProperties: false, examples: [{ doneOn: 1767225600000 }] },
)

/** POST /folders/{folderId}/archive: the revision's label; the next one (A, B, … Z, AA …) when not given. */
export const archiveDataSchema = Type.Object(
  { revision: Type.Optional(Field.text({ maxLength: 20 })) },
  { additionalProperties: false, examples: [{ revision: 'A' }] },
)

/** An archived revision, with its files (GET /folders/{folderId}/files?revisionId= lists them; fileCount counts what it lists). */
export const revisionSchema = Type.Object(
  {
    id: Type.Integer(),
    revision: Type.String(),
    archivedAt: Type.String(),
    archivedBy: Field.nullable(person),
    controls: Type.Array(controlTickSchema),
    fileCount: Type.Integer(),
    /** The revision the document is in now (archived, no new revision begun). */
    current: Type.Boolean(),
  },
  { additionalProperties: false },
)
export type Revision = Static<typeof revisionSchema>

/** One change of the document (the spec's modifiedBy, eventType, eventName, subject, creationDate). */
export const folderEventSchema = Type.Object(
  {
    id: Type.Integer(),
    modifiedBy: Field.nullable(person),
    eventType: Type.String(),
    subject: Type.String(),
    creationDate: Type.String(),
  },
  { additionalProperties: false },
)
export type FolderEvent = Static<typeof folderEventSchema>

export const folderEventQuerySchema = Type.Object(
  { $limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 200 })), $skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })) },
  { additionalProperties: false },
)

export const CONTROL_MESSAGES = {
  notTicked: 'Tick edited, controlled and approved by, each with a date, before archiving',
  archived: 'An archived document keeps its control process as it was archived',
  notArchived: 'Only an archived document starts a new revision',
  alreadyArchived: 'The document is archived already',
  notArchivedYet: 'The document is not archived',
  revisionTaken: 'This document has that revision already',
  currentRevision: 'This is the revision the document is archived in now: unarchive it instead',
  role: 'Choose edited, controlled or approved',
} as const

/** The change log's event types (part1 §7; documentArchived, newRevision, checkedOut … named there). */
export const FOLDER_EVENTS = [
  'documentCreated',
  'documentSaved',
  'controlTicked',
  'controlCleared',
  'documentArchived',
  'documentUnarchived',
  'newRevision',
  // An older archived revision deleted, with the files kept with it (subject: its label).
  'revisionDeleted',
  'fileAdded',
  'fileRenamed',
  'filesDeleted',
  'fileCopied',
  // PDF files merged into a new one (subject: "a.pdf, b.pdf → a (merged).pdf").
  'filesMerged',
  // A file locked (checked out, the spec's log code) and unlocked (checked in).
  'checkedOut',
  'checkedIn',
  'fileGeolocationSet',
  'urlAdded',
  'urlSaved',
  'urlDeleted',
  // A line of the material list added, changed or deleted (subject: its name).
  'materialLineAdded',
  'materialLineSaved',
  'materialLineDeleted',
  // A row of the action plan added, changed or deleted (subject: its description).
  'actionAdded',
  'actionSaved',
  'actionDeleted',
  // The document put into a binder (document list) or taken out of it, the binder's removal too (subject: the binder's name).
  'addedToList',
  'removedFromList',
] as const
export type FolderEventType = (typeof FOLDER_EVENTS)[number]

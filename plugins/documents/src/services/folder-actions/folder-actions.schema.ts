/**
 * Document action plan row (spec part1 §3 "Document action plan rows: description, planned
 * date, responsible, finalized check, notes, acceptance code, comment from (Company,
 * Supplier, Internal), processing time in weeks, due date, days overdue"). Browser-safe:
 * the Actions tab's form takes its limits and choices from here.
 */
import { DATE_RANGE, Field, MESSAGES } from '@app/plugin-kit/shared'
import { type Static, Type } from '@sinclair/typebox'

/** Where a comment on the row came from (the spec's Company, Supplier, Internal). */
export const COMMENT_FROM = ['COMPANY', 'SUPPLIER', 'INTERNAL'] as const
export type CommentFrom = (typeof COMMENT_FROM)[number]

export const FOLDER_ACTION_MESSAGES = {
  archived: 'An archived document keeps its action plan as it is',
  /** The responsible must be able to open the document: an enabled member who reaches its project. */
  responsible: 'Choose a user of this project',
} as const

/** The longest texts of a row, and the longest processing time (ten years of weeks). */
export const FOLDER_ACTION_LIMITS = { description: 500, notes: 2000, acceptanceCode: 40, processingWeeks: 520 } as const

const person = Type.Object({ id: Type.Integer(), firstName: Type.String(), lastName: Type.String() }, { additionalProperties: false })
const nullableText = () => Field.nullable(Type.String())

export const folderActionSchema = Type.Object(
  {
    id: Type.Integer(),
    folderId: Type.Integer(),
    description: Type.String(),
    /** The planned day: epoch milliseconds of the local midnight it begins at, as the documents' other days. */
    plannedOn: Field.nullable(Type.Integer()),
    responsibleId: Field.nullable(Type.Integer()),
    responsible: Field.nullable(person),
    finalized: Type.Boolean(),
    notes: nullableText(),
    acceptanceCode: nullableText(),
    commentFrom: Field.nullable(Field.enumOf(COMMENT_FROM)),
    processingWeeks: Field.nullable(Type.Integer()),
    /**
     * Computed: the planned day plus the processing weeks (7 × 24 hours each), the planned
     * day itself without weeks, null without a planned day.
     */
    dueOn: Field.nullable(Type.Integer()),
    /** Computed when asked: the whole days since the due day ended (24 hours after dueOn), 0 before that, once finalized, or without a due day. */
    daysOverdue: Type.Integer(),
    createdAt: Type.String(),
    createdBy: Field.nullable(person),
    changedAt: Type.String(),
    changedBy: Field.nullable(person),
  },
  { additionalProperties: false },
)
export type FolderAction = Static<typeof folderActionSchema>

const optionalText = (maxLength: number) => Type.Optional(Field.nullable(Field.optionalText(maxLength)))

/**
 * POST /folders/{folderId}/actions and PUT …/actions/{actionId}: the whole row (a PUT
 * replaces it). Only the description is required; a missing field is none (unfinalized).
 */
export const folderActionDataSchema = Type.Object(
  {
    description: Field.text({ maxLength: FOLDER_ACTION_LIMITS.description }),
    plannedOn: Type.Optional(Field.nullable(Type.Integer({ ...DATE_RANGE, rangeMessage: MESSAGES.dateRange }))),
    responsibleId: Type.Optional(Field.nullable(Field.id())),
    finalized: Type.Optional(Type.Boolean()),
    notes: optionalText(FOLDER_ACTION_LIMITS.notes),
    acceptanceCode: optionalText(FOLDER_ACTION_LIMITS.acceptanceCode),
    commentFrom: Type.Optional(Field.nullable(Field.enumOf(COMMENT_FROM))),
    processingWeeks: Type.Optional(Field.nullable(Type.Integer({ minimum: 0, maximum: FOLDER_ACTION_LIMITS.processingWeeks }))),
  },
  {
    additionalProperties: false,
    examples: [
      {
        description: 'Supplier to resubmit the datasheet with the corrected flange rating',
        plannedOn: 1767225600000,
        finalized: false,
        notes: 'Raised in the design review',
        acceptanceCode: 'B',
        commentFrom: 'SUPPLIER',
        processingWeeks: 2,
      },
    ],
  },
)
export type FolderActionData = Static<typeof folderActionDataSchema>

/** GET /folders/{folderId}/actions: a page of the document's action plan, by planned day (rows without one last), then id. */
export const folderActionQuerySchema = Type.Object(
  {
    $limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 500 })),
    $skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })),
  },
  { additionalProperties: false },
)

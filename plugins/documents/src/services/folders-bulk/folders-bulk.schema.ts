/**
 * Bulk creation of a project's documents from a list (part1 §2 "Bulk creation of several
 * folders from a list", §4, §8). Browser-safe.
 */
import { Field } from '@app/plugin-kit/shared'
import { type Static, Type } from '@sinclair/typebox'
import { folderFields } from '../folders/folders.schema'

/** The most rows one call creates. */
export const BULK_MAX_ROWS = 500

export const FOLDERS_BULK_MESSAGES = {
  /** Every refusal of the body, of the list or of any row (part1 §8). */
  invalid: 'Failed to create - invalid input',
  rows: `Give from 1 to ${BULK_MAX_ROWS} documents`,
} as const

/**
 * One row: every field POST /folders takes but the project (the path names it), with a
 * number required (every row has one, unique in the list and in the account) and a
 * revision label: given, the document is archived as that revision on creation; blank or
 * left out, it is IN_PROGRESS (part1 §4).
 */
export const folderBulkRowSchema = Type.Object(
  {
    ...folderFields,
    name: Field.text({ maxLength: 100 }),
    symbol: Field.text({ maxLength: 240 }),
    folderTypeId: Field.id(),
    revision: Type.Optional(Field.nullable(Field.optionalText(20))),
  },
  { additionalProperties: false },
)
export type FolderBulkRow = Static<typeof folderBulkRowSchema>

/** POST /projects/{projectId}/folders-bulk: the rows, all created or none. */
export const folderBulkDataSchema = Type.Object(
  { rows: Type.Array(folderBulkRowSchema, { minItems: 1, maxItems: BULK_MAX_ROWS, errorMessage: FOLDERS_BULK_MESSAGES.rows }) },
  {
    additionalProperties: false,
    examples: [
      {
        rows: [
          { symbol: 'GA-0001', name: 'General arrangement', folderTypeId: 1 },
          { symbol: 'GA-0002', name: 'Sections', folderTypeId: 1, revision: 'A' },
        ],
      },
    ],
  },
)
export type FolderBulkData = Static<typeof folderBulkDataSchema>

/**
 * What the kit's input hook checks before the service: one JSON object. The service checks
 * it against folderBulkDataSchema itself, so that every refusal, of the list or of a row,
 * says "Failed to create - invalid input" with its field messages (`rows.3.symbol`).
 */
export const folderBulkBodySchema = Type.Object({}, { additionalProperties: true, examples: folderBulkDataSchema.examples })

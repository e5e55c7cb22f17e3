/** Document templates with the appendable flag (spec part1 §3). Browser-safe. */
import { querySyntax } from '@feathersjs/typebox'
import { type Static, Type } from '@sinclair/typebox'
import { withFilter } from '../foldertypes/foldertypes.schema'

export const templateSchema = Type.Object(
  {
    id: Type.Integer(),
    accountId: Type.Integer(),
    name: Type.String(),
    mimeType: Type.String(),
    size: Type.Integer(),
    /** Whether the template may be appended to an existing file. */
    appendable: Type.Boolean(),
    createdAt: Type.String(),
    createdBy: Type.Union([Type.Integer(), Type.Null()]),
  },
  { additionalProperties: false },
)
export type Template = Static<typeof templateSchema>

/** The form fields beside the file; multipart sends every field as text. */
export const templateDataSchema = Type.Object(
  { appendable: Type.Optional(Type.Union([Type.Boolean(), Type.Literal('true'), Type.Literal('false')])) },
  { additionalProperties: false },
)
export const templatePatchSchema = Type.Object({ appendable: Type.Boolean() }, { additionalProperties: false, examples: [{ appendable: true }] })

export const templateQuerySchema = withFilter(querySyntax(Type.Pick(templateSchema, ['id', 'name', 'size', 'appendable', 'createdAt'])))

/** Office documents and templates, and PDF (decided: the formats a document template is made in). */
export const TEMPLATE_EXTENSIONS = ['.docx', '.xlsx', '.pptx', '.pdf', '.dotx', '.xltx'] as const
export const TEMPLATE_INVALID_FORMAT = 'The template file you were trying to upload has invalid format.'

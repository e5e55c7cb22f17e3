/** Comment, spec part2 §3 "Comment" and §5 ("non-empty to add; edited comment required"). Browser-safe. */
import { Field, MESSAGES } from '@app/plugin-kit/shared'
import { type Static, Type } from '@sinclair/typebox'

export const COMMENT_MAX_LENGTH = 4000

/** A person as a comment names them (author, last changed by); null once they have left the account. */
export const commentPersonSchema = Type.Object(
  { id: Type.Integer(), firstName: Type.String(), lastName: Type.String(), username: Type.String() },
  { additionalProperties: false },
)

export const commentSchema = Type.Object(
  {
    id: Type.Integer(),
    /** What it is attached to: a module ('project') and the id of one of its things. */
    module: Type.String(),
    moduleId: Type.Integer(),
    content: Type.String(),
    author: Field.nullable(commentPersonSchema),
    /** Whether the caller wrote it. */
    owner: Type.Boolean(),
    /** Whether the caller may change or remove it: its author, or an administrator of what it is attached to. */
    canEdit: Type.Boolean(),
    /** When it was written (ISO-8601 UTC); `date` is the same, the spec's other name for it. */
    date: Type.String(),
    creationDate: Type.String(),
    changeDate: Field.nullable(Type.String()),
    changedBy: Field.nullable(commentPersonSchema),
  },
  { additionalProperties: false },
)
export type Comment = Static<typeof commentSchema>

/** A comment's text: anything but only blanks (new lines are fine), at most 4000 characters. */
const content = Type.String({ minLength: 1, maxLength: COMMENT_MAX_LENGTH, pattern: '\\S', errorMessage: MESSAGES.required })

/** POST and PUT take the content alone: the author, the dates and what it is attached to come from the server. */
export const commentDataSchema = Type.Object({ content }, { additionalProperties: false, examples: [{ content: 'Foundations poured, waiting for inspection.' }] })
export type CommentData = Static<typeof commentDataSchema>

export const commentPageSchema = Type.Object(
  { total: Type.Integer(), limit: Type.Integer(), skip: Type.Integer(), data: Type.Array(commentSchema) },
  { additionalProperties: false },
)
export type CommentPage = Static<typeof commentPageSchema>

export const commentQuerySchema = Type.Object(
  { $limit: Type.Optional(Type.Integer({ minimum: 0 })), $skip: Type.Optional(Type.Integer({ minimum: 0 })) },
  { additionalProperties: false },
)
export type CommentQuery = Static<typeof commentQuerySchema>

/** Refusals (the spec has no words of its own for them). */
export const COMMENT_MESSAGES = {
  notYours: 'Only its author or an administrator may change this comment',
} as const

/** Link between modules (spec part1 §3 "Link: from, fromId, to"; §7 the /links calls). Browser-safe. */
import { Field } from '@app/plugin-kit/shared'
import { type Static, Type } from '@sinclair/typebox'

/** The longest module name (the table's column); which names exist is the installed plugins' answer (the kit's `linkTargets`). */
export const LINK_MODULE_MAX_LENGTH = 40

/** Refusals and field messages (the spec has no words of its own for them beyond "is linked to"). */
export const LINK_MESSAGES = {
  /** A module nobody installed; the API lists those it knows after it ("Must be one of document, project"). */
  unknownModule: 'Unknown module',
  self: 'An item cannot be linked to itself',
  duplicate: 'Link already exists',
} as const

/** A module's name in a body: lower-case letters (and dashes); anything else is no module. */
const moduleName = Type.String({ minLength: 1, maxLength: LINK_MODULE_MAX_LENGTH, pattern: '^[a-z][a-z-]*$', errorMessage: LINK_MESSAGES.unknownModule })

/** POST /links: the item linked from (whose page the caller is on) and the item linked to. */
export const linkDataSchema = Type.Object(
  { from: moduleName, fromId: Field.id(), to: moduleName, toId: Field.id() },
  { additionalProperties: false, examples: [{ from: 'document', fromId: 12, to: 'project', toId: 3 }] },
)
export type LinkData = Static<typeof linkDataSchema>

/**
 * A link as one end sees it: the link's id, the end asked from (`from`, `fromId`) and the
 * other end (`to`, `toId`) with its label and the browser route that opens it.
 */
export const linkSchema = Type.Object(
  {
    id: Type.Integer(),
    from: Type.String(),
    fromId: Type.Integer(),
    to: Type.String(),
    toId: Type.Integer(),
    /** The other end as lists name it: "D-100 - Floor plan", "P-12 - Harbour bridge". */
    label: Type.String(),
    /** Where the browser opens the other end: `/project/7/documents/42`, `/project/7`. */
    route: Type.String(),
    /** When the link was made (ISO-8601 UTC). */
    createdAt: Type.String(),
  },
  { additionalProperties: false },
)
export type Link = Static<typeof linkSchema>

export const linkPageSchema = Type.Object(
  { total: Type.Integer(), limit: Type.Integer(), skip: Type.Integer(), data: Type.Array(linkSchema) },
  { additionalProperties: false },
)
export type LinkPage = Static<typeof linkPageSchema>

/** GET /links/{from}/{fromId}/{to} pages: sorted by the other end's label. */
export const linkQuerySchema = Type.Object(
  { $limit: Type.Optional(Type.Integer({ minimum: 0 })), $skip: Type.Optional(Type.Integer({ minimum: 0 })) },
  { additionalProperties: false },
)
export type LinkQuery = Static<typeof linkQuerySchema>

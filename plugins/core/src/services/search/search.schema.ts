/** GET /search (spec part2 §2 "Search"), browser-safe. */
import { MESSAGES, formatMessage } from '@app/plugin-kit/shared'
import { type Static, Type } from '@sinclair/typebox'

/**
 * The nav box searches only when its text is longer than 2 characters, so the API takes
 * 3 or more (after trimming): fewer answers 400 with the field's message.
 */
export const SEARCH_MIN_LENGTH = 3
export const SEARCH_MAX_LENGTH = 200
/** Hits listed per group unless `$limit` says otherwise (each group's total counts them all). */
export const SEARCH_DEFAULT_LIMIT = 20
export const SEARCH_MAX_LIMIT = 100

export const SEARCH_TOO_SHORT = formatMessage(MESSAGES.minLength, { min: SEARCH_MIN_LENGTH })

export const searchQuerySchema = Type.Object(
  {
    q: Type.String({ maxLength: SEARCH_MAX_LENGTH }),
    /** Hits per group (default 20, at most 100). */
    $limit: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { additionalProperties: false },
)
export type SearchQuery = Static<typeof searchQuerySchema>

export const searchHitSchema = Type.Object(
  { id: Type.Integer(), title: Type.String(), href: Type.String() },
  { additionalProperties: false },
)

/**
 * One group (Projects, Companies, Documents …): its hits sorted by number and name, and how
 * many there are; `totalCapped`: at least that many (a group over hundreds of thousands of
 * rows counts no further).
 */
export const searchGroupSchema = Type.Object(
  { group: Type.String(), total: Type.Integer({ minimum: 0 }), totalCapped: Type.Optional(Type.Boolean()), items: Type.Array(searchHitSchema) },
  { additionalProperties: false },
)

export const searchResultSchema = Type.Object({ groups: Type.Array(searchGroupSchema) }, { additionalProperties: false })
export type SearchResult = Static<typeof searchResultSchema>

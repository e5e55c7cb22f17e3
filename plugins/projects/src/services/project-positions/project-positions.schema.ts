/** GET /projects/positions: the home map's markers (issue 9 "Home dashboard"), browser-safe. */
import { type Static, Type } from '@sinclair/typebox'

/**
 * At most this many markers in one answer (by number, then id): a map with more is unreadable
 * anyway, and the answer stays one indexed read of a few hundred kilobytes. `total` says
 * how many there are, so a client can tell the answer was capped.
 */
export const POSITIONS_MAX = 10_000

export const projectPositionSchema = Type.Object(
  { id: Type.Integer(), symbol: Type.String(), name: Type.String(), latitude: Type.Number(), longitude: Type.Number() },
  { additionalProperties: false },
)
export type ProjectPosition = Static<typeof projectPositionSchema>

export const projectPositionsSchema = Type.Object(
  {
    /** Every positioned project the caller may open (ACCESS or more). */
    total: Type.Integer({ minimum: 0 }),
    /** How many this answer holds at most: `$limit`, or POSITIONS_MAX. `data.length < total`: capped. */
    limit: Type.Integer({ minimum: 0 }),
    data: Type.Array(projectPositionSchema),
  },
  { additionalProperties: false },
)
export type ProjectPositions = Static<typeof projectPositionsSchema>

/** `$limit` only (taken down to POSITIONS_MAX); any other key is a 400. */
export const projectPositionsQuerySchema = Type.Object({ $limit: Type.Optional(Type.Integer({ minimum: 0 })) }, { additionalProperties: false })
export type ProjectPositionsQuery = Static<typeof projectPositionsQuerySchema>

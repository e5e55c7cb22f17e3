/** The home page's counts (GET /dashboard/info), browser-safe. */
import { type Static, Type } from '@sinclair/typebox'

/**
 * GET /dashboard/info (spec part2 §3 "Dashboard info", §7): the home page's counts of the
 * caller's current account. A count the caller may not see is left out. projectCount
 * and squareMeters come with the projects module (dashboardCounts, dashboardFigures).
 */
export const dashboardInfoSchema = Type.Object(
  {
    /** The projects list's total (the projects module's dashboardCounts). */
    projectCount: Type.Optional(Type.Integer({ minimum: 0 })),
    /** The square metres of the caller's projects (the projects module's dashboardFigures). */
    squareMeters: Type.Optional(Type.Number({ minimum: 0 })),
    /** The companies list's total, for callers who may open it. */
    companyCount: Type.Optional(Type.Integer({ minimum: 0 })),
    /** The users page's total (anonymised users in, system users out), for callers who may open it. */
    userCount: Type.Optional(Type.Integer({ minimum: 0 })),
    /** Bytes of the account's files, for its administrators. */
    storage: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { additionalProperties: false },
)
export type DashboardInfo = Static<typeof dashboardInfoSchema>

/** The projects plugin's dashboard calls (spec part2 §2 "Project dashboard", §3, §7, §9), browser-safe. */
import { Field } from '@app/plugin-kit/shared'
import { type Static, Type } from '@sinclair/typebox'

const nullable = Field.nullable

/** GET /dashboard/projects: how many recent projects unless `$limit` says (spec part2 §9), and at most. */
export const RECENT_DEFAULT_LIMIT = 10
export const RECENT_MAX_LIMIT = 100

export const recentProjectSchema = Type.Object(
  {
    id: Type.Integer(),
    symbol: Type.String(),
    name: Type.String(),
    /** The caller's last visit, epoch ms. */
    lastVisited: Type.Integer(),
  },
  { additionalProperties: false },
)
export type RecentProjectRow = Static<typeof recentProjectSchema>

export const recentProjectPageSchema = Type.Object(
  { total: Type.Integer(), limit: Type.Integer(), skip: Type.Integer(), data: Type.Array(recentProjectSchema) },
  { additionalProperties: false },
)
export type RecentProjectPage = Static<typeof recentProjectPageSchema>

export const recentProjectsQuerySchema = Type.Object(
  { $limit: Type.Optional(Type.Integer({ minimum: 0 })), $skip: Type.Optional(Type.Integer({ minimum: 0 })) },
  { additionalProperties: false },
)

/** GET /dashboard/info/project/{projectId} (spec part2 §7): its tiles' figures. */
export const projectDashboardInfoSchema = Type.Object(
  {
    /** Members holding a grant on the project, their own or their role's. */
    userCount: Type.Integer({ minimum: 0 }),
    squareMeters: nullable(Type.Number()),
  },
  // Figures other plugins contribute for a project (dashboardFigures) ride along.
  { additionalProperties: Type.Number() },
)
export type ProjectDashboardInfo = Static<typeof projectDashboardInfoSchema>

/** The query of the calls about one project. */
export const projectIdQuerySchema = Type.Object({ projectId: Field.id() }, { additionalProperties: false })
export type ProjectIdQuery = Static<typeof projectIdQuerySchema>

/** The project status boxes (spec part2 §2 "Dashboard status boxes"), in their order. */
export const STATUS_BOXES = [
  'inProgress',
  'forControl',
  'forApproval',
  'archived',
  'overdue',
  'plannedNextWeek',
  'planned10Days',
  'planned30Days',
  'planned60Days',
  'readyToBeSent',
  'sentToCustomer',
  'returnedWithComments',
  'approvedByCustomer',
  'totalDocuments',
] as const
/** The caller's own boxes. */
export const PERSONAL_BOXES = ['checkedOut', 'recent', 'favourite'] as const

const counts = (keys: readonly string[]) => Type.Object(Object.fromEntries(keys.map((key) => [key, Type.Integer({ minimum: 0 })])), { additionalProperties: false })

/** GET /dashboard?projectId=: every box's count; `counted` false while no module counts them (the boxes' empty state). */
export const projectStatusSchema = Type.Object(
  { projectId: Type.Integer(), counted: Type.Boolean(), boxes: counts(STATUS_BOXES), personal: counts(PERSONAL_BOXES) },
  { additionalProperties: false },
)
export type ProjectStatus = Static<typeof projectStatusSchema>

/** The project timeline's bubbles (spec part2 §2 "Project status timeline"), and the date each stands on. */
export const TIMELINE_KEYS = ['start', 'end', 'delivery', 'inspection', 'shipment'] as const
export type TimelineKey = (typeof TIMELINE_KEYS)[number]
/** How far a bubble has got; no mark is none. */
export const TIMELINE_PROGRESS = ['PARTIAL', 'FULL'] as const

export const timelineMarkSchema = Type.Object(
  {
    key: Field.enumOf(TIMELINE_KEYS),
    progress: Field.enumOf(TIMELINE_PROGRESS),
    markedBy: nullable(Type.Object({ id: Type.Integer(), firstName: Type.String(), lastName: Type.String() }, { additionalProperties: false })),
    /** ISO-8601 UTC. */
    markedAt: Type.String(),
  },
  { additionalProperties: false },
)
export type TimelineMark = Static<typeof timelineMarkSchema>

/** POST /dashboard/time-line/project/{projectId}/{key}: the bubble's progress (FULL unless said). */
export const timelineMarkDataSchema = Type.Object(
  { progress: Type.Optional(Field.enumOf(TIMELINE_PROGRESS)) },
  { additionalProperties: false, examples: [{ progress: 'FULL' }] },
)
export type TimelineMarkData = Static<typeof timelineMarkDataSchema>

/** A day's documents in a state, for the timeline's progress (the documents module fills it; empty until then). */
export const documentStatSchema = Type.Object({ date: Type.Integer(), state: Type.String(), count: Type.Integer() }, { additionalProperties: false })

/** GET /dashboard/time-line?projectId= (spec part2 §2 "Timeline data"): dates are epoch ms or null. */
export const timelineSchema = Type.Object(
  {
    projectId: Type.Integer(),
    startDate: nullable(Type.Integer()),
    endDate: nullable(Type.Integer()),
    inspectionDate: nullable(Type.Integer()),
    deliveryDate: nullable(Type.Integer()),
    shipmentDate: nullable(Type.Integer()),
    documentStats: Type.Array(documentStatSchema),
    /** The bubbles' marks, one per key at most. */
    marks: Type.Array(timelineMarkSchema),
  },
  { additionalProperties: false },
)
export type Timeline = Static<typeof timelineSchema>

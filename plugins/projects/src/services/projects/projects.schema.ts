/** Project, spec part2 §3 "Project" and §5 (its validation). Browser-safe. */
import { ACCESS_LEVELS, COUNTRY_PATTERN, DATE_RANGE, Field, MESSAGES } from '@app/plugin-kit/shared'
import { type Static, Type } from '@sinclair/typebox'

const nullable = Field.nullable
const text = (max: number) => Type.Optional(nullable(Field.optionalText(max)))
const number = (options: { minimum?: number; maximum?: number } = {}) =>
  Type.Optional(nullable(Type.Number({ ...options, errorMessage: MESSAGES.decimal })))
/** Dates travel as epoch milliseconds (spec part2 §3), within DATE_RANGE; null clears one. */
const date = () => Type.Optional(nullable(Type.Integer({ ...DATE_RANGE, rangeMessage: MESSAGES.dateRange })))

/** Where a project is: latitude and longitude, optionally altitude (m) and rotations (degrees). */
export const geoPositionSchema = Type.Object(
  {
    latitude: Type.Number({ minimum: -90, maximum: 90, errorMessage: MESSAGES.decimal }),
    longitude: Type.Number({ minimum: -180, maximum: 180, errorMessage: MESSAGES.decimal }),
    altitude: number(),
    rotationX: number(),
    rotationY: number(),
    rotationZ: number(),
  },
  { additionalProperties: false },
)
export type GeoPosition = Static<typeof geoPositionSchema>

/** The names of a person shown beside a project (its manager, who made it). */
export const personNamesSchema = Type.Object(
  { id: Type.Integer(), firstName: Type.String(), lastName: Type.String(), username: Type.String() },
  { additionalProperties: false },
)

/** The client as a project shows it. */
export const projectClientSchema = Type.Object(
  { id: Type.Integer(), name: Type.String(), number: nullable(Type.String()), country: nullable(Type.String()) },
  { additionalProperties: false },
)

/** What the caller may do in the project (spec part2 §3 "accessLevel flags"), from their level. */
export const accessFlagsSchema = Type.Object(
  { level: Field.enumOf(ACCESS_LEVELS), view: Type.Boolean(), download: Type.Boolean(), edit: Type.Boolean(), administer: Type.Boolean() },
  { additionalProperties: false },
)

export const projectSchema = Type.Object(
  {
    id: Type.Integer(),
    accountId: Type.Integer(),
    name: Type.String(),
    /** The project number. */
    symbol: Type.String(),
    masterNumber: nullable(Type.String()),
    parentId: nullable(Type.Integer()),
    managerId: nullable(Type.Integer()),
    manager: nullable(personNamesSchema),
    /** The client company. */
    companyId: nullable(Type.Integer()),
    company: nullable(projectClientSchema),
    startDate: nullable(Type.Integer()),
    endDate: nullable(Type.Integer()),
    deliveryDate: nullable(Type.Integer()),
    shipmentDate: nullable(Type.Integer()),
    inspectionDate: nullable(Type.Integer()),
    value: nullable(Type.Number()),
    /** Area in m², the cost field. */
    area: nullable(Type.Number()),
    squareMeters: nullable(Type.Number()),
    geoPosition: nullable(geoPositionSchema),
    /** The site's address. */
    address: nullable(Type.String()),
    additionalInfo: nullable(Type.String()),
    endCompanyName: nullable(Type.String()),
    endCompanyAddress: nullable(Type.String()),
    endCompanyCountry: nullable(Type.String()),
    endCompanyPlant: nullable(Type.String()),
    /** Null until someone chooses: the billing toggle refuses to act then (spec part2 §4). */
    shouldNotifyBilling: nullable(Type.Boolean()),
    isBillingNotified: Type.Boolean(),
    skymapEnabled: Type.Boolean(),
    skymapProjectId: nullable(Type.String()),
    createdAt: Type.String(),
    createdBy: nullable(personNamesSchema),
    /** Bytes of the project's files (0 until the documents module counts them). */
    storageTotal: Type.Integer(),
    /** The caller's last visit (epoch ms), null if never. */
    lastVisited: nullable(Type.Integer()),
    accessLevel: accessFlagsSchema,
  },
  { additionalProperties: false },
)
export type Project = Static<typeof projectSchema>

/** The fields a caller writes (spec part2 §5): name, number and client are required. */
export const projectDataSchema = Type.Object(
  {
    name: Field.text({ maxLength: 100 }),
    symbol: Field.text({ maxLength: 20 }),
    companyId: Field.id(),
    masterNumber: text(60),
    parentId: Type.Optional(nullable(Field.id())),
    managerId: Type.Optional(nullable(Field.id())),
    startDate: date(),
    endDate: date(),
    deliveryDate: date(),
    shipmentDate: date(),
    inspectionDate: date(),
    value: number(),
    area: number({ minimum: 0 }),
    squareMeters: number({ minimum: 0 }),
    geoPosition: Type.Optional(nullable(geoPositionSchema)),
    address: text(200),
    additionalInfo: Type.Optional(nullable(Type.String({ maxLength: 4000 }))),
    endCompanyName: text(200),
    endCompanyAddress: text(200),
    endCompanyCountry: Type.Optional(nullable(Type.String({ pattern: COUNTRY_PATTERN, errorMessage: 'Choose a country from the list' }))),
    endCompanyPlant: text(100),
  },
  { additionalProperties: false, examples: [{ name: 'Harbour crane', symbol: 'P-1001', companyId: 1 }] },
)
export type ProjectData = Static<typeof projectDataSchema>
export const projectPatchSchema = Type.Partial(projectDataSchema, { additionalProperties: false })
/** PUT /projects: the project with its id to change it, without to create it (spec part2 §7). */
export const projectSaveSchema = Type.Object({ ...projectDataSchema.properties, id: Type.Optional(Field.id()) }, { additionalProperties: false })

/** The list's sortable columns (spec part2 §2 "Project list"). */
export const PROJECT_SORTS = ['symbol', 'name', 'manager', 'client', 'createdAt', 'startDate', 'endDate'] as const
export type ProjectSort = (typeof PROJECT_SORTS)[number]

const direction = Type.Optional(Type.Integer({ minimum: -1, maximum: 1 }))

export const projectQuerySchema = Type.Object(
  {
    $limit: Type.Optional(Type.Integer({ minimum: 0 })),
    $skip: Type.Optional(Type.Integer({ minimum: 0 })),
    $sort: Type.Optional(Type.Object(Object.fromEntries(PROJECT_SORTS.map((s) => [s, direction])), { additionalProperties: false })),
    /** The filter box: number or name contains the text, any case. */
    filter: Type.Optional(Type.String({ maxLength: 200 })),
    /** With each project's figures (spec part2 §7 `stats`). */
    stats: Type.Optional(Type.Boolean()),
    /** A company's projects (its projects tab, the tree view). */
    companyId: Type.Optional(Field.id()),
    parentId: Type.Optional(nullable(Field.id())),
    id: Type.Optional(Type.Union([Field.id(), Type.Object({ $in: Type.Array(Field.id(), { maxItems: 500 }) }, { additionalProperties: false })])),
  },
  { additionalProperties: false },
)
export type ProjectQuery = Static<typeof projectQuerySchema>

/** The spec's messages for project calls (part2 §8). */
export const PROJECT_MESSAGES = {
  addFailed: 'Adding project failed',
  saveFailed: 'Saving project failed',
  hasContent: 'This project has content and cannot be deleted',
  confirmDelete: 'Are you sure you want to do this?',
} as const

/** GET /projects/info: the caller's project counts in their current account (a decision: the spec names the call, not its answer). */
export const projectInfoSchema = Type.Object(
  {
    /** Projects the caller holds a level on (what GET /projects totals). */
    total: Type.Integer(),
    /** Of those, the ones they may edit (EDIT or ADMINISTER). */
    editable: Type.Integer(),
    /** Of those, the ones they administer. */
    administered: Type.Integer(),
    /** Whether they may create projects (canManageProjects). */
    canCreate: Type.Boolean(),
  },
  { additionalProperties: false },
)
export type ProjectInfo = Static<typeof projectInfoSchema>

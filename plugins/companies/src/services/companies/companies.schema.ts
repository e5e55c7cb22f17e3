/** Company (client or supplier), spec part1 §3. Browser-safe. */
import { Field, MESSAGES } from '@app/plugin-kit/shared'
import { type Static, Type } from '@sinclair/typebox'
import { COUNTRY_PATTERN } from '@app/plugin-kit/shared'

const nullable = Field.nullable

export const companySchema = Type.Object(
  {
    id: Type.Integer(),
    accountId: Type.Integer(),
    name: Type.String(),
    number: nullable(Type.String()),
    masterNumber: nullable(Type.String()),
    address: nullable(Type.String()),
    city: nullable(Type.String()),
    zip: nullable(Type.String()),
    country: nullable(Type.String()),
    plant: nullable(Type.String()),
    contactEmail: nullable(Type.String()),
    contactPerson: nullable(Type.String()),
    contactPhone: nullable(Type.String()),
    contactTitle: nullable(Type.String()),
    vatRegNo: nullable(Type.String()),
    parentId: nullable(Type.Integer()),
    latitude: nullable(Type.Number()),
    longitude: nullable(Type.Number()),
    skymapEnabled: Type.Boolean(),
    /** Changes with every new logo: the screens use it to show the current one. */
    logoId: nullable(Type.String()),
    createdAt: Type.String(),
    createdBy: nullable(Type.Integer()),
  },
  { additionalProperties: false },
)
export type Company = Static<typeof companySchema>

const text = (max: number) => Type.Optional(nullable(Field.optionalText(max)))

export const COUNTRY_MESSAGE = 'Choose a country from the list'

export const companyDataSchema = Type.Object(
  {
    name: Field.text({ maxLength: 200 }),
    number: text(60),
    masterNumber: text(60),
    address: text(200),
    city: text(100),
    zip: text(20),
    country: Type.Optional(nullable(Type.String({ pattern: COUNTRY_PATTERN, errorMessage: COUNTRY_MESSAGE }))),
    plant: text(100),
    contactEmail: Type.Optional(nullable(Type.Union([Field.email(), Type.Literal('')]))),
    contactPerson: text(200),
    contactPhone: text(40),
    contactTitle: text(100),
    vatRegNo: text(40),
    parentId: Type.Optional(nullable(Field.id())),
    latitude: Type.Optional(nullable(Type.Number({ minimum: -90, maximum: 90, errorMessage: MESSAGES.decimal }))),
    longitude: Type.Optional(nullable(Type.Number({ minimum: -180, maximum: 180, errorMessage: MESSAGES.decimal }))),
    /** The Skyview toggle: only turned on, never off (spec part1 §6). */
    skymapEnabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, examples: [{ name: 'Example Company Oy', city: 'Tampere', country: 'FI' }] },
)
export type CompanyData = Static<typeof companyDataSchema>
export const companyPatchSchema = Type.Partial(companyDataSchema, { additionalProperties: false })
/** PUT /companies: the company with its id to change it, without to create it. */
export const companySaveSchema = Type.Object({ ...companyDataSchema.properties, id: Type.Optional(Field.id()) }, { additionalProperties: false })

/** Columns the list sorts by; each has an index beside account_id. */
export const COMPANY_SORTS = ['name', 'number', 'city', 'country', 'createdAt'] as const
export type CompanySort = (typeof COMPANY_SORTS)[number]

const direction = Type.Optional(Type.Integer({ minimum: -1, maximum: 1 }))
const like = Type.Object({ $like: Type.String({ maxLength: 200 }) }, { additionalProperties: false })

export const companyQuerySchema = Type.Object(
  {
    $limit: Type.Optional(Type.Integer({ minimum: 0 })),
    $skip: Type.Optional(Type.Integer({ minimum: 0 })),
    $sort: Type.Optional(Type.Object(Object.fromEntries(COMPANY_SORTS.map((s) => [s, direction])), { additionalProperties: false })),
    /** Selectors need only id and name (spec part1 §7); a project's client shows its number and country too. */
    $select: Type.Optional(Type.Array(Type.Union([Type.Literal('id'), Type.Literal('name'), Type.Literal('number'), Type.Literal('country')]))),
    /** The list's filter box: name, number or city contains the text, any case. */
    filter: Type.Optional(Type.String({ maxLength: 200 })),
    /** The /search page: name or number contains the text, any case. */
    q: Type.Optional(Type.String({ maxLength: 200 })),
    id: Type.Optional(Type.Union([Field.id(), Type.Object({ $in: Type.Array(Field.id(), { maxItems: 500 }) }, { additionalProperties: false })])),
    name: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), like])),
    number: Type.Optional(Type.Union([Type.String({ maxLength: 60 }), like])),
    city: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), like])),
    country: Type.Optional(Type.String({ maxLength: 2 })),
    parentId: Type.Optional(nullable(Field.id())),
    /**
     * The new-user wizard: only the companies the caller may give a new user, all of them for
     * user managers, those a company administrator administers for them.
     */
    administered: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
export type CompanyQuery = Static<typeof companyQuerySchema>

/** 409 body of a refused delete: each reason names the item in the way (spec part1 §8). */
export interface DeleteBlock {
  reason: string
  item: string
}

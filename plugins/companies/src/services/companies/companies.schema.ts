/** Company (client or supplier), spec part1 §3. Browser-safe. */
import { Field, MESSAGES } from '@app/plugin-kit/shared'
import { type Static, Type } from '@sinclair/typebox'

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
    createdAt: Type.String(),
    createdBy: nullable(Type.Integer()),
  },
  { additionalProperties: false },
)
export type Company = Static<typeof companySchema>

const text = (max: number) => Type.Optional(nullable(Field.optionalText(max)))

export const companyDataSchema = Type.Object(
  {
    name: Field.text({ maxLength: 200 }),
    number: text(60),
    masterNumber: text(60),
    address: text(200),
    city: text(100),
    zip: text(20),
    country: Type.Optional(nullable(Type.String({ pattern: '^([A-Z]{2})?$', errorMessage: 'Choose a country from the list' }))),
    plant: text(100),
    contactEmail: Type.Optional(nullable(Type.Union([Field.email(), Type.Literal('')]))),
    contactPerson: text(200),
    contactPhone: text(40),
    contactTitle: text(100),
    vatRegNo: text(40),
    parentId: Type.Optional(nullable(Field.id())),
    latitude: Type.Optional(nullable(Type.Number({ minimum: -90, maximum: 90, errorMessage: MESSAGES.decimal }))),
    longitude: Type.Optional(nullable(Type.Number({ minimum: -180, maximum: 180, errorMessage: MESSAGES.decimal }))),
  },
  { additionalProperties: false, examples: [{ name: 'Example Company Oy', city: 'Tampere', country: 'FI' }] },
)
export type CompanyData = Static<typeof companyDataSchema>
export const companyPatchSchema = Type.Partial(companyDataSchema, { additionalProperties: false })

/**
 * Material list line (spec part1 §3 "Material list line: level, item, quantity, part
 * number, number, name, description, material, unit, weight, notes"): one line of a
 * document's bill of materials. Browser-safe: the tab's form takes its limits from here.
 */
import { Field, MESSAGES } from '@app/plugin-kit/shared'
import { type Static, Type } from '@sinclair/typebox'

export const MATERIAL_LINE_MESSAGES = {
  archived: 'An archived document keeps its material list as it is',
} as const

/**
 * The longest texts of a line, the deepest level (0 the top of the assembly) and the
 * largest quantity and weight (kg). Quantity and weight keep three decimals: more are rounded.
 */
export const MATERIAL_LINE_LIMITS = {
  item: 40,
  partNumber: 100,
  number: 100,
  name: 200,
  description: 1000,
  material: 100,
  unit: 20,
  notes: 1000,
  level: 20,
  quantity: 999_999_999,
  weight: 999_999_999,
  decimals: 3,
} as const

/** The line's texts besides its name, each optional: blank is none (null). */
export const MATERIAL_LINE_TEXTS = ['item', 'partNumber', 'number', 'description', 'material', 'unit', 'notes'] as const
export type MaterialLineText = (typeof MATERIAL_LINE_TEXTS)[number]

const person = Type.Object({ id: Type.Integer(), firstName: Type.String(), lastName: Type.String() }, { additionalProperties: false })
const nullableText = () => Field.nullable(Type.String())

export const materialLineSchema = Type.Object(
  {
    id: Type.Integer(),
    folderId: Type.Integer(),
    /** Where the line stands in the list (lists are ordered by it; a new line goes last). */
    position: Type.Integer(),
    level: Type.Integer(),
    item: nullableText(),
    quantity: Type.Number(),
    partNumber: nullableText(),
    number: nullableText(),
    name: Type.String(),
    description: nullableText(),
    material: nullableText(),
    unit: nullableText(),
    /** Kilograms; null when not known. */
    weight: Field.nullable(Type.Number()),
    notes: nullableText(),
    createdAt: Type.String(),
    createdBy: Field.nullable(person),
    changedAt: Type.String(),
    changedBy: Field.nullable(person),
  },
  { additionalProperties: false },
)
export type MaterialLine = Static<typeof materialLineSchema>

const optionalText = (maxLength: number) => Type.Optional(Field.nullable(Field.optionalText(maxLength)))
const decimal = (maximum: number) => Type.Number({ minimum: 0, maximum, errorMessage: MESSAGES.decimal })

/**
 * POST /folders/{folderId}/material-lines and PUT …/material-lines/{lineId}: the whole line
 * (a PUT replaces it). Only the name is required; a missing level is 0, a missing quantity
 * 1, a missing text or weight none.
 */
export const materialLineDataSchema = Type.Object(
  {
    level: Type.Optional(Type.Integer({ minimum: 0, maximum: MATERIAL_LINE_LIMITS.level })),
    item: optionalText(MATERIAL_LINE_LIMITS.item),
    quantity: Type.Optional(decimal(MATERIAL_LINE_LIMITS.quantity)),
    partNumber: optionalText(MATERIAL_LINE_LIMITS.partNumber),
    number: optionalText(MATERIAL_LINE_LIMITS.number),
    name: Field.text({ maxLength: MATERIAL_LINE_LIMITS.name }),
    description: optionalText(MATERIAL_LINE_LIMITS.description),
    material: optionalText(MATERIAL_LINE_LIMITS.material),
    unit: optionalText(MATERIAL_LINE_LIMITS.unit),
    weight: Type.Optional(Field.nullable(decimal(MATERIAL_LINE_LIMITS.weight))),
    notes: optionalText(MATERIAL_LINE_LIMITS.notes),
  },
  {
    additionalProperties: false,
    examples: [
      {
        level: 1,
        item: '1.1',
        quantity: 4,
        partNumber: 'SKF-6204-2RS',
        number: '100-042',
        name: 'Ball bearing',
        description: 'Deep groove, sealed both sides',
        material: 'Steel',
        unit: 'pcs',
        weight: 0.11,
        notes: 'Two spares on site',
      },
    ],
  },
)
export type MaterialLineData = Static<typeof materialLineDataSchema>

/** GET /folders/{folderId}/material-lines: a page of the document's lines, in their order. */
export const materialLineQuerySchema = Type.Object(
  {
    $limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 500 })),
    $skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })),
  },
  { additionalProperties: false },
)

/** GET …/material-lines/export.xlsx and …/export.pdf take no query: the whole list, in its order. */
export const materialExportQuerySchema = Type.Object({}, { additionalProperties: false })

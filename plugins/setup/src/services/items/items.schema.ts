/**
 * The small setup lists of spec part1 §2 and §3: life cycles, revision/archive
 * types, material type aliases, classifications and material life cycle. Each is
 * a list of short texts with one unique field. Browser-safe.
 */
import { Field } from '@app/plugin-kit/shared'
import { querySyntax } from '@feathersjs/typebox'
import { type TObject, Type } from '@sinclair/typebox'
import { withFilter } from '../foldertypes/foldertypes.schema'

export interface SetupListField {
  name: string
  maxLength: number
}

export interface SetupList {
  /** Path segment under /api/setup/{accountId}/. */
  id: string
  table: string
  fields: SetupListField[]
  /** The field that must be unique in the account (spec part1 §5). */
  unique: string
  /** The 409 message, worded like the spec's other duplicates. */
  duplicate: string
}

export const SETUP_LISTS = [
  { id: 'lifecycles', table: 'setup_life_cycles', fields: [{ name: 'name', maxLength: 100 }], unique: 'name', duplicate: 'Life cycle name already exists' },
  { id: 'revisiontypes', table: 'setup_revision_types', fields: [{ name: 'name', maxLength: 100 }], unique: 'name', duplicate: 'Revision type already exists' },
  {
    id: 'materialtypealiases',
    table: 'setup_material_type_aliases',
    fields: [
      { name: 'materialType', maxLength: 100 },
      { name: 'alias', maxLength: 100 },
    ],
    unique: 'alias',
    duplicate: 'Alias already exists',
  },
  {
    id: 'classifications',
    table: 'setup_classifications',
    fields: [
      { name: 'name', maxLength: 100 },
      { name: 'groupId', maxLength: 40 },
    ],
    unique: 'groupId',
    duplicate: 'Group id already exists',
  },
  {
    id: 'materiallifecycles',
    table: 'setup_material_life_cycles',
    fields: [{ name: 'name', maxLength: 100 }],
    unique: 'name',
    duplicate: 'Material life cycle already exists',
  },
] as const satisfies readonly SetupList[]

export type SetupListId = (typeof SETUP_LISTS)[number]['id']

export interface SetupItem {
  id: number
  accountId: number
  createdAt: string
  [field: string]: string | number
}

const textProperties = (list: SetupList) =>
  Object.fromEntries(list.fields.map((f) => [f.name, Field.text({ maxLength: f.maxLength })]))

export const setupItemSchema = (list: SetupList): TObject =>
  Type.Object(
    {
      id: Type.Integer(),
      accountId: Type.Integer(),
      ...Object.fromEntries(list.fields.map((f) => [f.name, Type.String()])),
      createdAt: Type.String(),
    },
    { additionalProperties: false },
  )

export const setupItemDataSchema = (list: SetupList): TObject => Type.Object(textProperties(list), { additionalProperties: false })
export const setupItemPatchSchema = (list: SetupList): TObject =>
  Type.Partial(setupItemDataSchema(list), { additionalProperties: false })
export const setupItemQuerySchema = (list: SetupList): TObject =>
  withFilter(querySyntax(Type.Omit(setupItemSchema(list), ['accountId'])))

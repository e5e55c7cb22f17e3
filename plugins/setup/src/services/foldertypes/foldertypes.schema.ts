/** Document (folder) types, spec part1 §3 and §5. Browser-safe. */
import { Field } from '@app/plugin-kit/shared'
import { querySyntax } from '@feathersjs/typebox'
import { type Static, type TObject, Type } from '@sinclair/typebox'

export const folderTypeSchema = Type.Object(
  {
    id: Type.Integer(),
    accountId: Type.Integer(),
    name: Type.String(),
    typeId: Type.String(),
    active: Type.Boolean(),
    /** Built-in types (Skyview, Checklist) are not deletable. */
    deletable: Type.Boolean(),
    /** Present in every account: the platform's own types. */
    global: Type.Boolean(),
    createdAt: Type.String(),
  },
  { additionalProperties: false },
)
export type FolderType = Static<typeof folderTypeSchema>

export const folderTypeDataSchema = Type.Object(
  {
    /** PUT /foldertypes/{accountId} names the type in the body, as the spec's call does. */
    id: Type.Optional(Field.id()),
    name: Field.text({ minLength: 3, maxLength: 100 }),
    typeId: Field.text({ minLength: 2, maxLength: 40 }),
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, examples: [{ name: 'Drawing', typeId: 'DRW', active: true }] },
)
export type FolderTypeData = Static<typeof folderTypeDataSchema>
export const folderTypePatchSchema = Type.Partial(folderTypeDataSchema, { additionalProperties: false })

/** Paged lists take a free-text `filter` beside Feathers' $limit, $skip and $sort. */
export const withFilter = (query: TObject) =>
  Type.Object({ ...query.properties, filter: Type.Optional(Type.String({ maxLength: 200 })) }, { additionalProperties: false })

export const folderTypeQuerySchema = withFilter(
  querySyntax(Type.Pick(folderTypeSchema, ['id', 'name', 'typeId', 'active', 'deletable', 'global', 'createdAt'])),
)

/** The built-in types every account has (spec part1 §9). */
export const BUILT_IN_FOLDER_TYPES = [
  { name: 'Skyview', typeId: 'Skyview' },
  { name: 'Checklist', typeId: 'Checklist' },
] as const

export const FOLDER_TYPE_MESSAGES = {
  duplicate: 'Type id already exists',
  builtIn: 'A built-in document type cannot be changed',
  notDeletable: 'This document type cannot be deleted',
} as const

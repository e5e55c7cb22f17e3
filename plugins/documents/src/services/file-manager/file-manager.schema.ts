/**
 * The file manager side panel (spec part1 §2, part2 §2): a project's files and links in one
 * list, searched and paged. Browser-safe.
 */
import { ACCESS_LEVELS, Field } from '@app/plugin-kit/shared'
import { type Static, Type } from '@sinclair/typebox'

/** What the panel lists: a document's file (of the revision in work) or one of its links. */
export const FILE_MANAGER_KINDS = ['file', 'url'] as const
export type FileManagerKind = (typeof FILE_MANAGER_KINDS)[number]

/** A page holds 50 unless asked, never more than 200. */
export const FILE_MANAGER_LIMIT = { default: 50, max: 200 } as const

/** GET /projects/{projectId}/file-manager. */
export const fileManagerQuerySchema = Type.Object(
  {
    /** The search box: the file's name, or the link's name or address, contains the text, any case. */
    filter: Type.Optional(Type.String({ maxLength: 200 })),
    /** Only what has a place on the map: files with a latitude and longitude (links have none). */
    map: Type.Optional(Type.Boolean()),
    /** One section of the panel; without it files come first (by name), then links (by name). */
    kind: Type.Optional(Field.enumOf(FILE_MANAGER_KINDS)),
    $limit: Type.Optional(Type.Integer({ minimum: 0, maximum: FILE_MANAGER_LIMIT.max })),
    $skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })),
  },
  { additionalProperties: false },
)
export type FileManagerQuery = Static<typeof fileManagerQuerySchema>

const documentFields = {
  id: Type.Integer(),
  name: Type.String(),
  documentId: Type.Integer(),
  /** The document's number (null when it has none) and title. */
  documentSymbol: Field.nullable(Type.String()),
  documentName: Type.String(),
}

export const fileManagerFileSchema = Type.Object(
  {
    kind: Type.Literal('file'),
    ...documentFields,
    mime: Type.String(),
    size: Type.Integer(),
    /** Where the file was taken, when it was given one. */
    latitude: Type.Optional(Type.Number()),
    longitude: Type.Optional(Type.Number()),
  },
  { additionalProperties: false },
)
export const fileManagerUrlSchema = Type.Object({ kind: Type.Literal('url'), ...documentFields, url: Type.String() }, { additionalProperties: false })
export const fileManagerItemSchema = Type.Union([fileManagerFileSchema, fileManagerUrlSchema])
export type FileManagerFile = Static<typeof fileManagerFileSchema>
export type FileManagerUrl = Static<typeof fileManagerUrlSchema>
export type FileManagerItem = Static<typeof fileManagerItemSchema>

/** The page, with the caller's level on the project: a file downloads with DOWNLOAD, a document opens with EDIT. */
export const fileManagerPageSchema = Type.Object(
  {
    total: Type.Integer(),
    limit: Type.Integer(),
    skip: Type.Integer(),
    level: Field.enumOf(ACCESS_LEVELS),
    data: Type.Array(fileManagerItemSchema),
  },
  { additionalProperties: false },
)
export type FileManagerPage = Static<typeof fileManagerPageSchema>

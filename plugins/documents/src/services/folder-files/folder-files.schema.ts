/** Folder file (spec part1 §3 "Folder file"): a file registered in a document. Browser-safe. */
import { Field, QUERY_ARRAY_LIMIT } from '@app/plugin-kit/shared'
import { type Static, Type } from '@sinclair/typebox'

/** File types: ATTACHMENT by default; COMMENT files belong to comments and are not listed. */
export const FILE_TYPES = ['ATTACHMENT', 'COMMENT'] as const
/** What a client may add: COMMENT files come with comments (not built yet), never straight from a client. */
export const CLIENT_FILE_TYPES = ['ATTACHMENT'] as const

export const folderFileSchema = Type.Object(
  {
    id: Type.Integer(),
    folderId: Type.Integer(),
    name: Type.String(),
    mime: Type.String(),
    size: Type.Integer(),
    fileType: Field.enumOf(FILE_TYPES),
    locked: Type.Boolean(),
    uploadDate: Type.String(),
    creator: Field.nullable(Type.Object({ id: Type.Integer(), firstName: Type.String(), lastName: Type.String() }, { additionalProperties: false })),
  },
  { additionalProperties: false },
)
export type FolderFile = Static<typeof folderFileSchema>

/** GET /folders/{folderId}/files: a page of the document's files, by name; POST …?type=: the type of the file it takes. */
export const folderFileQuerySchema = Type.Object(
  {
    $limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 500 })),
    $skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })),
    type: Type.Optional(Field.enumOf(CLIENT_FILE_TYPES)),
    /** DELETE /folders/{folderId}/files?filesIds=…: the files to delete (repeatable). */
    filesIds: Type.Optional(Type.Union([Field.id(), Type.Array(Field.id(), { minItems: 1, maxItems: QUERY_ARRAY_LIMIT, uniqueItems: true })])),
  },
  { additionalProperties: false },
)

/** PUT /folders/{folderId}/files/{folderFileId}/rename: the file's new name. */
export const folderFileRenameSchema = Type.Object({ name: Type.String({ minLength: 1, maxLength: 255 }) }, { additionalProperties: false, examples: [{ name: 'Site plan rev B.pdf' }] })
export type FolderFileRename = Static<typeof folderFileRenameSchema>

/** POST /folders/{folderId}/files/register: a completed chunked upload, registered in the document (the spec's fileName, symbol, mime, size, type). */
export const folderFileRegisterSchema = Type.Object(
  {
    fileName: Type.String({ minLength: 1, maxLength: 255 }),
    symbol: Type.String({ minLength: 1, maxLength: 64 }),
    mime: Type.Optional(Type.String({ maxLength: 120 })),
    size: Type.Integer({ minimum: 0 }),
    type: Type.Optional(Field.enumOf(CLIENT_FILE_TYPES)),
  },
  { additionalProperties: false, examples: [{ fileName: 'drawing.pdf', symbol: '00000000-0000-4000-8000-000000000000', size: 5, type: 'ATTACHMENT' }] },
)
export type FolderFileRegister = Static<typeof folderFileRegisterSchema>

export const FOLDER_FILE_MESSAGES = {
  noUpload: 'No completed upload of yours into this document has this symbol',
  sizeMismatch: 'The size is not the size of the upload',
  archived: 'An archived document keeps its files as they are',
  notFiles: 'Choose files of this document',
} as const

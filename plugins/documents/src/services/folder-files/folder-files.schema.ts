/** Folder file (spec part1 §3 "Folder file"): a file registered in a document. Browser-safe. */
import { Field, QUERY_ARRAY_LIMIT } from '@app/plugin-kit/shared'
import { type Static, Type } from '@sinclair/typebox'

/** File types: ATTACHMENT by default; COMMENT files belong to comments and are not listed. */
export const FILE_TYPES = ['ATTACHMENT', 'COMMENT'] as const
/** What a client may add: COMMENT files come with comments (not built yet), never straight from a client. */
export const CLIENT_FILE_TYPES = ['ATTACHMENT'] as const

/** A file's conversion for the viewers (part1 §4 "File conversion"): not started, started (waiting), completed. */
export const CONVERSION_STATES = ['NOT_STARTED', 'STARTED', 'COMPLETED'] as const
export type ConversionState = (typeof CONVERSION_STATES)[number]

const person = Type.Object({ id: Type.Integer(), firstName: Type.String(), lastName: Type.String() }, { additionalProperties: false })

/** Where a file was taken: latitude -90…90, longitude -180…180 (part1 §5, as a company's position). */
export const geolocationSchema = Type.Object({ latitude: Type.Number(), longitude: Type.Number() }, { additionalProperties: false })

export const folderFileSchema = Type.Object(
  {
    id: Type.Integer(),
    folderId: Type.Integer(),
    name: Type.String(),
    mime: Type.String(),
    size: Type.Integer(),
    fileType: Field.enumOf(FILE_TYPES),
    /** Checked out (locked): only the person who did, or an administrator of the project, checks it in; nobody else renames, deletes or copies it meanwhile. */
    locked: Type.Boolean(),
    /** Who checked it out (null when not locked, or when that person's account is gone) and when. */
    lockedBy: Field.nullable(person),
    lockedAt: Field.nullable(Type.String()),
    geolocation: Field.nullable(geolocationSchema),
    conversion: Field.enumOf(CONVERSION_STATES),
    /** Set once the conversion completed: `potree:…` opens in the point-cloud viewer, `forge:…` in the model viewer. */
    convertedLocation: Field.nullable(Type.String()),
    uploadDate: Type.String(),
    creator: Field.nullable(person),
  },
  { additionalProperties: false },
)
export type FolderFile = Static<typeof folderFileSchema>

/**
 * GET /folders/{folderId}/files: a page of the document's files, by name (with revisionId,
 * those of that archived revision of the document); POST …?type=: the type of the file it takes.
 */
export const folderFileQuerySchema = Type.Object(
  {
    $limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 500 })),
    $skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })),
    type: Type.Optional(Field.enumOf(CLIENT_FILE_TYPES)),
    /** GET only: an archived revision of the document (GET /folders/{folderId}/revisions), whose files are listed instead of the revision in work's. */
    revisionId: Type.Optional(Field.id()),
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

/** POST /folders/{folderId}/files/{folderFileId}/copy: the document to copy the file into; this one unless said. */
export const folderFileCopySchema = Type.Object(
  { targetFolderId: Type.Optional(Field.id()) },
  { additionalProperties: false, examples: [{}] },
)
export type FolderFileCopy = Static<typeof folderFileCopySchema>

/** The most files one merge takes (the fewest is 2). */
export const MERGE_FILES_MAX = 50

/**
 * POST /folders/{folderId}/files/merge?ids=…: the document's PDF files to merge into one, in
 * this order, the key repeated (`?ids=4&ids=2`); one id alone, or none, is refused (400 on `ids`).
 */
export const folderFileMergeQuerySchema = Type.Object(
  { ids: Type.Optional(Type.Union([Field.id(), Type.Array(Field.id(), { minItems: 1, maxItems: QUERY_ARRAY_LIMIT, uniqueItems: true })])) },
  { additionalProperties: false },
)
export type FolderFileMergeQuery = Static<typeof folderFileMergeQuerySchema>

export const FOLDER_FILE_MESSAGES = {
  noUpload: 'No completed upload of yours into this document has this symbol',
  sizeMismatch: 'The size is not the size of the upload',
  archived: 'An archived document keeps its files as they are',
  notFiles: 'Choose files of this document',
  alreadyLocked: 'The file is already checked out',
  notLocked: 'The file is not checked out',
  unlockDenied: 'Only the person who checked the file out, or an administrator of the project, can check it in',
  targetFolder: 'Choose a document you may edit',
  targetArchived: 'An archived document takes no new files',
  lockedMeanwhile: 'A file was checked out by someone else meanwhile: nothing was changed',
  notRevision: 'Choose a revision of this document',
  revisionFilesKept: 'The files of an archived revision are only read; they go when the revision is deleted',
  mergeCount: `Choose 2 to ${MERGE_FILES_MAX} PDF files of this document`,
  mergeTooLarge: 'The chosen files are together larger than this installation merges',
} as const

/** 400 for a file of a merge that is not a PDF, or one that cannot be read (damaged, or encrypted). */
export const notMergeableMessage = (name: string) => `"${name}" is not a PDF that can be merged`

/** 409 for a file someone else has checked out: what the caller tried, and on which files (their names). */
export const lockedByOthersMessage = (names: string[], by?: string) =>
  names.length === 1
    ? `"${names[0]}" is checked out by ${by ?? 'someone else'}: it can be renamed, deleted or copied only once it is checked in`
    : `${names.length} of the files are checked out by someone else: they can be renamed, deleted or copied only once they are checked in`

/** The chunked upload protocol (spec part1 §4 "Upload item", §7): bodies and answers. Browser-safe. */
import { type Static, Type } from '@sinclair/typebox'

/** POST /folders/{folderId}/uploads: the file's name and its size in bytes. */
export const uploadStartSchema = Type.Object(
  {
    fileName: Type.String({ minLength: 1, maxLength: 255 }),
    size: Type.Integer({ minimum: 0 }),
    /** What else tells the file apart (the browser sends its last-modified time): a resume asks for the same. */
    fingerprint: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false, examples: [{ fileName: 'drawing.pdf', size: 5 }] },
)
export type UploadStart = Static<typeof uploadStartSchema>

/** The answer of a start (the spec's uploadId, key, url, symbol, mime), with how to cut the file. */
export const uploadSchema = Type.Object(
  {
    uploadId: Type.Integer(),
    /** Where the store keeps the file. */
    key: Type.String(),
    /** The upload's own URL (under /api): its state and confirmed parts, or DELETE to abort. */
    url: Type.String(),
    /** The file's handle once completed: POST /folders/{folderId}/files/register names it. */
    symbol: Type.String(),
    mime: Type.String(),
    fileName: Type.String(),
    fingerprint: Type.Union([Type.String(), Type.Null()]),
    size: Type.Integer(),
    partSize: Type.Integer(),
    partCount: Type.Integer(),
    state: Type.Union([Type.Literal('OPEN'), Type.Literal('COMPLETING'), Type.Literal('COMPLETED')]),
    /** The parts the API has confirmed, for a resume: only the others need sending. */
    parts: Type.Array(Type.Object({ partNo: Type.Integer(), etag: Type.String(), size: Type.Integer() }, { additionalProperties: false })),
  },
  { additionalProperties: false },
)
export type Upload = Static<typeof uploadSchema>

/** POST /uploads/{uploadId}/parts: the address of one part. */
export const partAddressRequestSchema = Type.Object({ partNo: Type.Integer({ minimum: 1, maximum: 10_000 }) }, { additionalProperties: false, examples: [{ partNo: 1 }] })
export const partAddressSchema = Type.Object(
  {
    partNo: Type.Integer(),
    /** PUT the part's bytes here (absolute for a store, under the API otherwise); its answer's ETag header confirms it. */
    url: Type.String(),
    /** Epoch ms after which the address no longer works. */
    expiresAt: Type.Integer(),
    /** Whether the part must be confirmed with PUT /uploads/{uploadId}/parts/{partNo} after it is sent (a store's address), or was confirmed by being received (the API's). */
    confirm: Type.Boolean(),
  },
  { additionalProperties: false },
)

/** PUT /uploads/{uploadId}/parts/{partNo}: a part sent straight to the store, as its PUT answered. */
export const partConfirmSchema = Type.Object(
  { etag: Type.String({ minLength: 1, maxLength: 200 }), size: Type.Integer({ minimum: 0 }) },
  { additionalProperties: false, examples: [{ etag: '"etag"', size: 5 }] },
)

/** POST /uploads/{uploadId}/complete: the parts in order with the ETags their PUTs answered (the spec's partNo and partETag). */
export const uploadCompleteSchema = Type.Object(
  {
    parts: Type.Array(Type.Object({ partNo: Type.Integer({ minimum: 1, maximum: 10_000 }), partETag: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false }), {
      minItems: 1,
      maxItems: 10_000,
    }),
  },
  { additionalProperties: false, examples: [{ parts: [{ partNo: 1, partETag: '"etag"' }] }] },
)
export type UploadComplete = Static<typeof uploadCompleteSchema>

/** The query of a local part address: when it expires (epoch seconds) and the API's signature of it. */
export const signedPartQuerySchema = Type.Object(
  { expires: Type.String({ pattern: '^[0-9]{1,12}$' }), signature: Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$' }) },
  { additionalProperties: false },
)

export const UPLOAD_MESSAGES = {
  tooLarge: 'The file is larger than this installation takes',
  tooMany: 'You have too many uploads in progress: let them finish, or cancel some, first',
  archived: 'An archived document takes no new files',
  notYours: 'This upload was started by someone else',
  finished: 'This upload is already completed',
  notFinished: 'This upload is not completed yet',
  partRange: 'This upload has no such part',
  partSize: 'A part holds the part size in bytes, the last one the rest',
  partMissing: 'Part {partNo} has not been received',
  partMismatch: 'Part {partNo} does not match what was received',
  sizeMismatch: 'The file received is not the size announced',
  linkExpired: 'This upload address has expired or is not valid',
  storeUnavailable: 'The file store did not answer: try again shortly',
} as const

/** Seconds a client is told to wait (Retry-After) when the file store did not answer. */
export const STORE_RETRY_AFTER_SECONDS = 30


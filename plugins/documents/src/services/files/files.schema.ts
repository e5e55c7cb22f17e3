/** Downloads (spec part1 §7 "Files"): a link for some of a document's files, and the download it names. Browser-safe. */
import { QUERY_ARRAY_LIMIT } from '@app/plugin-kit/shared'
import { type Static, Type } from '@sinclair/typebox'

/** How many files one link (one zip) may name: as many as a query carries. */
export const MAX_LINKED_FILES = QUERY_ARRAY_LIMIT

/** POST /folders/{folderId}/files/download-link: the files of the document to download (several come as one zip). */
export const downloadLinkRequestSchema = Type.Object(
  { ids: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: MAX_LINKED_FILES, uniqueItems: true }) },
  { additionalProperties: false, examples: [{ ids: [1] }] },
)
export type DownloadLinkRequest = Static<typeof downloadLinkRequestSchema>

export const downloadLinkSchema = Type.Object(
  {
    /** GET it (under the site, not /api-relative) within a minute: the file, or a zip of them. */
    url: Type.String(),
    expiresAt: Type.Integer(),
  },
  { additionalProperties: false },
)

/** GET /files?id=…&id=…&token=… and GET /files/{fileId}?token=…: the link's own query. */
export const downloadQuerySchema = Type.Object(
  {
    id: Type.Optional(Type.Union([Type.String({ pattern: '^[0-9]{1,15}$' }), Type.Array(Type.String({ pattern: '^[0-9]{1,15}$' }), { maxItems: MAX_LINKED_FILES })])),
    token: Type.String({ minLength: 1, maxLength: 8000 }),
  },
  { additionalProperties: false },
)

export const DOWNLOAD_MESSAGES = {
  expired: 'This download link has expired or is not valid; download again from the document',
  notFiles: 'Choose files of this document',
} as const

/** Folder URL (spec part1 §3 "Folder URL", §7 "Folder URLs"): a link of a document, a name and a web address. Browser-safe. */
import { Field } from '@app/plugin-kit/shared'
import { type Static, Type } from '@sinclair/typebox'

export const FOLDER_URL_MESSAGES = {
  /** Only web addresses: a javascript:, data: or file: address would run or open something else when clicked. */
  url: 'Enter a web address starting with http:// or https://',
  archived: 'An archived document keeps its links as they are',
} as const

/** The longest name and address of a link. */
export const FOLDER_URL_LIMITS = { description: 200, url: 2000 } as const

/**
 * http:// or https:// (either case), a host, then anything but spaces and control
 * characters; spaces around it are let through (a pasted address often has one) and
 * trimmed by the service. The service also parses it: a host the pattern lets through but
 * no URL parser takes answers the same message.
 */
export const WEB_URL_PATTERN = '^\\s*[Hh][Tt][Tt][Pp][Ss]?://[^\\s\\u0000-\\u001f\\u007f/?#]+([/?#][^\\s\\u0000-\\u001f\\u007f]*)?\\s*$'

const urlField = () => Type.String({ minLength: 1, maxLength: FOLDER_URL_LIMITS.url, pattern: WEB_URL_PATTERN, errorMessage: FOLDER_URL_MESSAGES.url })

export const folderUrlSchema = Type.Object(
  {
    id: Type.Integer(),
    folderId: Type.Integer(),
    /** The link's name (the spec's description). */
    description: Type.String(),
    url: Type.String(),
    createdAt: Type.String(),
    createdBy: Field.nullable(Type.Object({ id: Type.Integer(), firstName: Type.String(), lastName: Type.String() }, { additionalProperties: false })),
  },
  { additionalProperties: false },
)
export type FolderUrl = Static<typeof folderUrlSchema>

/** POST /folders/{folderId}/urls and PUT …/urls/{folderUrlId}: both fields, both required (part1 §5 "Link: name and url both required"). */
export const folderUrlDataSchema = Type.Object(
  {
    description: Field.text({ maxLength: FOLDER_URL_LIMITS.description }),
    url: urlField(),
  },
  { additionalProperties: false, examples: [{ description: 'Supplier data sheet', url: 'https://example.com/datasheet.pdf' }] },
)
export type FolderUrlData = Static<typeof folderUrlDataSchema>

/** GET /folders/{folderId}/urls: a page of the document's links, by name. */
export const folderUrlQuerySchema = Type.Object(
  {
    $limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 500 })),
    $skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })),
  },
  { additionalProperties: false },
)

/**
 * Document list, the spec's binder (part1 §3 "Document list (binder): name", §2 the
 * document tab "Binders and lists"): a project's named, ordered list of its documents.
 * Browser-safe: the binder screens take their limits and messages from here.
 */
import { Field } from '@app/plugin-kit/shared'
import { type Static, Type } from '@sinclair/typebox'

export const BINDER_MESSAGES = {
  /** 409 on the name: another binder of the project has it (compared ignoring case). */
  nameTaken: 'This project already has a binder with that name',
  /** 400 on folderId: no document of the binder's project (another project's, another account's, or none). */
  folder: 'Choose a document of this project',
  /** 409 on folderId: the document is in the binder already. */
  inList: 'The document is in this binder already',
  /** 409: the binder holds as many documents as it may. */
  full: 'A binder holds at most {max} documents',
} as const

/** The longest name (part1 shows none: a document's title is 100 long, and so is this), and the most documents in one binder. */
export const BINDER_LIMITS = { name: 100, items: 2000 } as const

const person = Type.Object({ id: Type.Integer(), firstName: Type.String(), lastName: Type.String() }, { additionalProperties: false })

/** A binder as lists show it. */
export const binderSchema = Type.Object(
  {
    id: Type.Integer(),
    projectId: Type.Integer(),
    name: Type.String(),
    /** How many documents it holds. */
    documentCount: Type.Integer(),
    createdAt: Type.String(),
    createdBy: Field.nullable(person),
    /** The last change of its name or its documents. */
    updatedAt: Type.String(),
  },
  { additionalProperties: false },
)
export type Binder = Static<typeof binderSchema>

/** A document in a binder, at its place: the document's number, title, state and revision as they are now. */
export const binderItemSchema = Type.Object(
  {
    folderId: Type.Integer(),
    /** 1 for the first document, without gaps. */
    position: Type.Integer(),
    /** The document's number. */
    symbol: Field.nullable(Type.String()),
    /** The document's title. */
    name: Type.String(),
    state: Type.String(),
    revision: Field.nullable(Type.String()),
    addedAt: Type.String(),
    addedBy: Field.nullable(person),
  },
  { additionalProperties: false },
)
export type BinderItem = Static<typeof binderItemSchema>

/** GET /projects/{projectId}/document-lists/{listId}, and what the item calls answer: the binder with its documents in order. */
export const binderDetailSchema = Type.Object(
  {
    ...binderSchema.properties,
    documents: Type.Array(binderItemSchema),
  },
  { additionalProperties: false },
)
export type BinderDetail = Static<typeof binderDetailSchema>

/** POST /projects/{projectId}/document-lists and PATCH …/{listId}: the name, required, one line, unique in the project. */
export const binderDataSchema = Type.Object(
  { name: Field.text({ maxLength: BINDER_LIMITS.name }) },
  { additionalProperties: false, examples: [{ name: 'Handover binder' }] },
)
export type BinderData = Static<typeof binderDataSchema>

/** GET /projects/{projectId}/document-lists: a page of the project's binders, by name. */
export const binderQuerySchema = Type.Object(
  {
    $limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 500 })),
    $skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })),
  },
  { additionalProperties: false },
)

/** POST /projects/{projectId}/document-lists/{listId}/items: a document of the project, put last. */
export const binderItemDataSchema = Type.Object({ folderId: Field.id() }, { additionalProperties: false, examples: [{ folderId: 1 }] })
export type BinderItemData = Static<typeof binderItemDataSchema>

/** PATCH /projects/{projectId}/document-lists/{listId}/items/{folderId}: the document moved to this place (1 the first); the others close up. */
export const binderItemPatchSchema = Type.Object(
  { position: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false, examples: [{ position: 1 }] },
)
export type BinderItemPatch = Static<typeof binderItemPatchSchema>

/** GET /folders/{folderId}/document-lists: the binders a document is in, by name, with its place in each. */
export const folderBinderSchema = Type.Object(
  {
    id: Type.Integer(),
    projectId: Type.Integer(),
    name: Type.String(),
    documentCount: Type.Integer(),
    /** The document's place in this binder. */
    position: Type.Integer(),
    addedAt: Type.String(),
    addedBy: Field.nullable(person),
  },
  { additionalProperties: false },
)
export type FolderBinder = Static<typeof folderBinderSchema>

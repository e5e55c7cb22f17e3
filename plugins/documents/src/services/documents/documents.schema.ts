/**
 * The documents list (spec part1 §2 "Folder list with tabs My, All, Favorites, Recent, a
 * search filter"): its query and its rows. Browser-safe.
 */
import { Field } from '@app/plugin-kit/shared'
import { type Static, Type } from '@sinclair/typebox'
import { FOLDER_STATES, PROVIDERS } from '../folders/folders.schema'

/**
 * The tabs: every document the caller may view (all), those they are responsible for or
 * made (my), those they marked (favorites), those they opened last (recent, newest first).
 */
export const DOCUMENT_TABS = ['all', 'my', 'favorites', 'recent'] as const
export type DocumentTab = (typeof DOCUMENT_TABS)[number]

/** A page's rows unless the query says, and the most it may ask for. */
export const DOCUMENT_LIST_LIMIT = { default: 25, max: 100 } as const
/**
 * How far past the page asked for the list is counted: an account's documents can number
 * hundreds of thousands, and a total past this is shown as "at least" (`totalCapped`: the
 * first page says "Page 1 of 9+", "225+" rows, and each page further counts further). With
 * a filter the count tests each document it passes, so it is most of such a call: at 1,000
 * a member's filtered list tested about 8,000 of their documents for a page of 25.
 */
export const DOCUMENT_COUNT_AHEAD = 200
/** The Recent tab lists at most this many documents, the most recently opened. */
export const RECENT_DOCUMENTS_MAX = 50

/** GET /documents?tab=&filter=&projectId=&$skip=&$limit= */
export const documentListQuerySchema = Type.Object(
  {
    tab: Type.Optional(Field.enumOf(DOCUMENT_TABS)),
    /** The search box: the start of a word of the number or the title, any case (the word index, words.ts). */
    filter: Type.Optional(Type.String({ maxLength: 200 })),
    /** Only this project's documents (one the caller may not view lists none). */
    projectId: Type.Optional(Field.id()),
    $limit: Type.Optional(Type.Integer({ minimum: 0, maximum: DOCUMENT_LIST_LIMIT.max })),
    $skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })),
  },
  { additionalProperties: false },
)
export type DocumentListQuery = Static<typeof documentListQuerySchema>

const personSchema = Type.Object({ id: Type.Integer(), firstName: Type.String(), lastName: Type.String() }, { additionalProperties: false })

/** One row of the list: the document, its project and type by name, and the caller's marks and rights on it. */
export const documentListItemSchema = Type.Object(
  {
    id: Type.Integer(),
    projectId: Type.Integer(),
    projectName: Type.String(),
    /** The project's number (the projects' `symbol`). */
    projectSymbol: Type.String(),
    name: Type.String(),
    /** The document's number. */
    symbol: Field.nullable(Type.String()),
    folderTypeId: Type.Integer(),
    /** The document type's name (setup's folder types). */
    typeName: Type.String(),
    state: Field.enumOf(FOLDER_STATES),
    revision: Field.nullable(Type.String()),
    responsible: Field.nullable(personSchema),
    /** The numbers a customer's handover lists (the list's Customer view). */
    customerNumber: Field.nullable(Type.String()),
    supplierNumber: Field.nullable(Type.String()),
    tagNumber: Field.nullable(Type.String()),
    provider: Field.nullable(Field.enumOf(PROVIDERS)),
    /** Files shown in the document's list (COMMENT files are not). */
    fileCount: Type.Integer(),
    changedAt: Type.String(),
    /** Whether the caller marked it (PUT /folders/{id}/favorite). */
    favorite: Type.Boolean(),
    /** Whether the caller holds EDIT on its project. */
    canEdit: Type.Boolean(),
  },
  { additionalProperties: false },
)
export type DocumentListItem = Static<typeof documentListItemSchema>

/**
 * GET /documents answers one page and the total of the tab (with its filters), counted up to
 * DOCUMENT_COUNT_AHEAD rows past the page: `totalCapped` says more match than `total`.
 */
export const documentListPageSchema = Type.Object(
  { total: Type.Integer(), totalCapped: Type.Boolean(), limit: Type.Integer(), skip: Type.Integer(), data: Type.Array(documentListItemSchema) },
  { additionalProperties: false },
)
export type DocumentListPage = Static<typeof documentListPageSchema>

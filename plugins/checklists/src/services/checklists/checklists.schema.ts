/**
 * Checklists, shown as Task Tracker (spec part2 §3 "Checklist", "Checklist item", §4 status,
 * §5 validation, §8 messages): a project's checklists, each with ordered items and, as
 * sub-checklists, children. Browser-safe: the checklist screens take their limits, statuses
 * and messages from here.
 *
 * Beyond the spec's item (id, name, sortOrder, checklistId), each item can be ticked done
 * (who and when is kept) and carries an optional responsible person and due date; a
 * checklist answers how many of its items are done and how many are overdue.
 */
import { DATE_RANGE, Field, MESSAGES } from '@app/plugin-kit/shared'
import { type Static, Type } from '@sinclair/typebox'

/** Spec part2 §4: any status can be chosen at any time; a new checklist is OPEN. */
export const CHECKLIST_STATUSES = ['OPEN', 'IN_PROGRESS', 'COMPLETE', 'OBSOLETE'] as const
export type ChecklistStatus = (typeof CHECKLIST_STATUSES)[number]

/** Spec part2 §1: the only kind of parent a checklist has. */
export const CHECKLIST_PARENT_TYPES = ['project'] as const

/**
 * Title and description at least 3 characters (part2 §5); the spec gives no maximum: a
 * title is one line as long as a project's name, a description a paragraph or two. An
 * item's name is a line; a checklist holds at most `items` items.
 */
export const CHECKLIST_LIMITS = { title: 100, description: 2000, minText: 3, itemName: 255, items: 500, children: 200 } as const

/** Tile and list page sizes: the dashboard's Task Tracker tile shows 4 (part2 §9); the list pages by 50. */
export const CHECKLIST_PAGE = { tile: 4, default: 50, max: 200 } as const

export const CHECKLIST_MESSAGES = {
  /** Spec part2 §8: a create of a checklist that failed. */
  createFailed: 'Unable to create checklist',
  /** Spec part2 §8: a create of an item that failed. */
  createItemFailed: 'Unable to create checklistItem',
  /** 400 on responsibleUserId / an item's responsibleUserId: nobody of the account who may view the project. */
  responsible: 'Choose a person who has access to this project',
  /** 400 on parentChecklistId: no checklist of this project (or the checklist itself, or one of its own sub-checklists). */
  parent: 'Choose a checklist of this project',
  /** 409: a checklist with sub-checklists is not removed (they would go with it). */
  hasChildren: 'Remove or move its sub-checklists first',
  /** 409: the checklist has a document folder already. */
  hasFolder: 'This checklist has a document folder already',
  /** 409: a checklist holds at most CHECKLIST_LIMITS.items items. */
  full: 'A checklist holds at most {max} items',
  /** 409: a checklist holds at most CHECKLIST_LIMITS.children sub-checklists. */
  tooManyChildren: 'A checklist holds at most {max} sub-checklists',
  /** 400 on targetProjectId (copy): spec part2 §5 "Copy needs a target project". */
  target: 'Choose a project to copy to',
} as const

const person = Type.Object({ id: Type.Integer(), firstName: Type.String(), lastName: Type.String() }, { additionalProperties: false })
const nullable = Field.nullable
/** A due date as the spec's dates travel: epoch milliseconds within DATE_RANGE; null clears it. */
const dueDate = () => nullable(Type.Integer({ ...DATE_RANGE, rangeMessage: MESSAGES.dateRange }))
const text = (maxLength: number) => Field.text({ minLength: CHECKLIST_LIMITS.minText, maxLength })

/** A checklist item, in its place. */
export const checklistItemSchema = Type.Object(
  {
    id: Type.Integer(),
    checklistId: Type.Integer(),
    name: Type.String(),
    /** 1 for the first item, without gaps. */
    sortOrder: Type.Integer(),
    done: Type.Boolean(),
    doneAt: nullable(Type.String()),
    doneBy: nullable(person),
    responsibleUser: nullable(person),
    dueDate: nullable(Type.Integer()),
  },
  { additionalProperties: false },
)
export type ChecklistItem = Static<typeof checklistItemSchema>

/** The document folder a checklist was given (createFolder). */
const folderRef = Type.Object({ id: Type.Integer(), name: Type.String(), symbol: nullable(Type.String()) }, { additionalProperties: false })

/** A checklist as lists show it: its fields and its progress, without its items. */
export const checklistSummarySchema = Type.Object(
  {
    id: Type.Integer(),
    title: Type.String(),
    description: Type.String(),
    status: Field.enumOf(CHECKLIST_STATUSES),
    sortOrder: Type.Integer(),
    parentChecklistId: nullable(Type.Integer()),
    /** The project (spec: parentId with parentType `project`). */
    parentId: Type.Integer(),
    parentType: Field.enumOf(CHECKLIST_PARENT_TYPES),
    folderId: nullable(Type.Integer()),
    responsibleUser: nullable(person),
    itemCount: Type.Integer(),
    doneCount: Type.Integer(),
    /** Items not done whose due date is before today (UTC). */
    overdueCount: Type.Integer(),
    childCount: Type.Integer(),
    createdAt: Type.String(),
    createdBy: nullable(person),
    changedAt: Type.String(),
  },
  { additionalProperties: false },
)
export type ChecklistSummary = Static<typeof checklistSummarySchema>

/** GET /checklists/{id} and what every change of a checklist answers: the checklist with its items in order. */
export const checklistSchema = Type.Object(
  {
    ...checklistSummarySchema.properties,
    folder: nullable(folderRef),
    checklistItems: Type.Array(checklistItemSchema),
  },
  { additionalProperties: false },
)
export type Checklist = Static<typeof checklistSchema>

/** POST /checklists: a new checklist of a project, last in its list (or among its parent's sub-checklists). */
export const checklistDataSchema = Type.Object(
  {
    parentId: Field.id(),
    parentType: Type.Optional(Field.enumOf(CHECKLIST_PARENT_TYPES)),
    status: Type.Optional(Field.enumOf(CHECKLIST_STATUSES)),
    title: text(CHECKLIST_LIMITS.title),
    description: text(CHECKLIST_LIMITS.description),
    parentChecklistId: Type.Optional(nullable(Field.id())),
  },
  { additionalProperties: false, examples: [{ parentId: 1, parentType: 'project', status: 'OPEN', title: 'Site inspection', description: 'Weekly walk-through' }] },
)
export type ChecklistData = Static<typeof checklistDataSchema>

/** PUT /checklists/{id}: its title and description (and where it hangs); its project never changes. */
export const checklistUpdateSchema = Type.Object(
  {
    parentId: Type.Optional(Field.id()),
    parentType: Type.Optional(Field.enumOf(CHECKLIST_PARENT_TYPES)),
    title: text(CHECKLIST_LIMITS.title),
    description: text(CHECKLIST_LIMITS.description),
    parentChecklistId: Type.Optional(nullable(Field.id())),
  },
  { additionalProperties: false, examples: [{ title: 'Site inspection', description: 'Weekly walk-through, Fridays' }] },
)
export type ChecklistUpdate = Static<typeof checklistUpdateSchema>

/** PUT /checklists/{id}/status?status=: the spec puts the value in the query; the body is empty. */
export const checklistStatusQuerySchema = Type.Object({ status: Field.enumOf(CHECKLIST_STATUSES) }, { additionalProperties: false })
export type ChecklistStatusQuery = Static<typeof checklistStatusQuerySchema>

/** PUT /checklists/{id}/responsible-user?responsibleUserId=: a person who may view the project; none clears it. */
export const checklistResponsibleQuerySchema = Type.Object({ responsibleUserId: Type.Optional(Field.id()) }, { additionalProperties: false })
export type ChecklistResponsibleQuery = Static<typeof checklistResponsibleQuerySchema>

/** Those two calls take no body. */
export const emptyBodySchema = Type.Object({}, { additionalProperties: false, examples: [{}] })

/** POST /checklists/{id}/items: a new item, last. */
export const checklistItemDataSchema = Type.Object(
  {
    name: Field.text({ maxLength: CHECKLIST_LIMITS.itemName }),
    responsibleUserId: Type.Optional(nullable(Field.id())),
    dueDate: Type.Optional(dueDate()),
  },
  { additionalProperties: false, examples: [{ name: 'Check the fire doors' }] },
)
export type ChecklistItemData = Static<typeof checklistItemDataSchema>

/**
 * PUT /checklists/{id}/items/{itemId} (the spec's call) and PATCH (a tick, a move): the
 * fields given change; `sortOrder` moves the item to that place (1 the first), the others
 * close up.
 */
export const checklistItemPatchSchema = Type.Object(
  {
    name: Type.Optional(Field.text({ maxLength: CHECKLIST_LIMITS.itemName })),
    sortOrder: Type.Optional(Type.Integer({ minimum: 1 })),
    done: Type.Optional(Type.Boolean()),
    responsibleUserId: Type.Optional(nullable(Field.id())),
    dueDate: Type.Optional(dueDate()),
  },
  { additionalProperties: false, examples: [{ done: true }] },
)
export type ChecklistItemPatch = Static<typeof checklistItemPatchSchema>

/** GET /checklists/project/{projectId}: a page of the project's top-level checklists, in their order. */
export const checklistListQuerySchema = Type.Object(
  {
    status: Type.Optional(Field.enumOf(CHECKLIST_STATUSES)),
    $limit: Type.Optional(Type.Integer({ minimum: 0, maximum: CHECKLIST_PAGE.max })),
    $skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })),
  },
  { additionalProperties: false },
)
export type ChecklistListQuery = Static<typeof checklistListQuerySchema>

export const checklistPageSchema = Type.Object(
  { total: Type.Integer(), limit: Type.Integer(), skip: Type.Integer(), data: Type.Array(checklistSummarySchema) },
  { additionalProperties: false },
)
export type ChecklistPage = Static<typeof checklistPageSchema>

/**
 * POST /checklists/project/{projectId}/checklist/{checklistId}/copy: the project the copy goes
 * to (spec part2 §5: required; the path names the checklist's own project). It answers the
 * copy (its id first, as the spec's call answers the new id).
 */
export const checklistCopyDataSchema = Type.Object({ targetProjectId: Field.id() }, { additionalProperties: false, examples: [{ targetProjectId: 1 }] })
export type ChecklistCopyData = Static<typeof checklistCopyDataSchema>

/** POST …/createFolder: nothing to send; the folder is named after the checklist and is of the account's Checklist type. */
export const checklistFolderDataSchema = Type.Object({}, { additionalProperties: false, examples: [{}] })

/** GET /checklists/project/{projectId}/people: who may be made responsible (members who may view the project), by name. */
export const checklistPeopleQuerySchema = Type.Object(
  {
    filter: Type.Optional(Type.String({ maxLength: 100 })),
    $limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 50 })),
    $skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })),
  },
  { additionalProperties: false },
)
export type ChecklistPeopleQuery = Static<typeof checklistPeopleQuerySchema>

export const checklistPeopleSchema = Type.Object(
  { total: Type.Integer(), limit: Type.Integer(), skip: Type.Integer(), data: Type.Array(person) },
  { additionalProperties: false },
)
export type ChecklistPeople = Static<typeof checklistPeopleSchema>

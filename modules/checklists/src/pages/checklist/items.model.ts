/**
 * The checklists tab: a checklist's items in their order. EDIT adds one (name, and a
 * responsible person and a due date if wanted; a failure says the spec's "Unable to create
 * checklistItem"), ticks one done or not, edits one in a dialog, removes one after a Yes,
 * and moves one: a place up or down (buttons, Alt+Arrow) or to where it is dropped. Each
 * change answers the checklist in its new order, shown at once; a move is said to screen
 * readers, a failed change says so and shows the checklist as it is now.
 */
import { createForm } from '@app/module-kit'
import { CHECKLIST_LIMITS, type ChecklistItem, type ChecklistItemPatch } from '@app/plugin-checklists/shared'
import { attach, combine, createEvent, createStore, sample } from 'effector'
import { addItemFx, fetchChecklistFx, patchItemFx, removeItemFx } from '../../api'
import { saving } from '../../checklist-form'
import { notifyFx, refusalOf } from '../../notify'
import { $checklist, $opened, checklistAnswered, checklistOpened } from './model'

export const itemToggled = createEvent<ChecklistItem>()
/** An item moved to a place (1 the first): a step up or down, or a drop. */
export const itemMoved = createEvent<{ item: ChecklistItem; to: number }>()
export const itemRemoveConfirmed = createEvent<ChecklistItem>()
export const itemEditStarted = createEvent<ChecklistItem>()
export const itemEditClosed = createEvent()

const addFx = attach({ effect: addItemFx })
const patchFx = attach({ effect: patchItemFx })
const removeFx = attach({ effect: removeItemFx })
const reloadFx = attach({ effect: fetchChecklistFx })

sample({ clock: [addFx.doneData, patchFx.doneData, removeFx.doneData, reloadFx.doneData], target: checklistAnswered })

/** A change of the items on its way: the buttons wait for it (the next move starts from the order it answers). */
export const $itemsChanging = combine(patchFx.pending, removeFx.pending, (patching, removing) => patching || removing)

/**
 * A due date is a calendar day: sent as that day's midnight UTC, so the API's "before today
 * (UTC)" makes it overdue from the next day on, wherever the user is.
 */
export const dayToDue = (day: string): number | null => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  return match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : null
}
export const dueToDay = (due: number | null): string => (due === null ? '' : new Date(due).toISOString().slice(0, 10))

export interface ItemValues extends Record<string, unknown> {
  name: string
  /** A person's id, or '' for nobody. */
  responsibleUserId: string
  /** YYYY-MM-DD, or '' for none. */
  dueDate: string
}

const itemFields = () => ({
  name: { initial: '', rules: { required: true, maxLength: CHECKLIST_LIMITS.itemName } },
  responsibleUserId: { initial: '' },
  dueDate: { initial: '' },
})
const toData = ({ name, responsibleUserId, dueDate }: ItemValues) => ({ name: name.trim(), responsibleUserId: responsibleUserId ? Number(responsibleUserId) : null, dueDate: dayToDue(dueDate) })

/** The new item's form, under the list. */
export const addItemForm = createForm<ItemValues>({
  fields: itemFields(),
  submit: async (values) => {
    const { checklistId } = $opened.getState()
    await saving(() => addFx({ id: checklistId, ...toData(values) }), 'checklists:items.addFailed')
  },
})
// The new row is the answer: no toast each time (items are added one after another).
sample({ clock: addFx.done, target: addItemForm.reset })
sample({ clock: checklistOpened, target: addItemForm.reset })

sample({ clock: itemToggled, source: { opened: $opened, changing: $itemsChanging }, filter: ({ changing }) => !changing, fn: ({ opened }, item) => ({ id: opened.checklistId, itemId: item.id, patch: { done: !item.done } }), target: patchFx })

/** What the last move did, for screen readers (a key of the checklists' texts and its values). */
export const $moved = createStore<{ key: string; values: Record<string, unknown> } | null>(null).reset(checklistOpened)
sample({
  clock: itemMoved,
  source: { opened: $opened, checklist: $checklist, changing: $itemsChanging },
  filter: ({ checklist, changing }, { item, to }) => checklist !== null && !changing && to !== item.sortOrder && to >= 1 && to <= checklist.checklistItems.length,
  fn: ({ opened }, { item, to }) => ({ id: opened.checklistId, itemId: item.id, patch: { sortOrder: to } as ChecklistItemPatch }),
  target: patchFx,
})
sample({
  clock: patchFx.done,
  filter: ({ params }) => params.patch.sortOrder !== undefined,
  fn: ({ params, result }) => {
    const item = result.checklistItems.find((one) => one.id === params.itemId)
    return { key: 'items.moved', values: { name: item?.name ?? '', position: params.patch.sortOrder, count: result.checklistItems.length } }
  },
  target: $moved,
})
sample({
  clock: patchFx.fail,
  fn: ({ params, error }) => ({ kind: 'error' as const, key: params.patch.sortOrder !== undefined ? 'items.moveFailed' : params.patch.done !== undefined ? 'items.tickFailed' : 'items.saveFailed', detail: refusalOf(error) }),
  target: notifyFx,
})

sample({ clock: itemRemoveConfirmed, source: $opened, fn: (opened, item) => ({ id: opened.checklistId, itemId: item.id }), target: removeFx })
sample({ clock: removeFx.done, fn: () => ({ kind: 'success' as const, key: 'items.removed' }), target: notifyFx })
sample({ clock: removeFx.failData, fn: (error) => ({ kind: 'error' as const, key: 'items.removeFailed', detail: refusalOf(error) }), target: notifyFx })
// A failed change may have met another's: the checklist as it is now.
sample({ clock: [patchFx.fail, removeFx.fail], source: $opened, filter: ({ checklistId }) => checklistId > 0, fn: ({ checklistId }) => checklistId, target: reloadFx })

/** The item in the edit dialog (its name, responsible person and due date), or null. */
export const $editing = createStore<ChecklistItem | null>(null)
  .on(itemEditStarted, (_, item) => item)
  .reset(itemEditClosed, checklistOpened)
const editFx = attach({ effect: patchItemFx })
sample({ clock: editFx.doneData, target: checklistAnswered })
export const editItemForm = createForm<ItemValues>({
  fields: itemFields(),
  submit: async (values) => {
    const item = $editing.getState()
    const { checklistId } = $opened.getState()
    if (!item) return
    const next = toData(values)
    const patch: ChecklistItemPatch = {}
    if (next.name !== item.name) patch.name = next.name
    if (next.responsibleUserId !== (item.responsibleUser?.id ?? null)) patch.responsibleUserId = next.responsibleUserId
    if (dueToDay(next.dueDate) !== dueToDay(item.dueDate)) patch.dueDate = next.dueDate
    if (Object.keys(patch).length === 0) return
    await saving(() => editFx({ id: checklistId, itemId: item.id, patch }), 'checklists:items.saveFailed')
  },
})
sample({ clock: itemEditStarted, target: editItemForm.reset })
sample({
  clock: itemEditStarted,
  fn: (item) => ({ name: item.name, responsibleUserId: item.responsibleUser ? String(item.responsibleUser.id) : '', dueDate: dueToDay(item.dueDate) }),
  target: editItemForm.filled,
})
sample({ clock: editItemForm.submitFx.done, target: itemEditClosed })
sample({ clock: editFx.done, fn: () => ({ kind: 'success' as const, key: 'items.saved' }), target: notifyFx })

/** Whether an item not done was due before today (the API counts the same). */
export const isOverdue = (item: Pick<ChecklistItem, 'done' | 'dueDate'>, now = Date.now()) => {
  if (item.done || item.dueDate === null) return false
  const today = new Date(now)
  return item.dueDate < Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate())
}

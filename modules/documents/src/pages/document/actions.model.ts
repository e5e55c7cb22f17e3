/**
 * The Actions tab (part1 §2, §3 "Document action plan rows"): the document's action plan
 * by planned day, each row with the due day and days overdue the API reckons; a new or
 * changed row in a dialog (the description required, processing weeks 0 to 520, the
 * responsible one of the project's, as the API checks); a removal after a Yes. An
 * archived document's plan stays as it is.
 */
import { createForm, dayToEpoch, epochToDay, PATTERNS } from '@app/module-kit'
import { type CommentFrom, FOLDER_ACTION_LIMITS, type FolderAction, type FolderActionData } from '@app/plugin-documents/shared'
import { attach, createEvent, createStore, sample } from 'effector'
import { deleteActionFx, fetchActionsFx, saveActionFx } from '../../api'
import { personName } from '../../crumbs'
import { notifyFx, refusalOf } from '../../notify'

/** The document whose plan is shown. */
export const actionsOpened = createEvent<number>()
export const actionsRetried = createEvent()
/** A row to change, or null for a new one. */
export const actionEditStarted = createEvent<FolderAction | null>()
export const actionEditClosed = createEvent()
export const actionRemoveConfirmed = createEvent<FolderAction>()

const loadFx = attach({ effect: fetchActionsFx })
const $folderId = createStore(0).on(actionsOpened, (_, id) => id)

/** The rows, or null while the first answer is on its way. */
export const $actions = createStore<FolderAction[] | null>(null).reset(actionsOpened)
sample({ clock: loadFx.done, source: $folderId, filter: (folderId, { params }) => params === folderId, fn: (_, { result }) => result, target: $actions })
export const $actionsFailed = createStore(false).reset(loadFx, actionsOpened)
sample({ clock: loadFx.fail, source: $folderId, filter: (folderId, { params }) => params === folderId, fn: () => true, target: $actionsFailed })
export const $actionsLoading = loadFx.pending

/**
 * The row in the dialog: its id (null while adding one) and its responsible as saved, so
 * the select still shows someone who has left the project since; no dialog when null.
 */
export const $editingAction = createStore<{ id: number | null; responsible: { id: number; name: string } | null } | null>(null)
  .on(actionEditStarted, (_, action) => ({
    id: action?.id ?? null,
    responsible: action?.responsibleId ? { id: action.responsibleId, name: personName(action.responsible) || String(action.responsibleId) } : null,
  }))
  .reset(actionEditClosed, actionsOpened)

/** The dialog's fields: the planned day as a date input's YYYY-MM-DD, the responsible's id as text, the weeks a number. */
export interface ActionValues extends Record<string, unknown> {
  description: string
  plannedOn: string
  responsibleId: string
  processingWeeks: number | null
  commentFrom: '' | CommentFrom
  finalized: boolean
  notes: string
  acceptanceCode: string
}

const EMPTY: ActionValues = { description: '', plannedOn: '', responsibleId: '', processingWeeks: null, commentFrom: '', finalized: false, notes: '', acceptanceCode: '' }

export const actionForm = createForm<ActionValues>({
  fields: {
    description: { initial: EMPTY.description, rules: { required: true, maxLength: FOLDER_ACTION_LIMITS.description } },
    plannedOn: { initial: EMPTY.plannedOn },
    responsibleId: { initial: EMPTY.responsibleId },
    processingWeeks: { initial: EMPTY.processingWeeks, rules: { min: 0, max: FOLDER_ACTION_LIMITS.processingWeeks, pattern: PATTERNS.digits } },
    commentFrom: { initial: EMPTY.commentFrom },
    finalized: { initial: EMPTY.finalized },
    notes: { initial: EMPTY.notes, rules: { maxLength: FOLDER_ACTION_LIMITS.notes } },
    acceptanceCode: { initial: EMPTY.acceptanceCode, rules: { maxLength: FOLDER_ACTION_LIMITS.acceptanceCode } },
  },
  submit: async (values) => {
    const editing = $editingAction.getState()
    if (!editing) return
    await saveActionFx({ folderId: $folderId.getState(), id: editing.id, data: actionData(values) })
  },
})

/** The form's values as the API takes them (the whole row): texts trimmed (blank is none), the day as its local midnight. */
export const actionData = (values: ActionValues): FolderActionData => ({
  description: values.description.trim(),
  plannedOn: dayToEpoch(values.plannedOn),
  responsibleId: values.responsibleId ? Number(values.responsibleId) : null,
  finalized: values.finalized,
  notes: values.notes.trim() || null,
  acceptanceCode: values.acceptanceCode.trim() || null,
  commentFrom: values.commentFrom || null,
  processingWeeks: values.processingWeeks,
})

/** A saved row as the dialog shows it. */
export const actionValues = (action: FolderAction): ActionValues => ({
  description: action.description,
  plannedOn: epochToDay(action.plannedOn),
  responsibleId: action.responsibleId === null ? '' : String(action.responsibleId),
  processingWeeks: action.processingWeeks,
  commentFrom: action.commentFrom ?? '',
  finalized: action.finalized,
  notes: action.notes ?? '',
  acceptanceCode: action.acceptanceCode ?? '',
})

const HALF_DAY_MS = 12 * 60 * 60 * 1000

/**
 * The due day to show: the API adds whole weeks of 24 hours to the planned day's local
 * midnight, so across a daylight-saving change its instant lies an hour off the due day's
 * midnight (23:00 the day before, or 01:00); the nearest local midnight is the day meant.
 */
export const dueDay = (action: Pick<FolderAction, 'dueOn'>): number | null => {
  if (action.dueOn === null) return null
  const near = new Date(action.dueOn + HALF_DAY_MS)
  return new Date(near.getFullYear(), near.getMonth(), near.getDate()).getTime()
}

sample({ clock: actionEditStarted, target: actionForm.reset })
sample({ clock: actionEditStarted, filter: (action): action is FolderAction => action !== null, fn: (action) => actionValues(action!), target: actionForm.filled })
sample({ clock: actionForm.submitFx.done, target: [actionEditClosed, actionForm.reset] })

sample({ clock: saveActionFx.done, fn: () => ({ kind: 'success' as const, key: 'actions.saved' }), target: notifyFx })
sample({ clock: deleteActionFx.done, fn: () => ({ kind: 'success' as const, key: 'actions.deleted' }), target: notifyFx })
sample({
  clock: deleteActionFx.failData,
  fn: (error) => ({ kind: 'error' as const, key: 'actions.deleteFailed', detail: refusalOf(error) }),
  target: notifyFx,
})

sample({ clock: actionRemoveConfirmed, source: $folderId, fn: (folderId, action) => ({ folderId, id: action.id }), target: deleteActionFx })
// Opened, retried, or changed: the plan read again (by planned day, as the API orders it; a change may move a row).
sample({ clock: [actionsOpened, actionsRetried, saveActionFx.done, deleteActionFx.finally], source: $folderId, filter: (folderId) => folderId > 0, target: loadFx })

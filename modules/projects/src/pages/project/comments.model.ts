/**
 * The comments tab: the project's comments, a new one (not empty), and editing or removing
 * one's own — any, for the project's administrators (spec part2 §5, §7). Administrators
 * also see the project's event log.
 */
import { combine, createEvent, createStore, sample } from 'effector'
import { type ProjectComment, type ProjectEvent, addCommentFx, deleteCommentFx, editCommentFx, fetchCommentsFx, fetchEventsFx } from '../../api'
import { notifyFx } from '../../notify'

export const commentsOpened = createEvent<{ projectId: number; administer: boolean }>()
export const draftChanged = createEvent<string>()
export const addClicked = createEvent()
export const editStarted = createEvent<ProjectComment>()
export const editChanged = createEvent<string>()
export const editCancelled = createEvent()
export const editSaved = createEvent()
export const removeConfirmed = createEvent<ProjectComment>()
export const retried = createEvent()

const $projectId = createStore(0).on(commentsOpened, (_, { projectId }) => projectId)

export const $comments = createStore<ProjectComment[] | null>(null)
  .on(fetchCommentsFx.doneData, (_, comments) => comments)
  .on(addCommentFx.doneData, (comments, comment) => [...(comments ?? []), comment])
  .on(editCommentFx.doneData, (comments, comment) => (comments ?? []).map((c) => (c.id === comment.id ? comment : c)))
  .on(deleteCommentFx.doneData, (comments, id) => (comments ?? []).filter((c) => c.id !== id))
  .reset(commentsOpened)
export const $loading = fetchCommentsFx.pending
export const $failed = createStore(false).on(fetchCommentsFx.fail, () => true).reset(fetchCommentsFx)

export const $draft = createStore('').on(draftChanged, (_, text) => text).reset(commentsOpened, addCommentFx.done)
/** A comment must say something (spec part2 §5). */
export const $canAdd = combine($draft, addCommentFx.pending, (draft, adding) => draft.trim() !== '' && !adding)

export const $editing = createStore<{ id: number; text: string } | null>(null)
  .on(editStarted, (_, comment) => ({ id: comment.id, text: comment.content }))
  .on(editChanged, (editing, text) => (editing ? { ...editing, text } : null))
  .reset(editCancelled, editCommentFx.done, commentsOpened)


sample({ clock: [commentsOpened, retried], source: $projectId, target: fetchCommentsFx })
sample({ clock: addClicked, source: { draft: $draft, projectId: $projectId }, filter: ({ draft }) => draft.trim() !== '', fn: ({ draft, projectId }) => ({ projectId, content: draft.trim() }), target: addCommentFx })
sample({
  clock: editSaved,
  source: $editing,
  filter: (editing): editing is { id: number; text: string } => editing !== null && editing.text.trim() !== '',
  fn: (editing) => ({ id: editing!.id, content: editing!.text.trim() }),
  target: editCommentFx,
})
sample({ clock: removeConfirmed, fn: (comment) => comment.id, target: deleteCommentFx })

sample({ clock: addCommentFx.fail, fn: () => ({ kind: 'error' as const, key: 'comments.addFailed' }), target: notifyFx })
sample({ clock: editCommentFx.fail, fn: () => ({ kind: 'error' as const, key: 'comments.saveFailed' }), target: notifyFx })
sample({ clock: deleteCommentFx.fail, fn: () => ({ kind: 'error' as const, key: 'comments.removeFailed' }), target: notifyFx })
sample({ clock: deleteCommentFx.done, fn: () => ({ kind: 'success' as const, key: 'comments.removed' }), target: notifyFx })

// The event log: for administrators only (the API refuses anyone else).
export const $events = createStore<ProjectEvent[] | null>(null).on(fetchEventsFx.doneData, (_, events) => events).reset(commentsOpened)
export const $eventsFailed = createStore(false).on(fetchEventsFx.fail, () => true).reset(fetchEventsFx)
export const eventsRetried = createEvent()
sample({ clock: commentsOpened, filter: ({ administer }) => administer, fn: ({ projectId }) => projectId, target: fetchEventsFx })
sample({ clock: eventsRetried, source: $projectId, target: fetchEventsFx })

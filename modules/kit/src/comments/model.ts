/**
 * A thread of comments on one thing (a project's comments, a document's notes): the list,
 * oldest first as the server gives it; a new one (not only blanks); editing one in place and
 * removing one where the server's `canEdit` allows (its author, or an administrator of the
 * thing). One model per screen that shows a thread; the caller names its API's URLs, so the
 * kit knows no module's paths.
 */
import { type Effect, type EventCallable, type Store, type UnitTargetable, combine, createEffect, createEvent, createStore, sample } from 'effector'
import { apiRequest } from '../client'

/** A person as a comment names them; null once they have left the account. */
export interface CommentPerson {
  firstName?: string | null
  lastName?: string | null
  username?: string | null
}

/** What the thread needs of a comment; the API's own type (with more fields) fits it. */
export interface ThreadComment {
  id: number
  content: string
  author: CommentPerson | null
  /** Whether the caller may change or remove it (the server decides). */
  canEdit: boolean
  creationDate: string | number
  changeDate: string | number | null
}

/** What the model tells its caller's toasts: a change that failed, or a comment removed. */
export type CommentNoticeKey = 'addFailed' | 'saveFailed' | 'removeFailed' | 'removed'
export interface CommentNotice {
  kind: 'success' | 'error'
  key: CommentNoticeKey
  /** The failure, for a caller that shows the API's reason. */
  error?: Error
}

export interface CommentsModelOptions {
  /** The URL of a thing's comments, given the thing's id: GET lists them, POST adds one. */
  threadUrl: (thingId: number) => string
  /** The URL of one comment: PUT changes its text, DELETE removes it. */
  commentUrl: (commentId: number) => string
  /** Where the notices go, e.g. the remote's notify effect `.prepend`ed with its text keys. */
  notify?: UnitTargetable<CommentNotice>
  /** How many are read at most (default 500). */
  limit?: number
}

export interface CommentEditing {
  id: number
  text: string
}

export interface CommentsModel<C extends ThreadComment = ThreadComment> {
  /** The thread of this thing is shown: starts over and reads it. */
  opened: EventCallable<number>
  retried: EventCallable<void>
  draftChanged: EventCallable<string>
  addClicked: EventCallable<void>
  editStarted: EventCallable<C>
  editChanged: EventCallable<string>
  editCancelled: EventCallable<void>
  editSaved: EventCallable<void>
  removeConfirmed: EventCallable<C>
  /** The thing whose thread is shown (0 before any). */
  $thingId: Store<number>
  /** null until the first answer. */
  $comments: Store<C[] | null>
  $loading: Store<boolean>
  $failed: Store<boolean>
  $draft: Store<string>
  /** The draft says something and no add is under way. */
  $canAdd: Store<boolean>
  /** The comment being edited and its changed text. */
  $editing: Store<CommentEditing | null>
  $saving: Store<boolean>
  fetchFx: Effect<number, C[]>
  addFx: Effect<{ thingId: number; content: string }, C>
  editFx: Effect<{ id: number; content: string }, C>
  removeFx: Effect<number, number>
}

export const COMMENTS_LIMIT = 500

export const createCommentsModel = <C extends ThreadComment = ThreadComment>(options: CommentsModelOptions): CommentsModel<C> => {
  const limit = options.limit ?? COMMENTS_LIMIT

  const fetchFx = createEffect<number, C[]>(async (thingId) => (await apiRequest<{ data: C[] }>('GET', options.threadUrl(thingId), { query: { $limit: limit } })).data)
  const addFx = createEffect<{ thingId: number; content: string }, C>(({ thingId, content }) => apiRequest<C>('POST', options.threadUrl(thingId), { body: { content } }))
  const editFx = createEffect<{ id: number; content: string }, C>(({ id, content }) => apiRequest<C>('PUT', options.commentUrl(id), { body: { content } }))
  const removeFx = createEffect(async (id: number) => {
    await apiRequest('DELETE', options.commentUrl(id))
    return id
  })

  const opened = createEvent<number>()
  const retried = createEvent()
  const draftChanged = createEvent<string>()
  const addClicked = createEvent()
  const editStarted = createEvent<C>()
  const editChanged = createEvent<string>()
  const editCancelled = createEvent()
  const editSaved = createEvent()
  const removeConfirmed = createEvent<C>()

  const $thingId = createStore(0).on(opened, (_, thingId) => thingId)

  // Only the shown thing's answers count: one for a thing left meanwhile is dropped.
  const loaded = sample({ clock: fetchFx.done, source: $thingId, filter: (thingId, { params }) => thingId === params, fn: (_, { result }) => result })
  const added = sample({ clock: addFx.done, source: $thingId, filter: (thingId, { params }) => thingId === params.thingId, fn: (_, { result }) => result })

  const $comments = createStore<C[] | null>(null)
    .on(loaded, (_, comments) => comments)
    .on(added, (comments, comment) => [...(comments ?? []), comment])
    .on(editFx.doneData, (comments, comment) => comments?.map((c) => (c.id === comment.id ? comment : c)))
    .on(removeFx.doneData, (comments, id) => comments?.filter((c) => c.id !== id))
    .reset(opened)
  const $loading = fetchFx.pending
  const loadFailed = sample({ clock: fetchFx.fail, source: $thingId, filter: (thingId, { params }) => thingId === params })
  const $failed = createStore(false)
    .on(loadFailed, () => true)
    .reset(fetchFx, opened)

  const $draft = createStore('')
    .on(draftChanged, (_, text) => text)
    .reset(opened, addFx.done)
  const $canAdd = combine($draft, addFx.pending, (draft, adding) => draft.trim() !== '' && !adding)

  const $editing = createStore<CommentEditing | null>(null)
    .on(editStarted, (_, comment) => ({ id: comment.id, text: comment.content }))
    .on(editChanged, (editing, text) => (editing ? { ...editing, text } : null))
    .reset(editCancelled, editFx.done, opened)
  const $saving = editFx.pending

  sample({ clock: [opened, retried], source: $thingId, filter: (thingId) => thingId > 0, target: fetchFx })
  sample({
    clock: addClicked,
    source: { draft: $draft, thingId: $thingId, canAdd: $canAdd },
    filter: ({ canAdd }) => canAdd,
    fn: ({ draft, thingId }) => ({ thingId, content: draft.trim() }),
    target: addFx,
  })
  sample({
    clock: editSaved,
    source: $editing,
    filter: (editing): editing is CommentEditing => editing !== null && editing.text.trim() !== '',
    fn: (editing) => ({ id: editing!.id, content: editing!.text.trim() }),
    target: editFx,
  })
  sample({ clock: removeConfirmed, fn: (comment) => comment.id, target: removeFx })

  if (options.notify) {
    const failed = (key: CommentNoticeKey) => ({ error }: { error: Error }): CommentNotice => ({ kind: 'error', key, error })
    sample({ clock: addFx.fail, fn: failed('addFailed'), target: options.notify })
    sample({ clock: editFx.fail, fn: failed('saveFailed'), target: options.notify })
    sample({ clock: removeFx.fail, fn: failed('removeFailed'), target: options.notify })
    sample({ clock: removeFx.done, fn: (): CommentNotice => ({ kind: 'success', key: 'removed' }), target: options.notify })
  }

  return {
    opened,
    retried,
    draftChanged,
    addClicked,
    editStarted,
    editChanged,
    editCancelled,
    editSaved,
    removeConfirmed,
    $thingId,
    $comments,
    $loading,
    $failed,
    $draft,
    $canAdd,
    $editing,
    $saving,
    fetchFx,
    addFx,
    editFx,
    removeFx,
  }
}

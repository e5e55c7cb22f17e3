/**
 * /project/{projectId}/documents/binders/{listId}: one binder's documents in their order
 * (number, title, revision, state). VIEW reads; EDIT moves a document up or down a place,
 * takes one out after a Yes (the document stays in the project), renames the binder and
 * deletes it after a Yes (then the project's binders show). Each change answers the binder
 * in its new order, which the page shows at once; a move is said to screen readers.
 */
import { ApiError, isForbidden, navigate } from '@app/module-kit'
import type { BinderDetail, BinderItem } from '@app/plugin-documents/shared'
import type { Project } from '@app/plugin-projects/shared'
import { attach, combine, createEffect, createEvent, createStore, sample } from 'effector'
import { fetchProjectFx } from '../../api'
import { type BinderRef, bindersPath, deleteBinderFx, fetchBinderFx, moveInBinderFx, removeFromBinderFx, renameBinderFx } from '../../binders-api'
import { documentTitle } from '../../crumbs'
import { notifyFx, refusalOf } from '../../notify'
import { createBinderNameForm, savingName } from '../binders/name-form'

export const binderOpened = createEvent<BinderRef>()
export const binderRetried = createEvent()
/** A document moved one place up (-1) or down (+1). */
export const moveClicked = createEvent<{ item: BinderItem; by: -1 | 1 }>()
export const removeConfirmed = createEvent<BinderItem>()
export const renameStarted = createEvent()
export const renameClosed = createEvent()
export const deleteConfirmed = createEvent()

const loadProjectFx = attach({ effect: fetchProjectFx })
const loadFx = attach({ effect: fetchBinderFx })
const moveFx = attach({ effect: moveInBinderFx })
const takeOutFx = attach({ effect: removeFromBinderFx })
const $opened = createStore<BinderRef>({ projectId: 0, listId: 0 }).on(binderOpened, (_, opened) => opened)
const isShown = (opened: BinderRef, asked: { projectId: number; listId: number }) => asked.projectId === opened.projectId && asked.listId === opened.listId

export const $project = createStore<Project | null>(null).reset(binderOpened)
sample({ clock: loadProjectFx.done, source: $opened, filter: (opened, { params }) => params === opened.projectId, fn: (_, { result }) => result, target: $project })

/** The binder as the API last answered it (read, or changed); null while the first answer is on its way. */
export const $binder = createStore<BinderDetail | null>(null).reset(binderOpened)
sample({
  clock: [loadFx.done, moveFx.done, takeOutFx.done, renameBinderFx.done],
  source: $opened,
  filter: (opened, { params }) => isShown(opened, params),
  fn: (_, { result }) => result,
  target: $binder,
})

export const $loadError = createStore<'notFound' | 'forbidden' | 'failed' | null>(null).reset(binderOpened, binderRetried)
const failed = (error: Error) => (error instanceof ApiError && error.status === 404 ? ('notFound' as const) : isForbidden(error) ? ('forbidden' as const) : ('failed' as const))
sample({ clock: loadProjectFx.fail, source: $opened, filter: (opened, { params }) => params === opened.projectId, fn: (_, { error }) => failed(error), target: $loadError })
sample({ clock: loadFx.fail, source: $opened, filter: (opened, { params }) => isShown(opened, params), fn: (_, { error }) => failed(error), target: $loadError })

/** A move or a removal on its way: the buttons wait for it (the next move starts from the order it answers). */
export const $changing = combine(moveFx.pending, takeOutFx.pending, (moving, takingOut) => moving || takingOut)

/** What the last move did, for screen readers (a key of the documents' texts and its values). */
export const $moved = createStore<{ key: string; values: Record<string, unknown> } | null>(null).reset(binderOpened)

sample({
  clock: moveClicked,
  source: { opened: $opened, binder: $binder, changing: $changing },
  filter: ({ binder, changing }, { item, by }) => binder !== null && !changing && item.position + by >= 1 && item.position + by <= binder.documents.length,
  fn: ({ opened }, { item, by }) => ({ ...opened, folderId: item.folderId, position: item.position + by }),
  target: moveFx,
})
sample({
  clock: moveFx.done,
  source: $opened,
  filter: (opened, { params }) => isShown(opened, params),
  fn: (_, { params, result }) => {
    const item = result.documents.find((document) => document.folderId === params.folderId)
    return { key: 'binder.moved', values: { name: item ? documentTitle(item) : '', position: params.position, count: result.documents.length } }
  },
  target: $moved,
})
sample({ clock: moveFx.failData, fn: (error) => ({ kind: 'error' as const, key: 'binder.moveFailed', detail: refusalOf(error) }), target: notifyFx })
// A failed change may have met another's: the binder as it is now.
sample({ clock: [moveFx.fail, takeOutFx.fail], source: $opened, filter: ({ listId }) => listId > 0, target: loadFx })

sample({ clock: removeConfirmed, source: $opened, fn: (opened, item) => ({ ...opened, folderId: item.folderId }), target: takeOutFx })
sample({ clock: takeOutFx.done, fn: () => ({ kind: 'success' as const, key: 'binder.removed' }), target: notifyFx })
sample({ clock: takeOutFx.failData, fn: (error) => ({ kind: 'error' as const, key: 'binder.removeFailed', detail: refusalOf(error) }), target: notifyFx })

/** The rename dialog is open. */
export const $renaming = createStore(false).on(renameStarted, () => true).reset(renameClosed, binderOpened)
export const renameForm = createBinderNameForm(async ({ name }) => {
  const binder = $binder.getState()
  const opened = $opened.getState()
  const trimmed = name.trim()
  if (!binder || trimmed === binder.name) return
  await savingName(() => renameBinderFx({ ...opened, name: trimmed }), 'documents:binders.saveFailed')
})
sample({ clock: renameStarted, target: renameForm.reset })
sample({ clock: renameStarted, source: $binder, filter: Boolean, fn: (binder) => ({ name: binder.name }), target: renameForm.filled })
sample({ clock: renameForm.submitFx.done, target: [renameClosed, renameForm.reset] })
sample({ clock: renameBinderFx.done, fn: () => ({ kind: 'success' as const, key: 'binders.renamed' }), target: notifyFx })

const openBindersFx = createEffect((projectId: number) => navigate(bindersPath(projectId)))
const dropFx = attach({ effect: deleteBinderFx })
sample({ clock: deleteConfirmed, source: $opened, filter: ({ listId }) => listId > 0, target: dropFx })
sample({ clock: dropFx.done, fn: ({ params }) => params.projectId, target: openBindersFx })
sample({ clock: dropFx.done, fn: () => ({ kind: 'success' as const, key: 'binders.deleted' }), target: notifyFx })
sample({ clock: dropFx.failData, fn: (error) => ({ kind: 'error' as const, key: 'binders.deleteFailed', detail: refusalOf(error) }), target: notifyFx })

sample({ clock: binderOpened, fn: ({ projectId }) => projectId, target: loadProjectFx })
sample({ clock: [binderOpened, binderRetried], source: $opened, filter: ({ listId }) => listId > 0, target: loadFx })
sample({ clock: binderRetried, source: $opened, filter: ({ projectId }) => projectId > 0, fn: ({ projectId }) => projectId, target: loadProjectFx })

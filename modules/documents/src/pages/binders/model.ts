/**
 * /project/{projectId}/documents/binders: the project's binders (document lists, part1 §3
 * "Document list (binder)"), by name, each with how many documents it holds. VIEW reads;
 * EDIT makes one, renames one (in a dialog) and deletes one after a Yes (its documents
 * stay in the project). A project that is missing or another account's says so; too low
 * a level is the page's 403.
 */
import { ApiError, isForbidden } from '@app/module-kit'
import type { Binder } from '@app/plugin-documents/shared'
import type { Project } from '@app/plugin-projects/shared'
import { attach, createEvent, createStore, sample } from 'effector'
import { fetchProjectFx } from '../../api'
import { createBinderFx, deleteBinderFx, fetchBindersFx, renameBinderFx } from '../../binders-api'
import { notifyFx, refusalOf } from '../../notify'
import { createBinderNameForm, savingName } from './name-form'

export const bindersOpened = createEvent<number>()
export const bindersRetried = createEvent()
/** A binder to rename, or null for a new one. */
export const binderEditStarted = createEvent<Binder | null>()
export const binderEditClosed = createEvent()
export const binderDeleteConfirmed = createEvent<Binder>()

const loadProjectFx = attach({ effect: fetchProjectFx })
const loadFx = attach({ effect: fetchBindersFx })
const $projectId = createStore(0).on(bindersOpened, (_, id) => id)

export const $project = createStore<Project | null>(null).reset(bindersOpened)
sample({ clock: loadProjectFx.done, source: $projectId, filter: (id, { params }) => params === id, fn: (_, { result }) => result, target: $project })
/** Why the page cannot show the project's binders. */
export const $loadError = createStore<'notFound' | 'forbidden' | 'failed' | null>(null).reset(bindersOpened)
sample({
  clock: [loadProjectFx.fail, loadFx.fail],
  source: $projectId,
  filter: (id, { params }) => params === id,
  fn: (_, { error }) => (error instanceof ApiError && error.status === 404 ? 'notFound' : isForbidden(error) ? 'forbidden' : 'failed'),
  target: $loadError,
})
$loadError.reset(bindersRetried)

/** The binders, or null while the first answer is on its way. */
export const $binders = createStore<Binder[] | null>(null).reset(bindersOpened)
sample({ clock: loadFx.done, source: $projectId, filter: (id, { params }) => params === id, fn: (_, { result }) => result, target: $binders })
export const $bindersLoading = loadFx.pending

/** The binder in the name dialog: null while making a new one; no dialog when the store is null. */
export const $editing = createStore<{ binder: Binder | null } | null>(null)
  .on(binderEditStarted, (_, binder) => ({ binder }))
  .reset(binderEditClosed, bindersOpened)

export const binderForm = createBinderNameForm(async ({ name }) => {
  const editing = $editing.getState()
  if (!editing) return
  const projectId = $projectId.getState()
  const trimmed = name.trim()
  if (editing.binder === null) await savingName(() => createBinderFx({ projectId, name: trimmed }), 'documents:binders.saveFailed')
  // The same name just closes.
  else if (trimmed !== editing.binder.name) await savingName(() => renameBinderFx({ projectId, listId: editing.binder!.id, name: trimmed }), 'documents:binders.saveFailed')
})

sample({ clock: binderEditStarted, target: binderForm.reset })
sample({ clock: binderEditStarted, filter: (binder): binder is Binder => binder !== null, fn: (binder) => ({ name: binder!.name }), target: binderForm.filled })
sample({ clock: binderForm.submitFx.done, target: [binderEditClosed, binderForm.reset] })

sample({ clock: createBinderFx.done, fn: () => ({ kind: 'success' as const, key: 'binders.created' }), target: notifyFx })
sample({ clock: renameBinderFx.done, fn: () => ({ kind: 'success' as const, key: 'binders.renamed' }), target: notifyFx })
sample({ clock: deleteBinderFx.done, fn: () => ({ kind: 'success' as const, key: 'binders.deleted' }), target: notifyFx })
sample({ clock: deleteBinderFx.failData, fn: (error) => ({ kind: 'error' as const, key: 'binders.deleteFailed', detail: refusalOf(error) }), target: notifyFx })

sample({ clock: binderDeleteConfirmed, source: $projectId, fn: (projectId, binder) => ({ projectId, listId: binder.id }), target: deleteBinderFx })
sample({ clock: bindersOpened, target: loadProjectFx })
// Opened, retried or changed: the binders read again (by name, as the API sorts them).
sample({
  clock: [bindersOpened, bindersRetried, createBinderFx.done, renameBinderFx.done, deleteBinderFx.finally],
  source: $projectId,
  filter: (id) => id > 0,
  target: loadFx,
})
sample({ clock: bindersRetried, source: $projectId, filter: (id) => id > 0, target: loadProjectFx })

/**
 * The document's Binders and lists tab (part1 §2): the binders of its project it is in, by
 * name, with its place in each. EDIT adds it to one in a dialog: one of the project's
 * binders it is not in yet, or a new binder made by name there and then; and takes it out
 * of one after a Yes (the binder stays, the document too).
 */
import { ApiError, createForm } from '@app/module-kit'
import type { Binder, FolderBinder } from '@app/plugin-documents/shared'
import { attach, combine, createEvent, createStore, sample, scopeBind } from 'effector'
import { addToBinderFx, createBinderFx, fetchBindersFx, fetchFolderBindersFx, removeFromBinderFx } from '../../binders-api'
import { notifyFx, refusalOf } from '../../notify'
import { createBinderNameForm, savingName } from '../binders/name-form'

/** The document shown, and its project. */
export const bindersTabOpened = createEvent<{ folderId: number; projectId: number }>()
export const bindersTabRetried = createEvent()
export const addStarted = createEvent()
export const addClosed = createEvent()
/** Into a binder the project has, or a new one. */
export const addModeChosen = createEvent<AddMode>()
export const removeConfirmed = createEvent<FolderBinder>()

export type AddMode = 'existing' | 'new'

const loadFx = attach({ effect: fetchFolderBindersFx })
const loadChoicesFx = attach({ effect: fetchBindersFx })
const putFx = attach({ effect: addToBinderFx })
const makeFx = attach({ effect: createBinderFx })
const takeOutFx = attach({ effect: removeFromBinderFx })

const $shown = createStore({ folderId: 0, projectId: 0 }).on(bindersTabOpened, (_, shown) => shown)

/** The binders the document is in, or null while the first answer is on its way. */
export const $folderBinders = createStore<FolderBinder[] | null>(null).reset(bindersTabOpened)
sample({ clock: loadFx.done, source: $shown, filter: (shown, { params }) => params === shown.folderId, fn: (_, { result }) => result, target: $folderBinders })
export const $folderBindersFailed = createStore(false).reset(loadFx, bindersTabOpened)
sample({ clock: loadFx.fail, source: $shown, filter: (shown, { params }) => params === shown.folderId, fn: () => true, target: $folderBindersFailed })
export const $folderBindersLoading = loadFx.pending

/** The dialog is open. */
export const $adding = createStore(false).on(addStarted, () => true).reset(addClosed, bindersTabOpened)
/** The project's binders, read when the dialog opens; null while on their way. */
const $projectBinders = createStore<Binder[] | null>(null).reset(addStarted, bindersTabOpened)
sample({ clock: loadChoicesFx.done, source: $shown, filter: (shown, { params }) => params === shown.projectId, fn: (_, { result }) => result, target: $projectBinders })
export const $choicesFailed = createStore(false).on(loadChoicesFx.fail, () => true).reset(addStarted, bindersTabOpened)

/** The binders the document may go into: the project's, but those it is in already. */
export const $choices = combine($projectBinders, $folderBinders, (project, mine) =>
  project === null ? null : project.filter((binder) => !(mine ?? []).some((already) => already.id === binder.id)),
)
/** Which of the two the dialog shows: a new binder when the project has none to offer. */
const $chosenMode = createStore<AddMode | null>(null).on(addModeChosen, (_, mode) => mode).reset(addStarted, bindersTabOpened)
export const $addMode = combine($chosenMode, $choices, (chosen, choices): AddMode => chosen ?? (choices !== null && choices.length === 0 ? 'new' : 'existing'))

/** Into a binder the project has: which one. */
export const existingForm = createForm<{ listId: string }>({
  fields: { listId: { initial: '', rules: { required: true } } },
  submit: async ({ listId }) => {
    const { folderId, projectId } = $shown.getState()
    try {
      await putFx({ projectId, listId: Number(listId), folderId })
    } catch (error) {
      throw error instanceof ApiError && error.status > 0 && error.status < 500 ? new Error(error.message) : new Error('documents:binders.addFailed')
    }
  },
})

/** Into a new binder: its name (unique in the project); made, then the document put in it. */
export const newBinderForm = createBinderNameForm(async ({ name }) => {
  const { folderId, projectId } = $shown.getState()
  // The second call comes after an await: bound now to the scope this runs in (a test's fork).
  const put = scopeBind(putFx, { safe: true })
  let listId = 0
  await savingName(async () => {
    listId = (await makeFx({ projectId, name: name.trim() })).id
  }, 'documents:binders.saveFailed')
  try {
    await put({ projectId, listId, folderId })
  } catch {
    throw new Error('documents:binders.addFailed')
  }
})

sample({ clock: addStarted, target: [existingForm.reset, newBinderForm.reset] })
sample({ clock: addStarted, source: $shown, filter: ({ projectId }) => projectId > 0, fn: ({ projectId }) => projectId, target: loadChoicesFx })
sample({ clock: [existingForm.submitFx.done, newBinderForm.submitFx.done], target: addClosed })

sample({ clock: putFx.done, fn: () => ({ kind: 'success' as const, key: 'binders.added' }), target: notifyFx })

sample({ clock: removeConfirmed, source: $shown, fn: ({ folderId, projectId }, binder) => ({ projectId, listId: binder.id, folderId }), target: takeOutFx })
sample({ clock: takeOutFx.done, fn: () => ({ kind: 'success' as const, key: 'binders.removedFrom' }), target: notifyFx })
sample({ clock: takeOutFx.failData, fn: (error) => ({ kind: 'error' as const, key: 'binders.removeFromFailed', detail: refusalOf(error) }), target: notifyFx })

// Opened, retried, or changed: the document's binders read again.
sample({
  clock: [bindersTabOpened, bindersTabRetried, putFx.done, takeOutFx.finally, makeFx.done],
  source: $shown,
  filter: ({ folderId }) => folderId > 0,
  fn: ({ folderId }) => folderId,
  target: loadFx,
})

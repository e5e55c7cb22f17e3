/**
 * /project/{projectId}/checklists/{checklistId}[/{tab}]: one checklist. The bare path goes
 * on to the checklists tab (part2 §2). VIEW reads; EDIT changes its title and description,
 * status and responsible person, and makes its document folder; ADMINISTER copies it into
 * another project and deletes it after a Yes. Every change answers the checklist as it now
 * is, which the page shows at once. A checklist of another project (or none) is not found.
 */
import { ApiError, FILTER_DEBOUNCE_MS, type LiveEvent, afterPause, createForm, isForbidden, listenLive, navigate } from '@app/module-kit'
import type { Checklist, ChecklistStatus, ChecklistSummary } from '@app/plugin-checklists/shared'
import { type Project, projectLiveUrl } from '@app/plugin-projects/shared'
import { type Effect, type EventCallable, attach, createEffect, createEvent, createStore, sample, scopeBind } from 'effector'
import {
  type ChecklistExport,
  type Choice,
  copyChecklistFx,
  createFolderFx,
  deleteChecklistFx,
  exportChecklistFx,
  fetchChecklistFx,
  fetchChildrenFx,
  fetchCopyTargetsFx,
  fetchPeopleFx,
  fetchProjectFx,
  setResponsibleFx,
  setStatusFx,
  updateChecklistFx,
} from '../../api'
import { createChecklistForm, saving } from '../../checklist-form'
import { type LoadError, notifyFx, refusalOf } from '../../notify'
import { type Tab, checklistPath, checklistsPath } from '../../paths'

export interface ChecklistRef {
  projectId: number
  checklistId: number
}

export const checklistOpened = createEvent<ChecklistRef & { tab: Tab | null }>()
/** The page is left: it stops listening to the project's changes. */
export const checklistClosed = createEvent()
export const checklistRetried = createEvent()
export const statusChosen = createEvent<ChecklistStatus>()
/** null: nobody. */
export const responsibleChosen = createEvent<number | null>()
export const folderClicked = createEvent()
export const copyStarted = createEvent()
export const copyClosed = createEvent()
export const deleteConfirmed = createEvent()
export const exportClicked = createEvent<ChecklistExport>()
/** The text the copy dialog's projects are found by (number or name). */
export const targetsFilterChanged = createEvent<string>()
/** The text the people offered as responsible are found by: PEOPLE_LIMIT at a time, in an account of thousands. */
export const peopleFilterChanged = createEvent<string>()

const loadProjectFx = attach({ effect: fetchProjectFx })
const loadFx = attach({ effect: fetchChecklistFx })
const loadChildrenFx = attach({ effect: fetchChildrenFx })
const loadPeopleFx = attach({ effect: fetchPeopleFx })
const statusFx = attach({ effect: setStatusFx })
const responsibleFx = attach({ effect: setResponsibleFx })
const folderFx = attach({ effect: createFolderFx })
const updateFx = attach({ effect: updateChecklistFx })
const copyFx = attach({ effect: copyChecklistFx })
const dropFx = attach({ effect: deleteChecklistFx })
const loadTargetsFx = attach({ effect: fetchCopyTargetsFx })

export const $opened = createStore<ChecklistRef>({ projectId: 0, checklistId: 0 }).on(checklistOpened, (_, { projectId, checklistId }) => ({ projectId, checklistId }))

// The bare path goes on to the checklists tab, in place of itself in the history.
const redirectFx = createEffect((ref: ChecklistRef) => navigate(checklistPath(ref.projectId, ref.checklistId), { replace: true }))
sample({ clock: checklistOpened, filter: ({ tab }) => tab === null, fn: ({ projectId, checklistId }) => ({ projectId, checklistId }), target: redirectFx })

export const $project = createStore<Project | null>(null)
sample({ clock: loadProjectFx.done, source: $opened, filter: (opened, { params }) => params === opened.projectId, fn: (_, { result }) => result, target: $project })

/** The checklist as the API last answered it (read or changed); null while the first answer is on its way. */
export const $checklist = createStore<Checklist | null>(null)
/** A checklist answer for the one shown (a late answer for another is dropped). */
export const checklistAnswered = createEvent<Checklist>()
sample({ clock: checklistAnswered, source: $opened, filter: (opened, checklist) => checklist.id === opened.checklistId, fn: (_, checklist) => checklist, target: $checklist })
sample({ clock: [loadFx.doneData, statusFx.doneData, responsibleFx.doneData, folderFx.doneData, updateFx.doneData], target: checklistAnswered })

/** Its sub-checklists, in their order. */
export const $children = createStore<ChecklistSummary[] | null>(null)
sample({ clock: loadChildrenFx.done, source: $opened, filter: (opened, { params }) => params === opened.checklistId, fn: (_, { result }) => result, target: $children })

/**
 * A box that narrows a list the API gives for the opened checklist's project: its text, asked
 * for once typing pauses, and the answers for what it says now (one for older text is dropped).
 */
const finder = <T>(changed: EventCallable<string>, loadFx: Effect<{ projectId: number; filter: string }, T>) => {
  const $text = createStore('').on(changed, (_, text) => text)
  sample({ clock: afterPause(changed, FILTER_DEBOUNCE_MS), source: $opened, fn: (opened, text) => ({ projectId: opened.projectId, filter: text.trim() }), target: loadFx })
  const answered = sample({ clock: loadFx.done, source: $text, filter: (text, { params }) => params.filter === text.trim(), fn: (_, { result }) => result })
  return { $text, answered }
}

/** Who may be made responsible (for the checklist or an item): those the filter finds. */
const people = finder(peopleFilterChanged, loadPeopleFx)
export const $peopleFilter = people.$text
export const $people = createStore<Choice[]>([]).on(people.answered, (_, found) => found)

const failed = (error: Error): LoadError => (error instanceof ApiError && error.status === 404 ? 'notFound' : isForbidden(error) ? 'forbidden' : 'failed')
export const $loadError = createStore<LoadError | null>(null).reset(checklistOpened, checklistRetried)
sample({ clock: loadProjectFx.fail, source: $opened, filter: (opened, { params }) => params === opened.projectId, fn: (_, { error }) => failed(error), target: $loadError })
sample({ clock: loadFx.fail, source: $opened, filter: (opened, { params }) => params === opened.checklistId, fn: (_, { error }) => failed(error), target: $loadError })
/** The checklist is of another project than the path's: not found here. */
export const $misplaced = createStore(false)
sample({ clock: $checklist, source: $opened, fn: (opened, checklist) => checklist !== null && checklist.parentId !== opened.projectId, target: $misplaced })

/** A change of the checklist on its way: its controls wait. */
export const $changing = createStore(false)
$changing
  .on([statusFx, responsibleFx, folderFx], () => true)
  .on([statusFx.finally, responsibleFx.finally, folderFx.finally], () => false)

// A new checklist (another id) starts empty; the same one opened again (another tab) keeps what it shows.
const newChecklist = sample({ clock: checklistOpened, source: $opened, filter: (before, opened) => before.checklistId !== opened.checklistId || before.projectId !== opened.projectId })
$checklist.reset(newChecklist)
$children.reset(newChecklist)
$project.reset(newChecklist)
$misplaced.reset(newChecklist)
$people.reset(newChecklist)
$peopleFilter.reset(newChecklist)

sample({ clock: statusChosen, source: { opened: $opened, checklist: $checklist }, filter: ({ checklist }, status) => checklist !== null && checklist.status !== status, fn: ({ opened }, status) => ({ id: opened.checklistId, status }), target: statusFx })
sample({ clock: statusFx.done, fn: () => ({ kind: 'success' as const, key: 'status.saved' }), target: notifyFx })
sample({ clock: statusFx.failData, fn: (error) => ({ kind: 'error' as const, key: 'status.failed', detail: refusalOf(error) }), target: notifyFx })

sample({
  clock: responsibleChosen,
  source: { opened: $opened, checklist: $checklist },
  filter: ({ checklist }, userId) => checklist !== null && (checklist.responsibleUser?.id ?? null) !== userId,
  fn: ({ opened }, userId) => ({ id: opened.checklistId, userId }),
  target: responsibleFx,
})
sample({ clock: responsibleFx.done, fn: () => ({ kind: 'success' as const, key: 'responsible.saved' }), target: notifyFx })
sample({ clock: responsibleFx.failData, fn: (error) => ({ kind: 'error' as const, key: 'responsible.failed', detail: refusalOf(error) }), target: notifyFx })

sample({ clock: folderClicked, source: { opened: $opened, checklist: $checklist }, filter: ({ checklist }) => checklist !== null && checklist.folderId === null, fn: ({ opened }) => ({ projectId: opened.projectId, id: opened.checklistId }), target: folderFx })
sample({ clock: folderFx.done, fn: () => ({ kind: 'success' as const, key: 'folder.created' }), target: notifyFx })
sample({ clock: folderFx.failData, fn: (error) => ({ kind: 'error' as const, key: 'folder.failed', detail: refusalOf(error) }), target: notifyFx })
// A failed change may have met another's: the checklist as it is now.
sample({ clock: [statusFx.fail, responsibleFx.fail, folderFx.fail], source: $opened, fn: (opened) => opened.checklistId, target: loadFx })

/** The metadata tab: the title and description, saved with a PUT (its status is the drop-down's own call). */
export const metadataForm = createChecklistForm(async ({ title, description }) => {
  const checklist = $checklist.getState()
  if (!checklist) return
  const next = { title: title.trim(), description: description.trim() }
  if (next.title === checklist.title && next.description === checklist.description) return
  await saving(() => updateFx({ id: checklist.id, ...next }), 'checklists:metadata.failed')
})
sample({ clock: updateFx.done, fn: () => ({ kind: 'success' as const, key: 'metadata.saved' }), target: notifyFx })
// Loaded (not after each change of its items): the form shows what is saved.
sample({ clock: [loadFx.doneData, updateFx.doneData], source: $opened, filter: (opened, checklist) => checklist.id === opened.checklistId, fn: (_, checklist) => ({ title: checklist.title, description: checklist.description, status: checklist.status }), target: metadataForm.filled })

/** The copy dialog is open, with the projects it may go to (null while they come). */
export const $copying = createStore(false).on(copyStarted, () => true).reset(copyClosed, newChecklist)
const targets = finder(targetsFilterChanged, loadTargetsFx)
export const $targetsFilter = targets.$text.reset(copyStarted)
export const $targets = createStore<Choice[] | null>(null).on(targets.answered, (_, found) => found).reset(copyStarted)
export const $targetsFailed = createStore(false).on(loadTargetsFx.fail, () => true).reset(copyStarted, loadTargetsFx)
sample({ clock: copyStarted, source: $opened, fn: (opened) => ({ projectId: opened.projectId, filter: '' }), target: loadTargetsFx })

export const copyForm = createForm<{ targetProjectId: string }>({
  fields: { targetProjectId: { initial: '', rules: { required: true } } },
  submit: async ({ targetProjectId }) => {
    const opened = $opened.getState()
    await saving(() => copyFx({ projectId: opened.projectId, id: opened.checklistId, targetProjectId: Number(targetProjectId) }), 'checklists:copy.failed')
  },
})
sample({ clock: copyStarted, target: copyForm.reset })
sample({ clock: copyFx.done, target: copyClosed })
sample({ clock: copyFx.done, fn: () => ({ kind: 'success' as const, key: 'copy.done' }), target: notifyFx })
const openCopyFx = createEffect((copy: Checklist) => navigate(checklistPath(copy.parentId, copy.id)))
sample({ clock: copyFx.doneData, target: openCopyFx })

sample({ clock: deleteConfirmed, source: $opened, filter: ({ checklistId }) => checklistId > 0, fn: ({ checklistId }) => checklistId, target: dropFx })
const openListFx = createEffect((projectId: number) => navigate(checklistsPath(projectId)))
sample({ clock: dropFx.done, source: $opened, fn: (opened) => opened.projectId, target: openListFx })
sample({ clock: dropFx.done, fn: () => ({ kind: 'success' as const, key: 'checklist.deleted' }), target: notifyFx })
sample({ clock: dropFx.failData, fn: (error) => ({ kind: 'error' as const, key: 'checklist.deleteFailed', detail: refusalOf(error) }), target: notifyFx })

// Opened on a tab (a new checklist, or again) or retried: everything read again; the people only for who may change them.
const shown = sample({ clock: checklistOpened, filter: ({ tab }) => tab !== null })
sample({ clock: [shown, checklistRetried], source: $opened, filter: ({ checklistId, projectId }) => checklistId > 0 && projectId > 0, fn: ({ projectId }) => projectId, target: loadProjectFx })
sample({ clock: [shown, checklistRetried], source: $opened, filter: ({ checklistId, projectId }) => checklistId > 0 && projectId > 0, fn: ({ checklistId }) => checklistId, target: [loadFx, loadChildrenFx] })
sample({
  clock: loadProjectFx.doneData,
  source: { opened: $opened, filter: $peopleFilter },
  filter: ({ opened }, project) => project.id === opened.projectId && project.accessLevel.edit,
  fn: ({ opened, filter }) => ({ projectId: opened.projectId, filter: filter.trim() }),
  target: loadPeopleFx,
})

// Live: changes others make to the checklist (its items, status, title) show as they happen. The page listens to its
// project's events from opening until it is left; a checklist answer for the one shown replaces it, a sub-checklist's
// change reads the children again, the checklist's removal shows it is gone, and a reopened stream reads all again.
const liveHeard = createEvent<LiveEvent>()
const liveReopened = createEvent()
const listenFx = createEffect(({ projectId, stop }: { projectId: number; stop: (() => void) | null }) => {
  stop?.()
  return listenLive(projectLiveUrl(projectId), scopeBind(liveHeard, { safe: true }), { onOpen: scopeBind((again: boolean) => (again ? liveReopened() : undefined), { safe: true }) })
})
const stopListeningFx = createEffect((stop: (() => void) | null) => stop?.())
const $listening = createStore<{ projectId: number; stop: () => void } | null>(null, { serialize: 'ignore' })
  .on(listenFx.done, (_, { params, result }) => ({ projectId: params.projectId, stop: result }))
  .reset(stopListeningFx)
sample({
  clock: checklistOpened,
  source: $listening,
  filter: (listening, { projectId }) => projectId > 0 && listening?.projectId !== projectId,
  fn: (listening, { projectId }) => ({ projectId, stop: listening?.stop ?? null }),
  target: listenFx,
})
sample({ clock: checklistClosed, source: $listening, fn: (listening) => listening?.stop ?? null, target: stopListeningFx })

const heardChecklist = sample({ clock: liveHeard, filter: ({ data }) => typeof data === 'object' && data !== null && 'checklistItems' in data, fn: ({ name, data }) => ({ name, checklist: data as Checklist }) })
sample({ clock: heardChecklist, filter: ({ name }) => !name.endsWith(' removed'), fn: ({ checklist }) => checklist, target: checklistAnswered })
sample({ clock: heardChecklist, source: $opened, filter: (opened, { name, checklist }) => name === 'checklists removed' && checklist.id === opened.checklistId, fn: () => 'notFound' as const, target: $loadError })
sample({ clock: heardChecklist, source: $opened, filter: (opened, { checklist }) => checklist.parentChecklistId === opened.checklistId, fn: (opened) => opened.checklistId, target: loadChildrenFx })
sample({ clock: liveReopened, source: $opened, filter: ({ checklistId }) => checklistId > 0, fn: ({ checklistId }) => checklistId, target: [loadFx, loadChildrenFx] })

// Exports: one at a time; a failure says so.
const exportFx = attach({ effect: exportChecklistFx })
export const $exporting = exportFx.pending
sample({ clock: exportClicked, source: { opened: $opened, exporting: $exporting }, filter: ({ opened, exporting }) => opened.checklistId > 0 && !exporting, fn: ({ opened }, format) => ({ id: opened.checklistId, format }), target: exportFx })
sample({ clock: exportFx.failData, fn: (error) => ({ kind: 'error' as const, key: 'export.failed', detail: refusalOf(error) }), target: notifyFx })

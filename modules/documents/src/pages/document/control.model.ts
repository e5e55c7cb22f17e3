/**
 * The document's Control and approval, Revisions and Change log tabs (part1 §2, §4): the
 * three ticks, archive, unarchive (after a Yes), a new revision; the archived revisions;
 * the newest changes. Each answer is taken only for the document shown.
 */
import { dayToEpoch } from '@app/module-kit'
import type { ControlRole, ControlTick, Folder, FolderEvent, Revision } from '@app/plugin-documents/shared'
import { type Event, attach, createEvent, createStore, merge, sample } from 'effector'
import { archiveFx, clearTickFx, deleteRevisionFx, fetchControlFx, fetchEventsFx, fetchRevisionsFx, newRevisionFx, tickFx, unarchiveFx } from '../../api'
import { notifyFx, refusalOf } from '../../notify'

export const controlOpened = createEvent<number>()
export const ticked = createEvent<{ role: ControlRole; day: string }>()
export const tickCleared = createEvent<ControlRole>()
export const archiveClicked = createEvent<string>()
export const unarchiveConfirmed = createEvent()
export const newRevisionClicked = createEvent()
export const revisionDeleteConfirmed = createEvent<Revision>()

const loadControlFx = attach({ effect: fetchControlFx })
const loadRevisionsFx = attach({ effect: fetchRevisionsFx })
const loadEventsFx = attach({ effect: fetchEventsFx })

const $folderId = createStore(0).on(controlOpened, (_, id) => id)

export const $ticks = createStore<ControlTick[]>([])
export const $revisions = createStore<Revision[]>([])
export const $events = createStore<FolderEvent[]>([])
export const $eventsTotal = createStore(0)
const otherOpened = sample({ clock: controlOpened, source: $folderId, filter: (shown, id) => shown !== id })
$ticks.reset(otherOpened)
$revisions.reset(otherOpened)
$events.reset(otherOpened)

sample({ clock: loadControlFx.done, source: $folderId, filter: (id, { params }) => params === id, fn: (_, { result }) => result, target: $ticks })
sample({ clock: [tickFx.done, clearTickFx.done], source: $folderId, filter: (id, { params }) => params.folderId === id, fn: (_, { result }) => result, target: $ticks })
sample({ clock: loadRevisionsFx.done, source: $folderId, filter: (id, { params }) => params === id, fn: (_, { result }) => result, target: $revisions })
const eventsLoaded = sample({ clock: loadEventsFx.done, source: $folderId, filter: (id, { params }) => params === id, fn: (_, { result }) => result })
$events.on(eventsLoaded, (_, page) => page.data)
$eventsTotal.on(eventsLoaded, (_, page) => page.total)

export const $controlBusy = createStore(false)
  .on([tickFx, clearTickFx, archiveFx, unarchiveFx, newRevisionFx], () => true)
  .on([tickFx.finally, clearTickFx.finally, archiveFx.finally, unarchiveFx.finally, newRevisionFx.finally], () => false)

sample({ clock: controlOpened, target: [loadControlFx, loadRevisionsFx, loadEventsFx] })
sample({ clock: ticked, source: $folderId, filter: (_, { day }) => dayToEpoch(day) !== null, fn: (folderId, { role, day }) => ({ folderId, role, doneOn: dayToEpoch(day)! }), target: tickFx })
sample({ clock: tickCleared, source: $folderId, fn: (folderId, role) => ({ folderId, role }), target: clearTickFx })
sample({ clock: archiveClicked, source: $folderId, fn: (folderId, revision) => ({ folderId, revision }), target: archiveFx })
sample({ clock: unarchiveConfirmed, source: $folderId, target: unarchiveFx })
sample({ clock: newRevisionClicked, source: $folderId, target: newRevisionFx })
sample({ clock: revisionDeleteConfirmed, source: $folderId, fn: (folderId, revision) => ({ folderId, revisionId: revision.id }), target: deleteRevisionFx })
sample({ clock: deleteRevisionFx.done, source: $folderId, filter: (id, { params }) => params.folderId === id, target: [loadRevisionsFx, loadEventsFx] })
sample({ clock: deleteRevisionFx.done, fn: () => ({ kind: 'success' as const, key: 'toast.revisionDeleted' }), target: notifyFx })

/** A step that changed the document: its new state for the page, and the tabs read again. */
export const folderChanged: Event<Folder> = merge([archiveFx.doneData, unarchiveFx.doneData, newRevisionFx.doneData])
sample({ clock: folderChanged, source: $folderId, target: [loadControlFx, loadRevisionsFx, loadEventsFx] })
sample({ clock: [tickFx.done, clearTickFx.done], source: $folderId, target: loadEventsFx })
sample({ clock: archiveFx.done, fn: () => ({ kind: 'success' as const, key: 'toast.archived' }), target: notifyFx })
sample({ clock: unarchiveFx.done, fn: () => ({ kind: 'success' as const, key: 'toast.unarchived' }), target: notifyFx })
sample({ clock: newRevisionFx.done, fn: () => ({ kind: 'success' as const, key: 'toast.newRevision' }), target: notifyFx })
// A refusal says why, in the API's words (the ticks missing, a revision in use).
sample({
  clock: [tickFx.failData, clearTickFx.failData, archiveFx.failData, unarchiveFx.failData, newRevisionFx.failData, deleteRevisionFx.failData],
  fn: (error) => ({ kind: 'error' as const, key: 'toast.controlFailed', detail: refusalOf(error) }),
  target: notifyFx,
})

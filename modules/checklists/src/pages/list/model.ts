/**
 * /project/{projectId}/checklists: the project's top-level checklists in their order, a
 * page of PAGE_SIZE at a time, each with its status and progress. VIEW reads;
 * administrators get the Add checklist button (the view decides from the project's level).
 * A project that is missing or another account's says so; too low a level is the page's 403.
 */
import { ApiError, isForbidden } from '@app/module-kit'
import type { ChecklistPage } from '@app/plugin-checklists/shared'
import type { Project } from '@app/plugin-projects/shared'
import { attach, createEvent, createStore, sample } from 'effector'
import { fetchChecklistsFx, fetchProjectFx } from '../../api'
import type { LoadError } from '../../notify'

export const listOpened = createEvent<number>()
export const listRetried = createEvent()
/** A page of the list, by how many rows come before it. */
export const pageChosen = createEvent<number>()

const loadProjectFx = attach({ effect: fetchProjectFx })
const loadFx = attach({ effect: fetchChecklistsFx })
const $projectId = createStore(0).on(listOpened, (_, id) => id)
const $skip = createStore(0)
  .on(pageChosen, (_, skip) => Math.max(0, skip))
  .reset(listOpened)

export const $project = createStore<Project | null>(null).reset(listOpened)
sample({ clock: loadProjectFx.done, source: $projectId, filter: (id, { params }) => params === id, fn: (_, { result }) => result, target: $project })

const failed = (error: Error): LoadError => (error instanceof ApiError && error.status === 404 ? 'notFound' : isForbidden(error) ? 'forbidden' : 'failed')
/** Why the page cannot show the project's checklists. */
export const $loadError = createStore<LoadError | null>(null).reset(listOpened, listRetried)
sample({ clock: loadProjectFx.fail, source: $projectId, filter: (id, { params }) => params === id, fn: (_, { error }) => failed(error), target: $loadError })
/** The list itself failed (the project came): said above the list, with Retry. */
export const $listFailed = createStore(false).reset(listOpened, listRetried, loadFx.done)
sample({ clock: loadFx.fail, source: $projectId, filter: (id, { params, error }) => params.projectId === id && !isForbidden(error), fn: () => true, target: $listFailed })
sample({ clock: loadFx.fail, source: $projectId, filter: (id, { params, error }) => params.projectId === id && isForbidden(error), fn: () => 'forbidden' as const, target: $loadError })

/** The page shown, or null while the first answer is on its way. */
export const $page = createStore<ChecklistPage | null>(null).reset(listOpened)
sample({ clock: loadFx.done, source: $projectId, filter: (id, { params }) => params.projectId === id, fn: (_, { result }) => result, target: $page })
export const $loading = loadFx.pending

sample({ clock: listOpened, target: loadProjectFx })
sample({ clock: listRetried, source: $projectId, filter: (id) => id > 0, target: loadProjectFx })
sample({
  clock: [listOpened, listRetried, pageChosen],
  source: { projectId: $projectId, skip: $skip },
  filter: ({ projectId }) => projectId > 0,
  target: loadFx,
})

/**
 * /project/{projectId}/checklist/add: a new checklist of the project, with its title,
 * description and status (OPEN unless chosen). Administrators only (part2 §2, §6); a failure
 * says the spec's "Unable to create checklist" (field refusals stay on their fields). Saved,
 * the new checklist's items tab opens. With `?parent={id}` it is a sub-checklist of that one.
 */
import { ApiError, isForbidden, navigate } from '@app/module-kit'
import type { Project } from '@app/plugin-projects/shared'
import { attach, createEffect, createEvent, createStore, sample } from 'effector'
import { createChecklistFx, fetchProjectFx } from '../../api'
import { createChecklistForm, saving } from '../../checklist-form'
import { type LoadError, notifyFx } from '../../notify'
import { checklistPath } from '../../paths'

export const addOpened = createEvent<{ projectId: number; parentId: number | null }>()

const loadProjectFx = attach({ effect: fetchProjectFx })
const $projectId = createStore(0).on(addOpened, (_, { projectId }) => projectId)
/** The checklist the new one goes under, if any. */
export const $parentId = createStore<number | null>(null).on(addOpened, (_, { parentId }) => parentId)

export const $project = createStore<Project | null>(null).reset(addOpened)
sample({ clock: loadProjectFx.done, source: $projectId, filter: (id, { params }) => params === id, fn: (_, { result }) => result, target: $project })
export const $loadError = createStore<LoadError | null>(null).reset(addOpened)
sample({
  clock: loadProjectFx.fail,
  source: $projectId,
  filter: (id, { params }) => params === id,
  fn: (_, { error }) => (error instanceof ApiError && error.status === 404 ? 'notFound' : isForbidden(error) ? 'forbidden' : 'failed'),
  target: $loadError,
})

const makeFx = attach({ effect: createChecklistFx })
export const addForm = createChecklistForm(async ({ title, description, status }) => {
  const parentId = $projectId.getState()
  const under = $parentId.getState()
  await saving(
    () => makeFx({ parentId, parentType: 'project', title: title.trim(), description: description.trim(), status: status || 'OPEN', ...(under ? { parentChecklistId: under } : {}) }),
    'checklists:add.failed',
  )
})

const openFx = createEffect(({ projectId, id }: { projectId: number; id: number }) => navigate(checklistPath(projectId, id)))
sample({ clock: makeFx.doneData, fn: (checklist) => ({ projectId: checklist.parentId, id: checklist.id }), target: openFx })
sample({ clock: makeFx.done, fn: () => ({ kind: 'success' as const, key: 'add.created' }), target: notifyFx })

sample({ clock: addOpened, target: addForm.reset })
sample({ clock: addOpened, fn: ({ projectId }) => projectId, target: loadProjectFx })

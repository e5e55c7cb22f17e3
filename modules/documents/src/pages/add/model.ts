/**
 * /project/{projectId}/documents/add: a new document in the project; `docType` in the
 * query preselects its type (part1 §2). Needs EDIT on the project.
 */
import { ApiError, breadcrumbsSet, dashboardCrumb, isForbidden, navigate } from '@app/module-kit'
import type { Project } from '@app/plugin-projects/shared'
import { attach, createEffect, createEvent, createStore, sample } from 'effector'
import { createFolderFx, fetchProjectFx } from '../../api'
import { choicesRequested } from '../../choices'
import { documentPath, documentsCrumb, projectCrumb } from '../../crumbs'
import { createDocumentForm, toFolderData } from '../../document-form'
import { notifyFx } from '../../notify'

export const addOpened = createEvent<{ projectId: number; docType: string | null }>()

/** This page's own reading of the project: another page's answer never lands here. */
const loadProjectFx = attach({ effect: fetchProjectFx })

export const $project = createStore<Project | null>(null)
export const $loadError = createStore<'notFound' | 'forbidden' | 'failed' | null>(null)
  .on(loadProjectFx.failData, (_, error) => (error instanceof ApiError && error.status === 404 ? 'notFound' : isForbidden(error) ? 'forbidden' : 'failed'))
  .reset(addOpened)
$project.reset(addOpened)

const $projectId = createStore(0).on(addOpened, (_, { projectId }) => projectId)
sample({ clock: loadProjectFx.doneData, source: $projectId, filter: (projectId, project) => project.id === projectId, fn: (_, project) => project, target: $project })

/** A refusal that names no field says "Adding document failed". */
const failureOf = (error: unknown) => (error instanceof ApiError && error.status < 500 && error.errors && Object.keys(error.errors).length > 0 ? error : new Error('documents:toast.addFailed'))

export const addForm = createDocumentForm(async (values) => {
  try {
    await createFolderFx(toFolderData($projectId.getState(), values))
  } catch (error) {
    throw failureOf(error)
  }
})

const openDocumentFx = createEffect(({ projectId, id }: { projectId: number; id: number }) => navigate(documentPath(projectId, id)))

sample({ clock: addOpened, target: addForm.reset })
sample({ clock: addOpened, fn: ({ projectId }) => projectId, target: [loadProjectFx, choicesRequested] })
sample({ clock: addOpened, filter: ({ docType }) => Boolean(docType && /^\d+$/.test(docType)), fn: ({ docType }) => ({ folderTypeId: docType! }), target: addForm.filled })
sample({
  clock: loadProjectFx.doneData,
  source: $projectId,
  filter: (projectId, project) => project.id === projectId,
  fn: (_, project) => [dashboardCrumb(), documentsCrumb(), projectCrumb(project), { label: 'documents:add.title' }],
  target: breadcrumbsSet,
})
sample({ clock: createFolderFx.doneData, fn: (folder) => ({ projectId: folder.projectId, id: folder.id }), target: openDocumentFx })
sample({ clock: createFolderFx.done, fn: () => ({ kind: 'success' as const, key: 'toast.created' }), target: notifyFx })

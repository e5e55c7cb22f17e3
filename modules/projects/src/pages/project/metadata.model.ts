/**
 * The metadata tab: the project form (PATCH, "Saving project failed" when refused), the
 * billing notification switch (saved at once, refused while its value is still unset),
 * delete after "Are you sure you want to do this?" (a 409 shows the API's reason) and copy.
 */
import { ApiError, confirm, i18n, navigate } from '@app/module-kit'
import type { Project } from '@app/plugin-projects/shared'
import { attach, createEffect, createEvent, createStore, sample } from 'effector'
import { copyProjectFx, deleteProjectFx, fetchProjectFx, saveProjectFx, setBillingFx } from '../../api'
import { choicesRequested } from '../../choices'
import { notifyFx } from '../../notify'
import { type ProjectValues, createProjectForm, toProjectData, toProjectValues } from '../../project-form'
import { failureOf } from '../add/model'
import { $project, otherProjectOpened, projectOpened } from './model'

export const metadataOpened = createEvent()
export const billingToggled = createEvent<boolean>()
export const deleteClicked = createEvent()
export const copyClicked = createEvent()

const saveEditedFx = attach({
  source: $project,
  effect: saveProjectFx,
  mapParams: (values: ProjectValues, project) => ({ id: project?.id ?? 0, data: toProjectData(values) }),
})
export const editForm = createProjectForm(async (values) => {
  try {
    await saveEditedFx(values)
  } catch (error) {
    throw failureOf(error, 'projects:toast.saveFailed')
  }
})

sample({ clock: metadataOpened, target: choicesRequested })
sample({ clock: otherProjectOpened, target: editForm.reset })
// The saved project is where the form starts: untouched fields are not shown as checked.
sample({ clock: fetchProjectFx.doneData, fn: toProjectValues, target: editForm.filled })
sample({ clock: saveProjectFx.done, fn: () => ({ kind: 'success' as const, key: 'toast.saved' }), target: notifyFx })
sample({ clock: saveProjectFx.fail, fn: () => ({ kind: 'error' as const, key: 'toast.saveFailed' }), target: notifyFx })

// Billing: Enabled or Disabled, sent at once; while the project has no value yet the switch does nothing.
sample({
  clock: billingToggled,
  source: $project,
  filter: (project): project is Project => project !== null && project.shouldNotifyBilling !== null,
  fn: (project, shouldNotifyBilling) => ({ id: project!.id, shouldNotifyBilling }),
  target: setBillingFx,
})
export const $billingSaving = setBillingFx.pending
sample({ clock: setBillingFx.done, fn: () => ({ kind: 'success' as const, key: 'toast.saved' }), target: notifyFx })
sample({ clock: setBillingFx.fail, fn: () => ({ kind: 'error' as const, key: 'toast.saveFailed' }), target: notifyFx })

/** The yes/no question before a delete (spec part2 §4). */
export const askFx = createEffect((key: string) => confirm({ title: i18n.t(key, { ns: 'projects' }) }))

// Delete: asked first; a project with content answers 409 and the page says why.
const askDeleteFx = createEffect((project: Project) => askFx('delete.confirm').then((yes) => (yes ? project.id : null)))
export const leaveFx = createEffect(() => navigate('/projects'))
sample({ clock: deleteClicked, source: $project, filter: Boolean, target: askDeleteFx })
sample({ clock: askDeleteFx.doneData, filter: (id): id is number => id !== null, target: deleteProjectFx })
/** Why the last delete was refused (409), in the API's words. */
export const $deleteRefusal = createStore<string | null>(null)
  .on(deleteProjectFx.failData, (_, error) => (error instanceof ApiError && error.status === 409 ? error.message : null))
  .reset(projectOpened, deleteProjectFx)
sample({ clock: deleteProjectFx.done, target: leaveFx })
sample({ clock: deleteProjectFx.done, fn: () => ({ kind: 'success' as const, key: 'toast.deleted' }), target: notifyFx })
sample({
  clock: deleteProjectFx.failData,
  filter: (error) => !(error instanceof ApiError && error.status === 409),
  fn: () => ({ kind: 'error' as const, key: 'toast.deleteFailed' }),
  target: notifyFx,
})

// Copy: a new project from this one, opened once made.
export const $copying = copyProjectFx.pending
export const openCopyFx = createEffect((id: number) => navigate(`/project/${id}/metadata`))
sample({ clock: copyClicked, source: $project, filter: Boolean, fn: (project) => project.id, target: copyProjectFx })
sample({ clock: copyProjectFx.doneData, fn: (project) => project.id, target: openCopyFx })
sample({ clock: copyProjectFx.done, fn: () => ({ kind: 'success' as const, key: 'toast.copied' }), target: notifyFx })
sample({ clock: copyProjectFx.fail, fn: () => ({ kind: 'error' as const, key: 'toast.copyFailed' }), target: notifyFx })

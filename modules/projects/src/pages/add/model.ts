/**
 * /project/add: a new project. `lng` and `lat` in the query (from the map) fill the
 * position and, through the companies plugin's reverse lookup when one is configured, the
 * site's address.
 */
import { ApiError, breadcrumbsSet, dashboardCrumb, navigate } from '@app/module-kit'
import { createEffect, createEvent, sample } from 'effector'
import { createProjectFx, fetchNewProjectFx, geocodeFx } from '../../api'
import { choicesRequested } from '../../choices'
import { projectsCrumb } from '../../crumbs'
import { notifyFx } from '../../notify'
import { createProjectForm, fillFormFx, toProjectData } from '../../project-form'

export const addOpened = createEvent<{ lng: string | null; lat: string | null }>()

/** A refusal that names no field of the form says "Adding project failed" (spec part2 §8). */
export const failureOf = (error: unknown, key: string) =>
  error instanceof ApiError && error.status === 400 && error.errors && Object.keys(error.errors).length > 0 ? error : new Error(key)

export const addForm = createProjectForm(async (values) => {
  try {
    await createProjectFx(toProjectData(values))
  } catch (error) {
    throw failureOf(error, 'projects:toast.addFailed')
  }
})

export const $geocoding = geocodeFx.pending

const fillFx = fillFormFx(addForm)
export const openProjectFx = createEffect((id: number) => navigate(`/project/${id}`))

/** A point from the query, when both halves are decimals in range. */
export const pointOf = ({ lng, lat }: { lng: string | null; lat: string | null }) => {
  const x = Number(lng)
  const y = Number(lat)
  if (!lng || !lat || !Number.isFinite(x) || !Number.isFinite(y) || Math.abs(x) > 180 || Math.abs(y) > 90) return null
  return { lng: x, lat: y }
}

sample({ clock: addOpened, target: [addForm.reset, choicesRequested, fetchNewProjectFx] })
// The blank project names the caller as its manager.
sample({
  clock: fetchNewProjectFx.doneData,
  filter: (blank) => typeof blank.managerId === 'number',
  fn: (blank) => ({ managerId: String(blank.managerId) }),
  target: addForm.filled,
})
sample({ clock: addOpened, fn: () => [dashboardCrumb(), projectsCrumb(), { label: 'projects:add.title' }], target: breadcrumbsSet })
const pointGiven = sample({ clock: addOpened, filter: (query) => pointOf(query) !== null, fn: (query) => pointOf(query)! })
sample({ clock: pointGiven, fn: ({ lng, lat }) => ({ longitude: String(lng), latitude: String(lat) }), target: fillFx })
sample({ clock: pointGiven, target: geocodeFx })
// The site's address in one line, as the lookup found it (no lookup configured: nothing to fill).
sample({
  clock: geocodeFx.doneData,
  filter: ({ result }) => result !== null && Boolean(result.address || result.city),
  fn: ({ result }) => ({ address: [result!.address, [result!.zip, result!.city].filter(Boolean).join(' ')].filter(Boolean).join(', ') }),
  target: fillFx,
})

sample({ clock: createProjectFx.doneData, fn: (project) => project.id, target: openProjectFx })
sample({ clock: createProjectFx.done, fn: () => ({ kind: 'success' as const, key: 'toast.created' }), target: notifyFx })
sample({ clock: createProjectFx.fail, fn: () => ({ kind: 'error' as const, key: 'toast.addFailed' }), target: notifyFx })


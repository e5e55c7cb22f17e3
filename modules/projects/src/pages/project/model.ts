/**
 * /project/{projectId}: the project the frame shows (its tab bar and breadcrumbs), shared
 * by its tabs. A 404 (missing, or another account's) says so; a 403 shows the kit's state.
 */
import { ApiError, isForbidden } from '@app/module-kit'
import type { Project } from '@app/plugin-projects/shared'
import { createEffect, createEvent, createStore, sample } from 'effector'
import { fetchProjectFx, saveProjectFx, setBillingFx } from '../../api'
import { TABS, type Tab } from './tabs'

export { TABS, type Tab }

export const projectOpened = createEvent<number>()

export const $project = createStore<Project | null>(null)
  .on(fetchProjectFx.doneData, (_, project) => project)
  .on(saveProjectFx.doneData, (_, project) => project)
  .on(setBillingFx.doneData, (_, project) => project)
/** Another project than the one shown: the frame starts empty; the same one opened again (another tab) stays shown while it reloads. */
const otherProjectOpened = sample({ clock: projectOpened, source: $project, filter: (project, id) => project?.id !== id, fn: (_, id) => id })
$project.reset(otherProjectOpened)
export { otherProjectOpened }

export const $loadError = createStore<'notFound' | 'forbidden' | 'failed' | null>(null)
  .on(fetchProjectFx.failData, (_, error) =>
    error instanceof ApiError && error.status === 404 ? 'notFound' : isForbidden(error) ? 'forbidden' : 'failed',
  )
  .reset(projectOpened)

sample({ clock: projectOpened, target: fetchProjectFx })

/**
 * Which tabs the caller sees: Users only for those who administer the project (spec part2
 * §2); Comments from VIEW, the level the comments service asks (ACCESS alone sees the project
 * in lists and its metadata).
 */
export const visibleTabs = (project: Pick<Project, 'accessLevel'>): Tab[] =>
  ['dashboard', ...TABS].filter((tab) => (tab === 'users' ? project.accessLevel.administer : tab === 'comments' ? project.accessLevel.view : true)) as Tab[]

/** The tab bar folded away, remembered per project in this browser (spec part2 §2). */
export const collapsedKey = (projectId: number) => `projects.tabBarCollapsed.${projectId}`
export const readCollapsedFx = createEffect((projectId: number) => {
  try {
    return localStorage.getItem(collapsedKey(projectId)) === 'true'
  } catch {
    return false
  }
})
export const writeCollapsedFx = createEffect(({ projectId, collapsed }: { projectId: number; collapsed: boolean }) => {
  try {
    if (collapsed) localStorage.setItem(collapsedKey(projectId), 'true')
    else localStorage.removeItem(collapsedKey(projectId))
  } catch {
    // Storage refused (private mode): the state lasts as long as the page.
  }
})
export const collapseToggled = createEvent()
export const $collapsed = createStore(false).on(readCollapsedFx.doneData, (_, collapsed) => collapsed)
const $projectId = createStore(0).on(projectOpened, (_, id) => id)
sample({ clock: projectOpened, target: readCollapsedFx })
const toggled = sample({ clock: collapseToggled, source: { collapsed: $collapsed, projectId: $projectId }, fn: ({ collapsed, projectId }) => ({ projectId, collapsed: !collapsed }) })
$collapsed.on(toggled, (_, { collapsed }) => collapsed)
sample({ clock: toggled, target: writeCollapsedFx })


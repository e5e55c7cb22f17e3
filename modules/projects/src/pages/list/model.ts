/**
 * /projects: the projects the caller holds a level on (the kit's paged list, opened by
 * number ascending), narrowed to one client company with `?companyId=`, and the Excel export.
 */
import { type ListQuery, breadcrumbsSet, createPagedList, dashboardCrumb } from '@app/module-kit'
import type { Project, ProjectSort } from '@app/plugin-projects/shared'
import { attach, createEvent, createStore, sample } from 'effector'
import { exportProjectsFx, fetchProjectsFx } from '../../api'
import { projectsCrumb } from '../../crumbs'
import { notifyFx } from '../../notify'

/** The client company the list is narrowed to (the company's project list), or null for all. */
export const $companyId = createStore<number | null>(null)

const fetchPageFx = attach({
  source: $companyId,
  effect: fetchProjectsFx,
  mapParams: ({ filter, sort, skip }: ListQuery<ProjectSort>, companyId: number | null) => ({ filter, sort, skip, companyId: companyId ?? undefined }),
})

/** Opening starts over: no filter, by number ascending, the first page. */
export const projects = createPagedList<Project, ProjectSort>({
  fetch: (query) => fetchPageFx(query),
  defaultSort: { field: 'symbol', direction: 1 },
  resetOnOpen: true,
})

export const listOpened = createEvent<{ companyId: number | null }>()
export const exportClicked = createEvent()
export const $exporting = exportProjectsFx.pending

$companyId.on(listOpened, (_, { companyId }) => companyId)
sample({ clock: listOpened, target: projects.opened })
sample({ clock: listOpened, fn: () => [dashboardCrumb(), projectsCrumb()], target: breadcrumbsSet })

// The export holds what the list shows: the filter searched for, not half-typed text.
sample({ clock: exportClicked, source: projects.$appliedFilter, target: exportProjectsFx })
sample({ clock: exportProjectsFx.fail, fn: () => ({ kind: 'error' as const, key: 'list.exportFailed' }), target: notifyFx })

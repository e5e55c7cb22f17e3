/** The companies list (the kit's paged list, opened sorted by name) and the Excel export. */
import { breadcrumbsSet, createPagedList, dashboardCrumb } from '@app/module-kit'
import { companiesCrumb } from '../../crumbs'
import type { Company, CompanySort } from '@app/plugin-companies/shared'
import { createEvent, sample } from 'effector'
import { exportCompaniesFx, fetchCompaniesFx } from '../../api'
import { notifyFx } from '../../notify'

/** Opening starts over: no filter, by name ascending, the first page. */
export const companies = createPagedList<Company, CompanySort>({
  fetch: ({ filter, sort, skip }) =>
    fetchCompaniesFx({ filter, sort: sort?.field ?? 'name', direction: sort?.direction ?? 1, skip }),
  defaultSort: { field: 'name', direction: 1 },
  resetOnOpen: true,
})

export const listOpened = companies.opened
export const exportClicked = createEvent()
export const $exporting = exportCompaniesFx.pending

sample({ clock: listOpened, fn: () => [dashboardCrumb(), companiesCrumb()], target: breadcrumbsSet })

// The export holds what the list shows: the filter searched for, not half-typed text.
sample({ clock: exportClicked, source: companies.$appliedFilter, target: exportCompaniesFx })
sample({ clock: exportCompaniesFx.fail, fn: () => ({ kind: 'error' as const, key: 'list.exportFailed' }), target: notifyFx })

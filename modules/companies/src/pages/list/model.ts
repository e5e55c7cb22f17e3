/** The companies list: filter (debounced), sort by header, pages of 50, Excel export. */
import { breadcrumbsSet, companiesCrumb, dashboardCrumb } from '@app/module-kit'
import type { Company, CompanySort } from '@app/plugin-companies/shared'
import { combine, createEffect, createEvent, createStore, sample } from 'effector'
import { exportCompaniesFx, fetchCompaniesFx, type ListQuery, PAGE_SIZE, type Page } from '../../api'
import { notifyFx } from '../../notify'

export const FILTER_DEBOUNCE_MS = 300

export const listOpened = createEvent()
export const filterTyped = createEvent<string>()
export const sortClicked = createEvent<CompanySort>()
export const pageChosen = createEvent<number>()
export const exportClicked = createEvent()

const INITIAL: ListQuery = { filter: '', sort: 'name', direction: 1, skip: 0 }

export const $filterText = createStore('').on(filterTyped, (_, text) => text)
export const $query = createStore<ListQuery>(INITIAL)
export const $page = createStore<Page<Company> | null>(null).on(fetchCompaniesFx.doneData, (_, page) => page)
export const $loading = fetchCompaniesFx.pending
export const $failed = createStore(false)
  .on(fetchCompaniesFx.fail, () => true)
  .on(fetchCompaniesFx.done, () => false)
export const $exporting = exportCompaniesFx.pending

export const $pageCount = $page.map((page) => (page ? Math.max(1, Math.ceil(page.total / PAGE_SIZE)) : 1))
export const $pageNumber = $query.map((query) => Math.floor(query.skip / PAGE_SIZE) + 1)
export const $rows = combine($page, (page) => page?.data ?? [])

// Typing waits for a pause; only the latest text is searched for.
const $typed = createStore(0).on(filterTyped, (n) => n + 1)
const pauseFx = createEffect((version: number) => new Promise<number>((resolve) => setTimeout(() => resolve(version), FILTER_DEBOUNCE_MS)))
sample({ clock: filterTyped, source: $typed, target: pauseFx })
const filterSettled = sample({ clock: pauseFx.doneData, source: $typed, filter: (latest, version) => latest === version })

$query
  .on(listOpened, () => INITIAL)
  .on(sample({ clock: filterSettled, source: $filterText }), (query, filter) => ({ ...query, filter, skip: 0 }))
  // The first click sorts ascending, the next one on the same header descending.
  .on(sortClicked, (query, sort) => ({ ...query, sort, direction: query.sort === sort && query.direction === 1 ? -1 : 1, skip: 0 }))
  .on(pageChosen, (query, page) => ({ ...query, skip: Math.max(0, page - 1) * PAGE_SIZE }))
$filterText.reset(listOpened)

sample({ clock: [listOpened, filterSettled, sortClicked, pageChosen], source: $query, target: fetchCompaniesFx })
sample({ clock: listOpened, fn: () => [dashboardCrumb(), companiesCrumb()], target: breadcrumbsSet })

sample({ clock: exportClicked, source: $query, fn: (query) => query.filter, target: exportCompaniesFx })
sample({ clock: exportCompaniesFx.fail, fn: () => ({ kind: 'error' as const, key: 'list.exportFailed' }), target: notifyFx })

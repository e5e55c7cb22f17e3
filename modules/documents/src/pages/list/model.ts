/**
 * /documents (and /project/{projectId}/documents): the documents the caller may see, in
 * the tabs My, All, Favorites and Recent (part1 §2) with a search by number and title,
 * paged on the server.
 */
import { type ListQuery, breadcrumbsSet, createPagedList, dashboardCrumb } from '@app/module-kit'
import type { Project } from '@app/plugin-projects/shared'
import { attach, createEvent, createStore, sample } from 'effector'
import { type DocumentRow, type ListTab, PAGE_SIZE, favoriteFx, fetchDocumentsFx, fetchProjectFx } from '../../api'
import { documentsCrumb, projectCrumb } from '../../crumbs'
import { notifyFx } from '../../notify'

export const listOpened = createEvent<{ tab: ListTab; projectId: number | null }>()
export const favoriteClicked = createEvent<DocumentRow>()

const $where = createStore<{ tab: ListTab; projectId: number | null }>({ tab: 'all', projectId: null }).on(listOpened, (_, where) => where)
export const $tab = $where.map((where) => where.tab)

const fetchPageFx = attach({
  source: $where,
  effect: fetchDocumentsFx,
  mapParams: (query: ListQuery, where) => ({ ...query, ...where }),
})

/** Opening a tab starts over: no filter, the first page, in the tab's own order. */
export const documents = createPagedList<DocumentRow>({ fetch: (query) => fetchPageFx(query), pageSize: PAGE_SIZE, defaultSort: null, resetOnOpen: true })

sample({ clock: listOpened, target: documents.opened })
sample({ clock: listOpened, fn: () => [dashboardCrumb(), documentsCrumb()], target: breadcrumbsSet })

/** The project a project's list is of: its crumb, and whether the caller may add a document to it. */
const loadProjectFx = attach({ effect: fetchProjectFx })
export const $project = createStore<Project | null>(null)
$project.reset(listOpened)
sample({ clock: listOpened, filter: ({ projectId }) => projectId !== null, fn: ({ projectId }) => projectId!, target: loadProjectFx })
sample({ clock: loadProjectFx.doneData, source: $where, filter: (where, project) => where.projectId === project.id, fn: (_, project) => project, target: $project })
sample({
  clock: loadProjectFx.doneData,
  source: $where,
  filter: (where, project) => where.projectId === project.id,
  fn: (_, project) => [dashboardCrumb(), documentsCrumb(), projectCrumb(project)],
  target: breadcrumbsSet,
})

sample({ clock: favoriteClicked, fn: (row) => ({ id: row.id, favorite: !row.favorite }), target: favoriteFx })
// The star changes in place; in the Favorites tab an unmarked row stays until the list is read again.
documents.$rows.on(favoriteFx.doneData, (rows, { folderId, favorite }) => rows.map((row) => (row.id === folderId ? { ...row, favorite } : row)))
sample({ clock: favoriteFx.fail, fn: () => ({ kind: 'error' as const, key: 'toast.favoriteFailed' }), target: notifyFx })

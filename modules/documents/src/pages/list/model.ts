/**
 * /documents (and /project/{projectId}/documents): the documents the caller may see, in
 * the tabs My, All, Favorites and Recent (part1 §2) with a search by number and title,
 * paged on the server, shown in the caller's own view (Detailed, File or Customer), which
 * is saved with their account and comes back on their next visit.
 */
import { $session, type ListQuery, breadcrumbsSet, createPagedList, dashboardCrumb, sessionEnded } from '@app/module-kit'
import type { FileView } from '@app/plugin-core/shared'
import type { Project } from '@app/plugin-projects/shared'
import { attach, createEvent, createStore, sample } from 'effector'
import { type DocumentRow, type ListTab, PAGE_SIZE, favoriteFx, fetchDocumentsFx, fetchFileViewFx, fetchProjectFx, saveFileViewFx } from '../../api'
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

/** The list's views (part1 §2 "Detailed, File and Customer"), in the order the switch shows them. */
export const VIEWS = ['DEFAULT', 'FILE', 'CUSTOMER'] as const satisfies readonly FileView[]

/** The caller picked a view: shown at once and saved as theirs. */
export const viewChosen = createEvent<FileView>()
export const loadViewFx = attach({ effect: fetchFileViewFx })
export const saveViewFx = attach({ effect: saveFileViewFx })

/** The view shown; Detailed until the caller's own is read. */
export const $view = createStore<FileView>('DEFAULT')
/** Whose saved view `$view` holds: it is read once a session, when the list is first opened. */
const $viewOf = createStore<number | null>(null)
/** A view picked while the saved one was being read wins over the answer. */
const $pickedWhileLoading = createStore(false).on(viewChosen, () => true).reset(loadViewFx)

sample({
  clock: listOpened,
  source: { session: $session, owner: $viewOf, loading: loadViewFx.pending },
  filter: ({ session, owner, loading }) => session !== null && session.user.id !== owner && !loading,
  fn: ({ session }) => session!.user.id,
  target: loadViewFx,
})
sample({
  clock: loadViewFx.done,
  source: { session: $session, picked: $pickedWhileLoading },
  filter: ({ session, picked }, { params, result }) => session?.user.id === params && !picked && (VIEWS as readonly string[]).includes(result),
  fn: (_, { result }) => result,
  target: $view,
})
$viewOf.on(loadViewFx.done, (_, { params }) => params)

/** A view other than the one shown (the pressed one again changes nothing). */
const viewChanged = sample({ clock: viewChosen, source: $view, filter: (shown, view) => shown !== view, fn: (_, view) => view })
$view.on(viewChanged, (_, view) => view)
sample({
  clock: viewChanged,
  source: $session,
  filter: Boolean,
  fn: (session, view) => ({ userId: session.user.id, view }),
  target: saveViewFx,
})
$viewOf.on(saveViewFx.done, (_, { params }) => params.userId)
sample({ clock: saveViewFx.fail, fn: () => ({ kind: 'error' as const, key: 'toast.viewSaveFailed' }), target: notifyFx })

// Another person may sign in next: their own view is read then.
$view.reset(sessionEnded)
$viewOf.reset(sessionEnded)

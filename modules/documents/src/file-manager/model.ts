/**
 * The file manager panel's model (spec part1 §2, part2 §2): a project's files and links in
 * two sections, each counted and read a page at a time ("Show more" adds the next), for the
 * search box's text once typing pauses and the All or Map view (Map: only what has a place
 * on the map, files with a latitude and longitude). Only the answers to the latest search
 * are shown. A file downloads as on the Files tab.
 */
import { FILTER_DEBOUNCE_MS, afterPause, apiRequest, sessionEnded } from '@app/module-kit'
import type { AccessLevel } from '@app/plugin-kit/shared'
import { FILE_MANAGER_LIMIT, type FileManagerItem, type FileManagerKind, type FileManagerPage, fileManagerUrl } from '@app/plugin-documents/shared'
import { createEffect, createEvent, createStore, sample } from 'effector'
import { followDownloadLink } from '../api'
import { notifyFx } from '../notify'

export type FileManagerView = 'all' | 'map'
export const KINDS: readonly FileManagerKind[] = ['file', 'url']

export interface FileManagerSearch {
  projectId: number
  filter: string
  map: boolean
}

export interface Section {
  items: FileManagerItem[]
  total: number
  loading: boolean
  failed: boolean
}

const EMPTY: Section = { items: [], total: 0, loading: true, failed: false }
const NOTHING: Record<FileManagerKind, Section> = { file: EMPTY, url: EMPTY }

export const panelOpened = createEvent<number>()
export const filterChanged = createEvent<string>()
export const viewChosen = createEvent<FileManagerView>()
export const moreClicked = createEvent<FileManagerKind>()
export const retried = createEvent()
export const downloadClicked = createEvent<{ documentId: number; fileId: number }>()

export const fetchSectionFx = createEffect(async ({ search, kind, skip }: { search: FileManagerSearch; kind: FileManagerKind; skip: number }) => {
  const query = { kind, $skip: skip, $limit: FILE_MANAGER_LIMIT.default, ...(search.filter ? { filter: search.filter } : {}), ...(search.map ? { map: 'true' } : {}) }
  return apiRequest<FileManagerPage>('GET', fileManagerUrl(search.projectId), { query })
})
export const downloadFx = createEffect(({ documentId, fileId }: { documentId: number; fileId: number }) => followDownloadLink({ folderId: documentId, ids: [fileId] }))

/** The text in the box, and the view. */
export const $filter = createStore('').on(filterChanged, (_, text) => text)
export const $view = createStore<FileManagerView>('all').on(viewChosen, (_, view) => view)
/** What the sections show: a new object for every search, so an answer to an older one is known. */
export const $search = createStore<FileManagerSearch | null>(null).reset(sessionEnded)
export const $sections = createStore(NOTHING).reset(sessionEnded)
/** The caller's level on the project, as the last answer said: files download with DOWNLOAD, documents open with EDIT. */
export const $level = createStore<AccessLevel>('VIEW').reset(sessionEnded)

const searched = createEvent<FileManagerSearch>()
$search.on(searched, (_, search) => search)

// Another project starts with an empty box; the view stays as it was.
sample({
  clock: panelOpened,
  source: $search,
  filter: (search, projectId) => search?.projectId !== projectId,
  fn: () => '',
  target: $filter,
})
sample({ clock: panelOpened, source: { filter: $filter, view: $view }, fn: ({ filter, view }, projectId) => ({ projectId, filter: filter.trim(), map: view === 'map' }), target: searched })

// Typing waits for a pause.
sample({
  clock: afterPause(filterChanged, FILTER_DEBOUNCE_MS),
  source: $search,
  filter: (search, text) => search !== null && text.trim() !== search.filter,
  fn: (search, text) => ({ ...(search as FileManagerSearch), filter: text.trim() }),
  target: searched,
})
sample({
  clock: viewChosen,
  source: $search,
  filter: (search, view) => search !== null && search.map !== (view === 'map'),
  fn: (search, view) => ({ ...(search as FileManagerSearch), map: view === 'map' }),
  target: searched,
})

// A new search reads both sections from their start; Retry reads a failed one on from where it stopped.
const fetchStarted = createEvent<{ search: FileManagerSearch; kind: FileManagerKind; skip: number }>()
sample({ clock: fetchStarted, target: fetchSectionFx })
// Links have no place on a map: the Map view asks for files alone.
const asked = (search: FileManagerSearch, kind: FileManagerKind) => kind === 'file' || !search.map
$sections.on(searched, (_, search) => (search.map ? { ...NOTHING, url: { ...EMPTY, loading: false } } : NOTHING))
for (const kind of KINDS) {
  sample({ clock: searched, filter: (search) => asked(search, kind), fn: (search) => ({ search, kind, skip: 0 }), target: fetchStarted })
  sample({
    clock: retried,
    source: { search: $search, sections: $sections },
    filter: ({ search, sections }) => search !== null && sections[kind].failed,
    fn: ({ search, sections }) => ({ search: search as FileManagerSearch, kind, skip: sections[kind].items.length }),
    target: fetchStarted,
  })
}
sample({
  clock: moreClicked,
  source: { search: $search, sections: $sections },
  filter: ({ search, sections }, kind) => search !== null && !sections[kind].loading && sections[kind].items.length < sections[kind].total,
  fn: ({ search, sections }, kind) => ({ search: search as FileManagerSearch, kind, skip: sections[kind].items.length }),
  target: fetchStarted,
})

const section = (sections: Record<FileManagerKind, Section>, kind: FileManagerKind, change: Partial<Section>) => ({ ...sections, [kind]: { ...sections[kind], ...change } })

$sections
  .on(fetchStarted, (sections, { kind }) => section(sections, kind, { loading: true, failed: false }))
  .on(sample({ clock: fetchSectionFx.done, source: $search, filter: (search, { params }) => params.search === search, fn: (_, done) => done }), (sections, { params, result }) =>
    section(sections, params.kind, { items: [...sections[params.kind].items.slice(0, params.skip), ...result.data], total: result.total, loading: false }),
  )
  .on(sample({ clock: fetchSectionFx.fail, source: $search, filter: (search, { params }) => params.search === search, fn: (_, fail) => fail }), (sections, { params }) =>
    section(sections, params.kind, { loading: false, failed: true }),
  )
$level.on(fetchSectionFx.doneData, (_, page) => page.level)

sample({ clock: downloadClicked, target: downloadFx })
sample({ clock: downloadFx.fail, fn: () => ({ kind: 'error' as const, key: 'toast.downloadFailed' }), target: notifyFx })

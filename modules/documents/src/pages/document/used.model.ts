/**
 * A document's "Used where" tab (spec part1 §2 "Folder detail tabs", §3 "Link between
 * modules"): the documents and projects it is linked to, read from either end of each link
 * (the API lists only what the caller may see), each opening its page; with EDIT, a link
 * added from a dialog (a kind, then a thing found by its number or title) and one removed
 * after a Yes.
 *
 * What the dialog offers: for text of 3 characters or more, what GET /search finds of the
 * kind; for less, the documents of this document's own project (the list the document
 * form's parent select reads) or this project itself. The document itself and what it is
 * linked to already are left out.
 */
import { $enabledModules, ApiError, afterPause } from '@app/module-kit'
import type { Link } from '@app/plugin-links/shared'
import { attach, combine, createEffect, createEvent, createStore, sample } from 'effector'
import { $choices } from '../../choices'
import { documentTitle } from '../../crumbs'
import { notifyFx, refusalOf } from '../../notify'
import { USED_KINDS, type UsedKind, addUsedFx, fetchUsedFx, removeUsedFx, searchUsedFx } from '../../used-api'
import { $project } from './model'

/** The search takes this many characters or more; shorter text picks from the document's own project. */
export const SEARCH_MIN = 3
/** How long typing must pause before the search is asked. */
export const SEARCH_DEBOUNCE_MS = 300
/** How many of the project's own documents the dialog offers at once. */
export const LOCAL_LIMIT = 20

export interface Candidate {
  id: number
  title: string
}

/** The document whose tab is shown. */
export const usedOpened = createEvent<number>()
export const usedRetried = createEvent()
export const removeConfirmed = createEvent<Link>()
export const addOpened = createEvent()
export const addClosed = createEvent()
export const kindChosen = createEvent<UsedKind>()
export const searchChanged = createEvent<string>()
export const candidateChosen = createEvent<number>()
export const addSubmitted = createEvent()

const $folderId = createStore(0).on(usedOpened, (_, id) => id)

/** The kinds listed: documents, and projects while the account has the project module (both while the modules are not known). */
export const $kinds = $enabledModules.map((modules): UsedKind[] =>
  modules.length === 0 || modules.some((module) => module.module === 'project') ? [...USED_KINDS] : ['document'],
)

/** Every kind's links, read together: the tab shows its groups at once. */
const loadFx = createEffect(async ({ folderId, kinds }: { folderId: number; kinds: UsedKind[] }) => {
  const lists = await Promise.all(kinds.map((kind) => fetchUsedFx({ folderId, kind })))
  return Object.fromEntries(kinds.map((kind, index) => [kind, lists[index]!])) as Partial<Record<UsedKind, Link[]>>
})

/** The links by kind; null until the first answer for this document. */
export const $used = createStore<Partial<Record<UsedKind, Link[]>> | null>(null).reset(usedOpened)
sample({ clock: loadFx.done, source: $folderId, filter: (folderId, { params }) => params.folderId === folderId, fn: (_, { result }) => result, target: $used })
export const $usedFailed = createStore(false).reset(loadFx, usedOpened)
sample({ clock: loadFx.fail, source: $folderId, filter: (folderId, { params }) => params.folderId === folderId, fn: () => true, target: $usedFailed })

// Opened, retried, a link added or removed: the lists read again.
sample({
  clock: [usedOpened, usedRetried, addUsedFx.done, removeUsedFx.finally],
  source: { folderId: $folderId, kinds: $kinds },
  filter: ({ folderId }) => folderId > 0,
  target: loadFx,
})

sample({ clock: removeConfirmed, target: removeUsedFx })
sample({ clock: removeUsedFx.done, fn: () => ({ kind: 'success' as const, key: 'used.removed' }), target: notifyFx })
sample({ clock: removeUsedFx.failData, fn: (error) => ({ kind: 'error' as const, key: 'used.removeFailed', detail: refusalOf(error) }), target: notifyFx })

/** The add dialog, while it is open. */
export const $adding = createStore(false).on(addOpened, () => true).reset(addClosed, usedOpened, addUsedFx.done)
export const $kind = createStore<UsedKind>('document').on(kindChosen, (_, kind) => kind).reset(addOpened)
export const $search = createStore('').on(searchChanged, (_, text) => text).reset(addOpened)
/** The thing picked to link to. */
export const $chosen = createStore<number | null>(null).on(candidateChosen, (_, id) => id).reset(addOpened, kindChosen, searchChanged)
export const $addPending = addUsedFx.pending

/** Why the last add was refused: the key of our words, and the API's own reason when it gives one. */
export const $addError = createStore<{ key: string; detail?: string } | null>(null)
  .on(addUsedFx.failData, (_, error) =>
    error instanceof ApiError && error.status === 409 ? { key: 'used.duplicate' } : { key: 'used.addFailed', detail: refusalOf(error) },
  )
  .reset(addOpened, addSubmitted, kindChosen, candidateChosen, addClosed)

const searchFx = attach({ effect: searchUsedFx })
const long = (text: string) => text.trim().length >= SEARCH_MIN

/** The last search's hits, for the kind and text asked. */
const $hits = createStore<{ kind: UsedKind; text: string; items: Candidate[] } | null>(null).reset(addOpened)
export const $searchFailed = createStore(false).reset(searchFx, addOpened, kindChosen, searchChanged)

// Typing pauses, or the kind changes: the search asked.
sample({ clock: afterPause(searchChanged, SEARCH_DEBOUNCE_MS), source: $kind, filter: (_, text) => long(text), fn: (kind, text) => ({ kind, text: text.trim() }), target: searchFx })
sample({ clock: kindChosen, source: $search, filter: long, fn: (text, kind) => ({ kind, text: text.trim() }), target: searchFx })
// (A source object's key may not be `kind`: effector takes such an object for a unit.)
const current = combine({ shown: $kind, text: $search })
const ofCurrent = (now: { shown: UsedKind; text: string }, asked: { kind: UsedKind; text: string }) => asked.kind === now.shown && asked.text === now.text.trim()
sample({ clock: searchFx.done, source: current, filter: (now, { params }) => ofCurrent(now, params), fn: (_, { params, result }) => ({ ...params, items: result }), target: $hits })
sample({ clock: searchFx.fail, source: current, filter: (now, { params }) => ofCurrent(now, params), fn: () => true, target: $searchFailed })

/** What the dialog offers for the kind and text: null while the search is on its way. */
export const $candidates = combine(
  { shown: $kind, text: $search, hits: $hits, choices: $choices, project: $project, used: $used, folderId: $folderId },
  ({ shown: kind, text, hits, choices, project, used, folderId }): Candidate[] | null => {
    const wanted = text.trim()
    let found: Candidate[] | null
    if (wanted.length >= SEARCH_MIN) found = hits && hits.kind === kind && hits.text === wanted ? hits.items : null
    else if (kind === 'document') {
      const lower = wanted.toLowerCase()
      found = choices.parents.filter((parent) => parent.name.toLowerCase().includes(lower)).map((parent) => ({ id: parent.id, title: parent.name }))
    } else found = project ? [{ id: project.id, title: documentTitle(project) }] : []
    if (found === null) return null
    const linked = new Set((used?.[kind] ?? []).map((link) => link.toId))
    return found.filter((candidate) => !linked.has(candidate.id) && !(kind === 'document' && candidate.id === folderId)).slice(0, LOCAL_LIMIT)
  },
)

sample({
  clock: addSubmitted,
  source: { folderId: $folderId, shown: $kind, id: $chosen, pending: $addPending, candidates: $candidates },
  filter: ({ folderId, id, pending, candidates }) => folderId > 0 && id !== null && !pending && (candidates ?? []).some((candidate) => candidate.id === id),
  fn: ({ folderId, shown, id }) => ({ folderId, kind: shown, id: id! }),
  target: addUsedFx,
})
sample({ clock: addUsedFx.done, fn: () => ({ kind: 'success' as const, key: 'used.added' }), target: notifyFx })

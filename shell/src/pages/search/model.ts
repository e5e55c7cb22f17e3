/**
 * /search?q= (spec part2 §2 "Search"): one call, GET /api/search, to which each installed
 * plugin contributes its group (projects, companies; later documents …), each asked as the
 * caller. A group the caller may not open is left out of the answer.
 */
import { apiRequest, sessionEnded } from '@app/module-kit'
import { type SearchResult, searchPath } from '@app/plugin-core/shared'
import { createEffect, createEvent, createStore, sample } from 'effector'
import { searchable } from '../../menus'

/** One group of GET /search: its first hits, sorted by number and name, and how many there are. */
export type SearchGroup = SearchResult['groups'][number]

export interface SearchResults {
  query: string
  /** The groups with hits, in the order the API gives them. */
  groups: SearchGroup[]
  /** No group answered: the caller's role lets them open neither list. */
  noRights: boolean
}

export const searchRequested = createEvent<string>()

export const fetchSearchFx = createEffect((query: string) => apiRequest<SearchResult>('GET', `/${searchPath}`, { query: { q: query } }))

export const searchFx = createEffect(async (query: string): Promise<SearchResults> => {
  const { groups } = await fetchSearchFx(query)
  return { query, groups: groups.filter((group) => group.total > 0), noRights: groups.length === 0 }
})

export const $results = createStore<SearchResults | null>(null)
  .on(searchFx.doneData, (_, results) => results)
  .reset(sessionEnded)
/** The query whose search failed, so the page offers Retry for that one only. */
export const $failedQuery = createStore<string | null>(null)
  .on(searchFx.fail, (_, { params }) => params)
  .on(searchFx, () => null)
  .reset(sessionEnded)
export const $searching = searchFx.pending

sample({
  clock: searchRequested,
  filter: (query) => searchable(query),
  fn: (query) => query.trim(),
  target: searchFx,
})

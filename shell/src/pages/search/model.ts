/** /search?q=: asks every enabled module that offers search, and keeps the groups they answer. */
import { $enabledModules, type DefinedModule, type EnabledModule, type SearchGroup, isForbidden, sessionEnded } from '@app/module-kit'
import { createEffect, createEvent, createStore, sample } from 'effector'
import { searchable } from '../../menus'
import { loadModule } from '../../remotes'

export interface SearchResults {
  query: string
  groups: SearchGroup[]
  /** Some module could not be loaded or its search failed: the rest is still shown. */
  partial: boolean
  /** Every module that searches refused the caller (403): their role gives them nothing to search. */
  noRights: boolean
}

export const searchRequested = createEvent<string>()

export const searchFx = createEffect(
  async ({ query, modules, load }: { query: string; modules: EnabledModule[]; load: (remote: string) => Promise<DefinedModule> }): Promise<SearchResults> => {
    const answers = await Promise.allSettled(
      modules
        .filter((module) => module.search)
        .map(async (module) => {
          const definition = await load(module.remote)
          return definition.search ? definition.search(query) : []
        }),
    )
    // A module that refuses the caller (403) is not a failure: it is not theirs to search.
    const refused = answers.filter((answer) => answer.status === 'rejected' && isForbidden(answer.reason)).length
    return {
      query,
      groups: answers.flatMap((answer) => (answer.status === 'fulfilled' ? answer.value : [])),
      partial: answers.some((answer) => answer.status === 'rejected' && !isForbidden(answer.reason)),
      noRights: refused === answers.length,
    }
  },
)

export const $results = createStore<SearchResults | null>(null)
  .on(searchFx.doneData, (_, results) => results)
  .reset(sessionEnded)
export const $searching = searchFx.pending

sample({
  clock: searchRequested,
  source: $enabledModules,
  filter: (_, query) => searchable(query),
  fn: (modules, query) => ({ query: query.trim(), modules, load: loadModule }),
  target: searchFx,
})

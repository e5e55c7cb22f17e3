/**
 * GET /search?q=: every group that the plugins contribute (the kit's `searchProviders`),
 * each asked as the caller, of the modules switched on for the caller's account. A group
 * the caller may not open answers nothing and is left out.
 */
import type { AppParams, Application } from '@app/plugin-kit'
import { currentUser, moduleEnabled, searchProviders, validationError } from '@app/plugin-kit'
import { SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT, SEARCH_MIN_LENGTH, SEARCH_TOO_SHORT, type SearchQuery, type SearchResult } from './search.schema'

export class SearchService {
  constructor(private readonly app: Application) {}

  async find(params: AppParams<SearchQuery>): Promise<SearchResult> {
    const caller = currentUser(params)
    const text = (params.query?.q ?? '').trim()
    if (text.length < SEARCH_MIN_LENGTH) throw validationError({ q: SEARCH_TOO_SHORT })
    const limit = Math.min(params.query?.$limit ?? SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT)
    // The providers call services as server code with the caller: no client query rides along.
    const asCaller: AppParams = { user: caller, ...((params as { flags?: unknown }).flags ? { flags: (params as { flags?: unknown }).flags } : {}) }
    const providers = this.app.get('extensions').all(searchProviders).filter((provider) => moduleEnabled(caller, provider.module))
    const answers = await Promise.all(providers.map((provider) => provider.search(this.app, asCaller, text, limit)))
    return { groups: answers.filter((group) => group !== undefined) }
  }
}

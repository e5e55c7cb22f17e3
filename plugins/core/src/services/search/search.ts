import type { ServiceDefinition } from '@app/plugin-kit'
import { SearchService } from './search.class'
import { searchQuerySchema, searchResultSchema } from './search.schema'
import { searchMethods, searchPath } from './search.shared'

export const searchService: ServiceDefinition = {
  path: searchPath,
  methods: [...searchMethods],
  scope: {
    kind: 'own-user',
    why: "Searches the caller's current account only: each group is its owner's list service asked as the caller, so its tenancy, flags and project access apply; takes no id.",
  },
  schemas: { query: searchQuerySchema, result: searchResultSchema },
  service: (app) => new SearchService(app),
}

/**
 * The companies group of GET /search (spec part2 §2 "Search"): name or number contains the
 * text in any case (the list's own `q`), sorted by number and then name, asked of the
 * companies service as the caller, for callers who may open the companies list.
 */
import type { SearchProvider } from '@app/plugin-kit'
import { callerFlags } from '@app/plugin-kit'

export const companiesSearch: SearchProvider = {
  group: 'companies',
  module: 'core',
  async search(app, params, text, limit) {
    if (!(await callerFlags(app, params)).canSeeCompany) return undefined
    const page = (await app.service('companies').find({ ...params, query: { q: text, $limit: limit, $sort: { number: 1, name: 1 } } })) as {
      total: number
      data: { id: number; name: string; number: string | null }[]
    }
    return {
      group: 'companies',
      total: page.total,
      items: page.data.map((company) => ({
        id: company.id,
        title: company.number ? `${company.number} - ${company.name}` : company.name,
        // The spec's company page route (part2 §2).
        href: `/company/${company.id}`,
      })),
    }
  },
}

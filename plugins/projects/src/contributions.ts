/**
 * What the projects plugin gives other parts of the product through the kit's extension
 * points: the home page's Projects count and SQM figure, the /search page's Projects
 * group, and the companies' delete blocker (a company that is a project's client stays).
 */
import type { CompanyDeleteBlocker, DashboardCount, DashboardFigure, SearchProvider } from '@app/plugin-kit'
import { BLOCK_LIST_LIMIT, callerFlags, firstRowsCounted, moduleEnabled, whereContains } from '@app/plugin-kit'
import { projectsPath } from './services/projects/projects.shared'

/** The Projects tile: the list's total, asked as the caller (so exactly what /projects shows). */
export const projectCount: DashboardCount = { tile: 'projectCount', listPath: projectsPath }

/**
 * The SQM tile: the square metres of the projects the caller sees, summed in SQL; with a
 * project, that project's (if the caller sees it). A caller of an account with the module
 * off, or who may not open the projects list, gets no figure.
 */
export const squareMeters: DashboardFigure = {
  tile: 'squareMeters',
  module: 'project',
  async value(app, params, projectId) {
    if (params.user && !moduleEnabled(params.user, 'project')) return undefined
    // Beside the Projects tile: for those who may open the projects list.
    if (params.user && !(await callerFlags(app, params)).canSeeProjects) return undefined
    const { query } = await app.service(projectsPath).listQuery(params)
    if (projectId !== undefined) query.where('projects.id', projectId)
    const [row] = await query.sum({ total: 'projects.square_meters' })
    return Number(row?.total ?? 0)
  },
}

/**
 * The Projects group of GET /search (spec part2 §2 "Search"): number or name contains the
 * text in any case, over the projects the caller sees, sorted by number then name; the
 * total and the first `limit`, each "symbol - name" linking to the project's page.
 */
export const projectsSearch: SearchProvider = {
  group: 'projects',
  module: 'project',
  async search(app, params, text, limit) {
    // As the list: a caller the Projects menu entry is not shown to gets no group.
    if (params.user && !(await callerFlags(app, params)).canSeeProjects) return undefined
    const { query } = await app.service(projectsPath).listQuery(params)
    whereContains(query, ['projects.search_key'], text, { lowerCased: true })
    const first = limit
      ? query.clone().select('projects.id', 'projects.symbol', 'projects.name').orderBy([{ column: 'projects.symbol' }, { column: 'projects.name' }, { column: 'projects.id' }]).limit(limit)
      : null
    const { rows, total } = await firstRowsCounted<{ id: number; symbol: string; name: string }>(app.get('knex'), query, first)
    return {
      group: 'projects',
      total,
      items: rows.map((p) => ({ id: Number(p.id), title: `${p.symbol} - ${p.name}`, href: `/project/${p.id}` })),
    }
  },
}

/** A company that is a project's client is kept: "is linked to" (spec part1 §8), each project as "symbol - name". */
export const clientProjects: CompanyDeleteBlocker = {
  find: async (app, company) =>
    (
      await app
        .get('knex')('projects')
        .where({ account_id: company.accountId, company_id: company.id })
        .orderBy([{ column: 'symbol' }, { column: 'name' }])
        .limit(BLOCK_LIST_LIMIT)
        .select('symbol', 'name')
    ).map((p: { symbol: string; name: string }) => ({ reason: 'is linked to', item: `${p.symbol} - ${p.name}` })),
}

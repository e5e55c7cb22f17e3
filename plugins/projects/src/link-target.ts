/**
 * Projects as the ends of links (the links plugin's `/links/project/…`), through the kit's
 * `linkTargets`: a project is named "symbol - name", opens at its page, and its own access
 * decides who sees and links it.
 */
import type { LinkTarget } from '@app/plugin-kit'

export const projectLinks: LinkTarget = {
  module: 'project',
  tenantModule: 'project',
  async find(app, accountId, ids) {
    if (!ids.length) return new Map()
    const rows: { id: number; symbol: string; name: string }[] = await app
      .get('knex')('projects')
      .where('account_id', accountId)
      .whereIn('id', [...new Set(ids)])
      .select('id', 'symbol', 'name')
    return new Map(rows.map((row) => [Number(row.id), { id: Number(row.id), projectId: Number(row.id), label: `${row.symbol} - ${row.name}`, route: `/project/${row.id}` }]))
  },
  // search_key is "symbol name" in lower case: the order the projects' lists show.
  items: (knex, accountId) => knex('projects').where('projects.account_id', accountId).select('projects.id', 'projects.account_id', 'projects.id as project_id', 'projects.search_key as sort_key'),
}

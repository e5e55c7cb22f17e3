/**
 * GET /projects/positions: the projects with a position (latitude and longitude) that the
 * caller holds ACCESS or more on, for the home map's markers. One statement over the
 * projects table joined with the project list filter, five columns, no per-row lookups;
 * the count is asked only when the answer is capped.
 */
import type { AppParams, Application } from '@app/plugin-kit'
import { currentUser, whereProjectAccess } from '@app/plugin-kit'
import { POSITIONS_MAX, type ProjectPositions, type ProjectPositionsQuery } from './project-positions.schema'

export class ProjectPositionsService {
  constructor(private readonly app: Application) {}

  async find(params: AppParams<ProjectPositionsQuery>): Promise<ProjectPositions> {
    const caller = currentUser(params)
    const accountId = params.tenant?.accountId ?? caller.accountId
    const limit = Math.min(params.query?.$limit ?? POSITIONS_MAX, POSITIONS_MAX)
    const positioned = this.app
      .get('knex')('projects')
      .where('projects.account_id', accountId)
      .whereNotNull('projects.latitude')
      .whereNotNull('projects.longitude')
    await whereProjectAccess(this.app, caller, positioned, { level: 'ACCESS', column: 'projects.id', accountColumn: 'projects.account_id' })
    const rows: Record<string, unknown>[] = limit
      ? await positioned
          .clone()
          .select('projects.id', 'projects.symbol', 'projects.name', 'projects.latitude', 'projects.longitude')
          .orderBy([{ column: 'projects.symbol' }, { column: 'projects.id' }])
          .limit(limit)
      : []
    // Fewer than the cap: these are all of them, no count needed.
    const total = rows.length < limit ? rows.length : Number((await positioned.clone().count({ total: '*' }))[0]?.total ?? 0)
    return {
      total,
      limit,
      data: rows.map((row) => ({ id: Number(row.id), symbol: String(row.symbol), name: String(row.name), latitude: Number(row.latitude), longitude: Number(row.longitude) })),
    }
  }
}

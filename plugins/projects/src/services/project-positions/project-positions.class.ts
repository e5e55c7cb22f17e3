/**
 * GET /projects/positions: the projects with a position (latitude and longitude) that the
 * caller holds ACCESS or more on, for the home map's markers. One statement over the
 * projects table joined with the project list filter, five columns, no per-row lookups;
 * the count is asked only when the answer is capped.
 *
 * Whoever sees every project of the account (its admins) gets the same answer, the largest
 * there is (5,000 markers, 330 KB, in the scale bench): it is read and serialised once per
 * account and kept until a project changes, at once for this process's writes and within
 * AUTH_CACHE_MS for another instance's (the caches of the caller's session and grants work
 * the same way). Everyone else's answer is read on each call.
 */
import type { AppParams, Application, AuthUser } from '@app/plugin-kit'
import { ClockedCache, SerializedAnswer, currentUser, whereProjectAccess, writeClock } from '@app/plugin-kit'
import type { Knex } from 'knex'
import { POSITIONS_MAX, type ProjectPositions, type ProjectPositionsQuery } from './project-positions.schema'

/** Accounts whose whole answer is kept at once (the least recently read goes first). */
const KEPT_ACCOUNTS = 100

export class ProjectPositionsService {
  private readonly everyProject: ClockedCache<number, SerializedAnswer<ProjectPositions>>

  constructor(private readonly app: Application) {
    this.everyProject = new ClockedCache(writeClock(app.get('knex'), ['projects']), { max: KEPT_ACCOUNTS, maxAgeMs: app.get('config').authCacheMs })
  }

  async find(params: AppParams<ProjectPositionsQuery>): Promise<ProjectPositions | SerializedAnswer<ProjectPositions>> {
    const caller = currentUser(params)
    const accountId = params.tenant?.accountId ?? caller.accountId
    const limit = Math.min(params.query?.$limit ?? POSITIONS_MAX, POSITIONS_MAX)
    const { granted } = await this.app.get('access').grantedProjects(caller, 'ACCESS')
    if (granted === null && limit === POSITIONS_MAX && accountId === caller.accountId)
      return this.everyProject.get(accountId, async () => new SerializedAnswer(await this.read(caller, accountId, limit, granted)))
    return this.read(caller, accountId, limit, granted)
  }

  private async read(caller: AuthUser, accountId: number, limit: number, granted: Knex.QueryBuilder | null): Promise<ProjectPositions> {
    const positioned = this.app
      .get('knex')('projects')
      .where('projects.account_id', accountId)
      .whereNotNull('projects.latitude')
      .whereNotNull('projects.longitude')
    await whereProjectAccess(this.app, caller, positioned, { level: 'ACCESS', column: 'projects.id', accountColumn: 'projects.account_id', granted })
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

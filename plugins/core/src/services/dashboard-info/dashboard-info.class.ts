/**
 * GET /dashboard/info: what the home page's tiles count, each only for those who may
 * see it. Each count is the total of a list's own service asked as the caller.
 */
import type { AppParams, Application, DashboardCount, RegisteredService } from '@app/plugin-kit'
import { anyFlag, callerFlags, currentUser, dashboardCounts, dashboardFigures, moduleEnabled, serviceAt } from '@app/plugin-kit'
import { accountStorageBytes } from '../accounts/account-list'
import type { DashboardInfo } from './dashboard-info.schema'

/** Core's own tile that counts a list; later plugins contribute theirs (the kit's `dashboardCounts`). */
// The users page lists anonymised users too (without an edit link), as the export does.
const USER_COUNT: DashboardCount = { tile: 'userCount', listPath: 'accountusers/:accountId', query: { onlyEditable: false } }

/**
 * The total the caller sees on opening the list: its own service asked as the caller,
 * for no rows. Undefined when they may not open it (its flags, its module switched
 * off, its plugin not installed): the flags a direct call skips are checked here.
 */
const listTotal = async (app: Application, params: AppParams, { listPath: path, query }: DashboardCount) => {
  const caller = currentUser(params)
  const entry = (app.get('registry') as RegisteredService[]).find((s) => s.path === path)
  if (!entry || !moduleEnabled(caller, entry.module)) return undefined
  const flags = await callerFlags(app, params)
  const anyOf = entry.flags?.find ?? []
  if (anyOf.length && !anyFlag(flags, anyOf)) return undefined
  const page = await serviceAt(app, path).find({ user: caller, flags, route: { accountId: String(caller.accountId) }, query: { ...query, $limit: 0 } } as AppParams)
  return Number((page as { total: number }).total)
}

export class DashboardInfoService {
  constructor(private readonly app: Application) {}

  async find(params: AppParams): Promise<DashboardInfo> {
    const caller = currentUser(params)
    const info: DashboardInfo = {}
    for (const count of [...this.app.get('extensions').all(dashboardCounts), USER_COUNT]) {
      const total = await listTotal(this.app, params, count)
      if (total !== undefined) (info as Record<string, number>)[count.tile] = total
    }
    // Figures that are no list's total (the SQM tile), each asked as the caller; undefined leaves the field out.
    for (const figure of this.app.get('extensions').all(dashboardFigures)) {
      if (figure.tile in info || (figure.module && !moduleEnabled(caller, figure.module))) continue
      const value = await figure.value(this.app, params)
      if (value !== undefined) (info as Record<string, number>)[figure.tile] = value
    }
    // The account's storage is account information: its administrators see it (as on the account info page).
    if ((await callerFlags(this.app, params)).canManageSettings) info.storage = await accountStorageBytes(this.app, caller.accountId)
    return info
  }
}

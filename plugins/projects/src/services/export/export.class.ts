/**
 * The projects the caller sees (whereProjectAccess, as the list) as projects.xlsx,
 * streamed in batches of 1,000 with each batch's managers and clients asked once, headed
 * in the caller's language; the list's columns, dates DD.MM.YYYY in the viewer's time zone.
 */
import type { AppParams, Application } from '@app/plugin-kit'
import { TableService, currentUser, excelDownload, exportDay, knownTimeZone, excelTexts, whereContains, whereProjectAccess } from '@app/plugin-kit'
import { clientsOf } from '../../project-rows'
import { projectSchema } from '../projects/projects.schema'
import { byLocale } from './locales'

/** The list's columns in order; the sheet name and headers in five languages are in ./locales. */
const PROJECT_EXPORT_COLUMNS = [
  { key: 'symbol', width: 14 },
  { key: 'name', width: 32 },
  { key: 'manager', width: 24 },
  { key: 'client', width: 28 },
  { key: 'createdAt', width: 14, date: true },
  { key: 'startDate', width: 14, date: true },
  { key: 'endDate', width: 14, date: true },
]
const exportTexts = excelTexts(byLocale)
const BATCH = 1000

/** An epoch-milliseconds date as the ISO text exportDay reads; none for a value that is no date (a row written before dates were bounded). */
const isoOf = (value: unknown) => {
  const date = value === null || value === undefined ? undefined : new Date(Number(value))
  return date && Number.isFinite(date.getTime()) ? date.toISOString() : null
}

/** A TableService, so the tenancy test knows it reads the projects table (its file test is in export.test.ts). */
export class ProjectExportService extends TableService {
  constructor(private readonly app: Application) {
    super({ Model: app.get('knex'), name: 'projects', result: projectSchema })
  }

  override async _find(params?: AppParams): Promise<any> {
    const caller = currentUser(params!)
    const filter = (params?.query?.filter as string | undefined)?.trim()
    const timeZone = knownTimeZone(params?.query?.timeZone)
    const knex = this.app.get('knex')
    const { app } = this
    const batch = async (after: number) => {
      const q = knex('projects')
        .where('projects.account_id', caller.accountId)
        .where('projects.id', '>', after)
        .orderBy('projects.id')
        .limit(BATCH)
        .select('projects.id', 'projects.symbol', 'projects.name', 'projects.manager_id', 'projects.company_id', 'projects.created_at', 'projects.start_date', 'projects.end_date')
      if (filter) whereContains(q, ['projects.search_key'], filter, { lowerCased: true })
      await whereProjectAccess(app, caller, q, { level: 'ACCESS', column: 'projects.id', accountColumn: 'projects.account_id' })
      return { rows: (await q) as Record<string, any>[] }
    }
    const rows = async function* () {
      for (let after = 0; ; ) {
        const { rows: found } = await batch(after)
        if (!found.length) return
        const [people, clients] = await Promise.all([
          app.get('core').membersById(caller.accountId, found.map((r) => Number(r.manager_id)).filter((id) => id > 0)),
          clientsOf(app, caller.accountId, found.map((r) => Number(r.company_id)).filter((id) => id > 0)),
        ])
        for (const row of found) {
          const manager = row.manager_id === null ? undefined : people.get(Number(row.manager_id))
          yield {
            symbol: row.symbol,
            name: row.name,
            manager: manager ? `${manager.firstName} ${manager.lastName}` : null,
            client: row.company_id === null ? null : (clients.get(Number(row.company_id))?.name ?? null),
            createdAt: exportDay(row.created_at, timeZone),
            startDate: exportDay(isoOf(row.start_date), timeZone),
            endDate: exportDay(isoOf(row.end_date), timeZone),
          }
        }
        if (found.length < BATCH) return
        after = Number(found[found.length - 1]!.id)
      }
    }
    const texts = exportTexts(caller.language)
    return excelDownload('projects.xlsx', texts.sheet, PROJECT_EXPORT_COLUMNS.map((c) => ({ ...c, header: texts.columns[c.key] ?? c.key })), rows())
  }
}

/**
 * Project rows as the API shows them, and what a page of them needs from elsewhere (the
 * manager's and author's names from core, the client from the companies plugin, the
 * caller's level and last visit), each asked once per page.
 */
import type { AccessLevel, AppParams, Application, AuthUser, Member } from '@app/plugin-kit'
import { serviceAt } from '@app/plugin-kit'
import { ACCESS_LEVELS, accessRank } from '@app/plugin-kit/shared'
import { companiesPath } from '@app/plugin-companies/shared'
import type { Knex } from 'knex'
import type { Project, ProjectData } from './services/projects/projects.schema'

/** The columns a project is read with (search_key stays in the table). */
export const PROJECT_COLUMNS = [
  'id', 'account_id', 'name', 'symbol', 'master_number', 'parent_id', 'manager_id', 'company_id',
  'start_date', 'end_date', 'delivery_date', 'shipment_date', 'inspection_date', 'value', 'area', 'square_meters',
  'latitude', 'longitude', 'altitude', 'rotation_x', 'rotation_y', 'rotation_z', 'address', 'additional_info',
  'end_company_name', 'end_company_address', 'end_company_country', 'end_company_plant',
  'should_notify_billing', 'is_billing_notified', 'skymap_enabled', 'skymap_project_id', 'created_at', 'created_by',
] as const

/** A stored row; a list's page also carries the caller's visit (`last_visited`, joined), which else is asked for. */
export type ProjectRow = Record<(typeof PROJECT_COLUMNS)[number], any> & { storage_total?: unknown; last_visited?: unknown }

export const num = (value: unknown) => (value === null || value === undefined ? null : Number(value))
const bool = (value: unknown) => (value === null || value === undefined ? null : Boolean(Number(value)))

/** The lower-cased "symbol name" the filter box and search match. */
export const searchKeyOf = (symbol: string, name: string) => `${symbol} ${name}`.toLowerCase().slice(0, 130)

/** A body's fields as columns (geoPosition spread over its six columns; null clears them all). */
export const dataToColumns = (data: Partial<ProjectData>): Record<string, unknown> => {
  const columns: Record<string, unknown> = {}
  const set = (column: string, value: unknown) => {
    if (value !== undefined) columns[column] = value
  }
  set('name', data.name)
  set('symbol', data.symbol)
  set('company_id', data.companyId)
  set('master_number', data.masterNumber)
  set('parent_id', data.parentId)
  set('manager_id', data.managerId)
  set('start_date', data.startDate)
  set('end_date', data.endDate)
  set('delivery_date', data.deliveryDate)
  set('shipment_date', data.shipmentDate)
  set('inspection_date', data.inspectionDate)
  set('value', data.value)
  set('area', data.area)
  set('square_meters', data.squareMeters)
  set('address', data.address)
  set('additional_info', data.additionalInfo)
  set('end_company_name', data.endCompanyName)
  set('end_company_address', data.endCompanyAddress)
  set('end_company_country', data.endCompanyCountry === '' ? null : data.endCompanyCountry)
  set('end_company_plant', data.endCompanyPlant)
  if (data.geoPosition !== undefined) {
    const g = data.geoPosition
    columns.latitude = g?.latitude ?? null
    columns.longitude = g?.longitude ?? null
    columns.altitude = g?.altitude ?? null
    columns.rotation_x = g?.rotationX ?? null
    columns.rotation_y = g?.rotationY ?? null
    columns.rotation_z = g?.rotationZ ?? null
  }
  return columns
}

/** What each row of a page is shown with, asked once for the page. */
export interface PageContext {
  people: Map<number, Member>
  companies: Map<number, { id: number; name: string; number: string | null; country: string | null }>
  levels: Map<number, AccessLevel>
  visits: Map<number, number>
}

const person = (people: Map<number, Member>, id: unknown) => {
  const m = id === null || id === undefined ? undefined : people.get(Number(id))
  return m ? { id: m.userId, firstName: m.firstName, lastName: m.lastName, username: m.username } : null
}

export const accessFlags = (level: AccessLevel) => ({
  level,
  view: accessRank(level) >= accessRank('VIEW'),
  download: accessRank(level) >= accessRank('DOWNLOAD'),
  edit: accessRank(level) >= accessRank('EDIT'),
  administer: level === 'ADMINISTER',
})

export const presentProject = (row: ProjectRow, context: PageContext): Project => {
  const id = Number(row.id)
  const level = context.levels.get(id) ?? 'NONE'
  return {
    id,
    accountId: Number(row.account_id),
    name: row.name,
    symbol: row.symbol,
    masterNumber: row.master_number ?? null,
    parentId: num(row.parent_id),
    managerId: num(row.manager_id),
    manager: person(context.people, row.manager_id),
    companyId: num(row.company_id),
    company: row.company_id === null || row.company_id === undefined ? null : (context.companies.get(Number(row.company_id)) ?? null),
    startDate: num(row.start_date),
    endDate: num(row.end_date),
    deliveryDate: num(row.delivery_date),
    shipmentDate: num(row.shipment_date),
    inspectionDate: num(row.inspection_date),
    value: num(row.value),
    area: num(row.area),
    squareMeters: num(row.square_meters),
    geoPosition:
      row.latitude === null || row.latitude === undefined || row.longitude === null || row.longitude === undefined
        ? null
        : {
            latitude: Number(row.latitude),
            longitude: Number(row.longitude),
            altitude: num(row.altitude),
            rotationX: num(row.rotation_x),
            rotationY: num(row.rotation_y),
            rotationZ: num(row.rotation_z),
          },
    address: row.address ?? null,
    additionalInfo: row.additional_info ?? null,
    endCompanyName: row.end_company_name ?? null,
    endCompanyAddress: row.end_company_address ?? null,
    endCompanyCountry: row.end_company_country ?? null,
    endCompanyPlant: row.end_company_plant ?? null,
    shouldNotifyBilling: bool(row.should_notify_billing),
    isBillingNotified: Boolean(Number(row.is_billing_notified)),
    skymapEnabled: Boolean(Number(row.skymap_enabled)),
    skymapProjectId: row.skymap_project_id ?? null,
    createdAt: row.created_at,
    createdBy: person(context.people, row.created_by),
    storageTotal: row.storage_total === undefined || row.storage_total === null ? 0 : Number(row.storage_total),
    lastVisited: context.visits.get(id) ?? null,
    accessLevel: accessFlags(level),
  }
}

/** The clients of a page, asked of the companies plugin's service as server code in the account. */
interface CompaniesFinder {
  find(params: AppParams): Promise<{ data: { id: number; name: string; number: string | null; country: string | null }[] } | { id: number; name: string; number: string | null; country: string | null }[]>
}

export const clientsOf = async (app: Application, accountId: number, ids: number[]) => {
  const unique = [...new Set(ids)]
  const found = new Map<number, { id: number; name: string; number: string | null; country: string | null }>()
  if (!unique.length || !app.get('plugins')?.some((p) => p.id === 'companies')) return found
  const companies = serviceAt(app, companiesPath) as unknown as CompaniesFinder
  // Unpaged: a page would carry its total, a count MariaDB plans afresh each call (0.5 ms) for nobody.
  const answer = await companies.find({ tenant: { accountId }, paginate: false, query: { id: { $in: unique }, $select: ['id', 'name', 'number', 'country'] } } as AppParams)
  for (const c of Array.isArray(answer) ? answer : answer.data)
    found.set(Number(c.id), { id: Number(c.id), name: c.name, number: c.number ?? null, country: c.country ?? null })
  return found
}

/**
 * The caller's level on each project of a page: every project for an account admin, else
 * from their (kept) grants and each row's client, as read with the page (no read per row).
 */
export const levelsOf = async (app: Application, user: AuthUser | undefined, rows: ProjectRow[]) => {
  const levels = new Map<number, AccessLevel>()
  const access = app.get('access')
  for (const row of rows) {
    const id = Number(row.id)
    levels.set(id, user ? await access.projectLevel(user, id, { clientId: num(row.company_id) }) : 'ADMINISTER')
  }
  return levels
}

/** The page's context: one query each for people, clients and (unless the rows carry them) visits. */
export const pageContext = async (app: Application, knex: Knex, accountId: number, user: AuthUser | undefined, rows: ProjectRow[]): Promise<PageContext> => {
  const ids = rows.map((r) => Number(r.id))
  const peopleIds = rows.flatMap((r) => [r.manager_id, r.created_by]).filter((v) => v !== null && v !== undefined).map(Number)
  const companyIds = rows.map((r) => r.company_id).filter((v) => v !== null && v !== undefined).map(Number)
  const [people, companies, levels, visits] = await Promise.all([
    peopleIds.length ? app.get('core').membersById(accountId, peopleIds) : new Map<number, Member>(),
    clientsOf(app, accountId, companyIds),
    levelsOf(app, user, rows),
    rows.every((row) => 'last_visited' in row)
      ? new Map<number, number>(rows.filter((row) => row.last_visited !== null).map((row) => [Number(row.id), Number(row.last_visited)]))
      : user && ids.length
      ? knex('project_visits')
          .where({ user_id: user.id })
          .whereIn('project_id', ids)
          .select('project_id', 'visited_at')
          .then((found) => new Map<number, number>(found.map((v: any) => [Number(v.project_id), Number(v.visited_at)])))
      : new Map<number, number>(),
  ])
  return { people, companies, levels, visits }
}

export { ACCESS_LEVELS }

/**
 * The projects plugin's dashboard calls: the caller's recent projects (from their visits,
 * confined by the project list filter), a project's figures, its status boxes (counted by
 * the plugins that own the rows) and its timeline (the project's dates and the bubbles'
 * marks). The project scope has checked the caller's level on the named project.
 */
import { NotFound } from '@feathersjs/errors'
import type { AppParams, Application } from '@app/plugin-kit'
import { currentUser, dashboardFigures, isUniqueViolation, moduleEnabled, nowIso, projectStatusBoxes, whereProjectAccess } from '@app/plugin-kit'
import {
  PERSONAL_BOXES,
  type ProjectDashboardInfo,
  type ProjectStatus,
  RECENT_DEFAULT_LIMIT,
  RECENT_MAX_LIMIT,
  type RecentProjectPage,
  STATUS_BOXES,
  TIMELINE_KEYS,
  type Timeline,
  type TimelineMark,
  type TimelineMarkData,
} from './dashboard.schema'

/** The project the scope checked (a caller's, or the one server code named). */
const projectOf = (params: AppParams) => params.project!.id
const accountOf = (params: AppParams) => params.tenant?.accountId ?? currentUser(params).accountId

/** GET /dashboard/projects: the projects the caller visited last, newest visit first and then by name, that they still hold a level on. */
export class RecentProjectsService {
  constructor(private readonly app: Application) {}

  async find(params: AppParams<{ $limit?: number; $skip?: number }>): Promise<RecentProjectPage> {
    const caller = currentUser(params)
    const limit = Math.min(params.query?.$limit ?? RECENT_DEFAULT_LIMIT, RECENT_MAX_LIMIT)
    const skip = params.query?.$skip ?? 0
    const knex = this.app.get('knex')
    // The caller's visits in their current account (the visits index), joined with the projects they may still open.
    const visited = knex('project_visits as v')
      .join('projects as p', 'p.id', 'v.project_id')
      .where({ 'v.account_id': caller.accountId, 'v.user_id': caller.id })
    await whereProjectAccess(this.app, caller, visited, { level: 'ACCESS', column: 'p.id', accountColumn: 'p.account_id' })
    const [count] = await visited.clone().count({ total: '*' })
    const rows = limit
      ? await visited
          .clone()
          .select('p.id', 'p.symbol', 'p.name', 'v.visited_at')
          .orderBy([{ column: 'v.visited_at', order: 'desc' }, { column: 'p.name' }, { column: 'p.id' }])
          .limit(limit)
          .offset(skip)
      : []
    return {
      total: Number(count?.total ?? 0),
      limit,
      skip,
      data: rows.map((row: Record<string, any>) => ({ id: Number(row.id), symbol: row.symbol, name: row.name, lastVisited: Number(row.visited_at) })),
    }
  }
}

/** GET /dashboard/info/project/:projectId: who works on it and its square metres, and the figures other plugins give for a project. */
export class ProjectDashboardInfoService {
  constructor(private readonly app: Application) {}

  async find(params: AppParams): Promise<ProjectDashboardInfo> {
    const projectId = projectOf(params)
    const accountId = accountOf(params)
    const row = await this.app.get('knex')('projects').where({ id: projectId, account_id: accountId }).first('square_meters')
    if (!row) throw new NotFound(`No record found for id '${projectId}'`)
    const members = await this.app.get('core').members(accountId, { grantOn: { resource: 'PROJECT', resourceId: projectId }, anonymous: true, limit: 0, skip: 0 })
    const info: ProjectDashboardInfo = { userCount: members.total, squareMeters: row.square_meters === null ? null : Number(row.square_meters) }
    for (const figure of this.app.get('extensions').all(dashboardFigures)) {
      if (figure.tile in info || (figure.module && params.user && !moduleEnabled(params.user, figure.module))) continue
      const value = await figure.value(this.app, params, projectId)
      if (value !== undefined) (info as Record<string, number | null>)[figure.tile] = value
    }
    return info
  }
}

/** GET /dashboard?projectId=: the status boxes, each 0 until a plugin counts it; `counted` says whether any does. */
export class ProjectStatusService {
  constructor(private readonly app: Application) {}

  async find(params: AppParams): Promise<ProjectStatus> {
    const projectId = projectOf(params)
    const contributors = this.app.get('extensions').all(projectStatusBoxes)
    const counted: Record<string, number> = {}
    for (const contributor of contributors) Object.assign(counted, await contributor.boxes(this.app, params, projectId))
    const pick = (keys: readonly string[]) => Object.fromEntries(keys.map((key) => [key, Math.max(0, Math.trunc(Number(counted[key] ?? 0)) || 0)]))
    return { projectId, counted: Object.keys(counted).length > 0, boxes: pick(STATUS_BOXES) as ProjectStatus['boxes'], personal: pick(PERSONAL_BOXES) as ProjectStatus['personal'] }
  }
}

const DATE_COLUMNS = { startDate: 'start_date', endDate: 'end_date', inspectionDate: 'inspection_date', deliveryDate: 'delivery_date', shipmentDate: 'shipment_date' } as const

/** The marks of a project, with who set each (one query for the names). */
const marksOf = async (app: Application, accountId: number, projectId: number, key?: string): Promise<TimelineMark[]> => {
  const query = app.get('knex')('project_timeline_marks').where({ project_id: projectId, account_id: accountId })
  if (key) query.where({ key })
  const rows: Record<string, any>[] = await query.select('key', 'progress', 'marked_by', 'marked_at')
  const people = await app.get('core').membersById(accountId, rows.filter((r) => r.marked_by !== null).map((r) => Number(r.marked_by)))
  const order = (key: string) => TIMELINE_KEYS.indexOf(key as never)
  return rows
    .sort((a, b) => order(a.key) - order(b.key))
    .map((row) => {
      const person = row.marked_by === null ? undefined : people.get(Number(row.marked_by))
      return {
        key: row.key,
        progress: row.progress,
        markedBy: person ? { id: person.userId, firstName: person.firstName, lastName: person.lastName } : null,
        markedAt: row.marked_at,
      }
    })
}

/** GET /dashboard/time-line?projectId=: the project's dates, the documents' figures (none until the documents module) and the bubbles' marks. */
export class TimelineService {
  constructor(private readonly app: Application) {}

  async find(params: AppParams): Promise<Timeline> {
    const projectId = projectOf(params)
    const accountId = accountOf(params)
    const row = await this.app.get('knex')('projects').where({ id: projectId, account_id: accountId }).first(Object.values(DATE_COLUMNS))
    if (!row) throw new NotFound(`No record found for id '${projectId}'`)
    const date = (value: unknown) => (value === null || value === undefined ? null : Number(value))
    return {
      projectId,
      startDate: date(row.start_date),
      endDate: date(row.end_date),
      inspectionDate: date(row.inspection_date),
      deliveryDate: date(row.delivery_date),
      shipmentDate: date(row.shipment_date),
      documentStats: [],
      marks: await marksOf(this.app, accountId, projectId),
    }
  }
}

/** The bubble the path names; any other word names nothing (404). */
const keyOf = (params: AppParams): string => {
  const key = params.route?.key
  if (!key || !(TIMELINE_KEYS as readonly string[]).includes(key)) throw new NotFound(`No record found for id '${String(key)}'`)
  return key
}

/**
 * POST and DELETE /dashboard/time-line/project/:projectId/:key: sets a bubble's progress
 * (PARTIAL or FULL) for the whole project, or clears it (none). Both answer the mark as it
 * now stands (`progress` null once cleared); clearing a bubble without a mark is no error.
 */
export class TimelineMarkService {
  constructor(private readonly app: Application) {}

  async create(data: TimelineMarkData, params: AppParams) {
    const key = keyOf(params)
    const projectId = projectOf(params)
    const accountId = accountOf(params)
    const knex = this.app.get('knex')
    const values = { progress: data.progress ?? 'FULL', marked_by: params.user?.id ?? null, marked_at: nowIso() }
    const where = { project_id: projectId, account_id: accountId, key }
    // One mark per project and key: change it, or add it (a racing add loses to the unique index, then changes it).
    if (!(await knex('project_timeline_marks').where(where).update(values))) {
      try {
        await knex('project_timeline_marks').insert({ ...where, ...values })
      } catch (error) {
        if (!isUniqueViolation(error)) throw error
        await knex('project_timeline_marks').where(where).update(values)
      }
    }
    const [mark] = await marksOf(this.app, accountId, projectId, key)
    return { projectId, ...mark! }
  }

  async remove(id: unknown, params: AppParams) {
    if (id !== null && id !== undefined) throw new NotFound(`No record found for id '${String(id)}'`)
    const key = keyOf(params)
    const projectId = projectOf(params)
    const cleared = await this.app.get('knex')('project_timeline_marks').where({ project_id: projectId, account_id: accountOf(params), key }).delete()
    // Clearing a bubble without a mark changed nothing: the project's event log leaves it out.
    if (!cleared) params.unchanged = true
    return { projectId, key, progress: null }
  }
}

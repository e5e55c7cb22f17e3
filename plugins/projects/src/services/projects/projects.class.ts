/**
 * The projects table behind /api/projects. A list shows exactly the projects the caller
 * holds a level on (the kit's whereProjectAccess, in SQL), filtered, sorted and paged in
 * SQL; each page is shown with its managers, authors, clients, the caller's level and
 * last visit, each asked once. Writes check the client, manager and parent against the
 * account, keep `search_key`, give the creator ADMINISTER, and refuse to delete a project
 * with content.
 */
import { BadRequest, Conflict, Forbidden, NotFound } from '@feathersjs/errors'
import type { AppParams, Application, AuthUser } from '@app/plugin-kit'
import { BLOCK_LIST_LIMIT, TableService, nowIso, projectDeleteBlockers, projectFiles, resourceNames, whereContains, whereProjectAccess } from '@app/plugin-kit'
import type { Knex } from 'knex'
import { PROJECT_COLUMNS, type ProjectRow, dataToColumns, num, pageContext, presentProject, searchKeyOf } from '../../project-rows'
import { PROJECT_MESSAGES, type Project, type ProjectData, type ProjectQuery, projectSchema } from './projects.schema'

const invalid = (errors: Record<string, string>) => new BadRequest('Validation failed', { errors })
const notFound = (id: unknown) => new NotFound(`No record found for id '${String(id)}'`)

/** The messages of a body that names something the account does not have. */
export const PROJECT_FIELD_MESSAGES = {
  company: 'Choose a client company of this account',
  manager: 'Choose a manager who is a user of this account',
  parent: 'Choose a parent project of this account',
  parentSelf: 'A project cannot be its own parent',
  parentCycle: 'A project cannot be a parent of its own parent',
} as const

/** A copy's name: "<name> (copy)", the name cut so that the whole stays within 100 characters. */
export const copyName = (name: string) => `${name.slice(0, 100 - ' (copy)'.length)} (copy)`

const DIRECT_SORTS: Record<string, string> = {
  symbol: 'projects.symbol',
  name: 'projects.name',
  createdAt: 'projects.created_at',
  startDate: 'projects.start_date',
  endDate: 'projects.end_date',
}

/** The account a call works in: the caller's current one, or the one server code names. */
const accountOf = (params?: AppParams): number => {
  const id = params?.user?.accountId ?? params?.tenant?.accountId ?? (params?.query as Record<string, unknown> | undefined)?.accountId
  if (id === undefined) throw new Error('A projects call names no account')
  return Number(id)
}

export interface ProjectsPage {
  total: number
  limit: number
  skip: number
  data: Project[]
}

export class ProjectsService extends TableService<Project> {
  private readonly knex: Knex

  constructor(private readonly app: Application) {
    super({ Model: app.get('knex'), name: 'projects', result: projectSchema })
    this.knex = app.get('knex')
  }

  /**
   * The projects the call may list, as a query: the account's, confined for a caller to the
   * ones they hold at least LEVEL on (a join in SQL, never ids loaded first). Wrapped: an
   * awaited builder would run.
   */
  async listQuery(params: AppParams | undefined, level: 'ACCESS' | 'VIEW' | 'EDIT' | 'ADMINISTER' = 'ACCESS'): Promise<{ query: Knex.QueryBuilder }> {
    const query = this.knex('projects').where('projects.account_id', accountOf(params))
    if (params?.user) await whereProjectAccess(this.app, params.user, query, { level, column: 'projects.id', accountColumn: 'projects.account_id' })
    return { query }
  }

  private applyConditions(query: Knex.QueryBuilder, q: ProjectQuery) {
    if (q.filter?.trim()) whereContains(query, ['projects.search_key'], q.filter.trim(), { lowerCased: true })
    if (q.companyId !== undefined) query.where('projects.company_id', q.companyId)
    if (q.parentId === null) query.whereNull('projects.parent_id')
    else if (q.parentId !== undefined) query.where('projects.parent_id', q.parentId)
    if (typeof q.id === 'number') query.where('projects.id', q.id)
    else if (q.id && Array.isArray(q.id.$in)) query.whereIn('projects.id', q.id.$in.length ? q.id.$in : [0])
  }

  /** The list's order: its column (names through their owners' subqueries), then the id the same way. */
  private applySort(query: Knex.QueryBuilder, sort: Record<string, number | undefined> | undefined) {
    const entries = Object.entries(sort ?? {}).filter(([, d]) => d !== undefined && d !== 0)
    if (!entries.length) entries.push(['symbol', 1], ['name', 1])
    for (const [field, d] of entries) {
      const direction = Number(d) < 0 ? 'desc' : 'asc'
      if (DIRECT_SORTS[field]) query.orderBy(DIRECT_SORTS[field]!, direction)
      else if (field === 'manager') query.orderBy(this.app.get('core').personNameSql('projects.manager_id') as never, direction)
      else if (field === 'client') {
        const names = this.app.get('extensions').all(resourceNames).find((r) => r.resource === 'COMPANY')
        if (names?.nameSql) query.orderBy(names.nameSql('projects.company_id') as never, direction)
        else query.orderBy('projects.company_id', direction)
      }
    }
    query.orderBy('projects.id', Number(entries[0]![1]) < 0 ? 'desc' : 'asc')
  }

  /**
   * With `stats`: each project's `storageTotal`, the bytes of its files as the files'
   * owners count them (`projectFiles` subqueries, read with the page); without, 0.
   */
  private withStats(query: Knex.QueryBuilder, stats: unknown) {
    if (stats !== true && stats !== 'true') return query
    const parts = this.app.get('extensions').all(projectFiles).map((f) => f.bytesSql(this.knex, 'projects.id'))
    if (parts.length) query.select(this.knex.raw(`(${parts.map(() => 'coalesce((?), 0)').join(' + ')}) as storage_total`, parts))
    return query
  }

  /** The caller's visit of each row, read with the page (one per person and project: no row doubles) rather than asked for after it. */
  private withVisits(query: Knex.QueryBuilder, user: AuthUser | undefined) {
    if (!user) return query
    return query
      .leftJoin('project_visits as visit', (on) => on.on('visit.project_id', '=', 'projects.id').andOnVal('visit.user_id', '=', user.id))
      .select('visit.visited_at as last_visited')
  }

  /** Rows as the API shows them, with the page's context. */
  async present(rows: ProjectRow[], params?: AppParams): Promise<Project[]> {
    if (!rows.length) return []
    const context = await pageContext(this.app, this.knex, accountOf(params), params?.user, rows)
    return rows.map((row) => presentProject(row, context))
  }

  override async _find(params?: AppParams): Promise<any> {
    const q = (params?.query ?? {}) as ProjectQuery & { accountId?: number }
    const { query: base } = await this.listQuery(params)
    this.applyConditions(base, q)
    const limit = Math.min(q.$limit ?? 50, 500)
    const skip = q.$skip ?? 0
    const columns = PROJECT_COLUMNS.map((c) => `projects.${c}`)
    // The page's rows with what each shows beside its columns, in the list's order.
    const rowsOf = async (query: Knex.QueryBuilder) => {
      const rows = this.withStats(query.select(columns), q.stats)
      this.applySort(rows, q.$sort as Record<string, number>)
      return (await this.withVisits(rows, params?.user)) as ProjectRow[]
    }
    const { rows, total } =
      q.filter?.trim() && this.knex.client.config.client === 'mysql2'
        ? await this.filteredPage(base, q, rowsOf, limit, skip)
        : await this.countedPage(base, rowsOf, limit, skip)
    const data = await this.present(rows, params)
    if ((params as { paginate?: unknown } | undefined)?.paginate === false) return data
    return { total, limit, skip, data } satisfies ProjectsPage
  }

  /** The page and, first, its total: counting reads the index alone, and no page is read past the end. */
  private async countedPage(base: Knex.QueryBuilder, rowsOf: (query: Knex.QueryBuilder) => Promise<ProjectRow[]>, limit: number, skip: number) {
    const [count] = await base.clone().count({ total: '*' })
    const total = Number(count?.total ?? 0)
    return { total, rows: limit > 0 && skip < total ? await rowsOf(base.clone().limit(limit).offset(skip)) : [] }
  }

  /**
   * A filtered page on MySQL and MariaDB: the contains-filter can seek no index, so the count
   * and the page would each read every search key of the account; FOUND_ROWS() gives the
   * total of the page's own read instead (MariaDB, 5,000 projects: 4.4 to 2.6 ms when the
   * matches lie far down the sort's index), on the page's connection, so in a transaction.
   * That read takes the page's ids alone, which the search index holds with the number and
   * name the usual sorts need; then only the page's rows are read. Reading the columns with
   * the filter read each of the account's rows whole (a page 3.6 → 2.5 ms).
   */
  private async filteredPage(base: Knex.QueryBuilder, q: ProjectQuery, rowsOf: (query: Knex.QueryBuilder) => Promise<ProjectRow[]>, limit: number, skip: number) {
    const { ids, total } = await this.knex.transaction(async (trx) => {
      const page = base.clone().select(this.knex.raw('sql_calc_found_rows ?? as id', ['projects.id'])).limit(limit).offset(skip)
      this.applySort(page, q.$sort as Record<string, number>)
      const ids = ((await page.transacting(trx)) as { id: number }[]).map((row) => row.id)
      const [[found]] = await trx.raw('select found_rows() as total')
      return { ids, total: Number(found.total) }
    })
    return { total, rows: ids.length ? await rowsOf(this.knex('projects').whereIn('projects.id', ids)) : [] }
  }

  /** The stored row within the call's account, or 404. */
  async row(id: unknown, params?: AppParams, stats?: unknown): Promise<ProjectRow> {
    const projectId = Number(id)
    const row = Number.isSafeInteger(projectId) && projectId > 0
      ? await this.withStats(this.knex('projects').where({ 'projects.id': projectId, 'projects.account_id': accountOf(params) }).select(PROJECT_COLUMNS.map((c) => `projects.${c}`)), stats).first()
      : undefined
    if (!row) throw notFound(id)
    return row
  }

  override async _get(id: any, params?: AppParams): Promise<Project> {
    const row = await this.row(id, params, (params?.query as ProjectQuery | undefined)?.stats)
    // The caller opened it: the home page's recent projects list it first.
    if (params?.provider && params.user) await this.recordVisit(params.user, Number(row.id))
    return (await this.present([row], params))[0]!
  }

  /** Upserts the caller's visit of the project (now). */
  async recordVisit(user: AuthUser, projectId: number) {
    await this.knex('project_visits')
      .insert({ account_id: user.accountId, user_id: user.id, project_id: projectId, visited_at: Date.now() })
      .onConflict(['user_id', 'project_id'])
      .merge(['visited_at'])
  }

  /** The client, manager and parent a body names must be the account's; a parent not the project or under it. */
  private async checkReferences(data: Partial<ProjectData>, accountId: number, projectId: number | null, caller?: AuthUser) {
    const errors: Record<string, string> = {}
    if (data.companyId !== undefined && data.companyId !== null) {
      const names = this.app.get('extensions').all(resourceNames).find((r) => r.resource === 'COMPANY')
      const found = names ? await names.names(accountId, [data.companyId]) : new Map()
      if (!found.has(data.companyId)) errors.companyId = PROJECT_FIELD_MESSAGES.company
    }
    if (data.managerId !== undefined && data.managerId !== null && !(await this.app.get('core').member(accountId, { userId: data.managerId })))
      errors.managerId = PROJECT_FIELD_MESSAGES.manager
    if (data.parentId !== undefined && data.parentId !== null) {
      const message = await this.parentProblem(data.parentId, accountId, projectId, caller)
      if (message) errors.parentId = message
    }
    if (Object.keys(errors).length) throw invalid(errors)
  }

  private async parentProblem(parentId: number, accountId: number, projectId: number | null, caller?: AuthUser) {
    if (projectId !== null && parentId === projectId) return PROJECT_FIELD_MESSAGES.parentSelf
    const parent = await this.knex('projects').where({ id: parentId, account_id: accountId }).first('id', 'parent_id', 'company_id')
    // A parent the caller may not open is answered as one that does not exist: its id tells nothing.
    if (!parent || (caller && (await this.app.get('access').projectLevel(caller, parentId, { clientId: num(parent.company_id) })) === 'NONE'))
      return PROJECT_FIELD_MESSAGES.parent
    const seen = new Set<number>()
    for (let next = parent.parent_id === null ? null : Number(parent.parent_id); next !== null && !seen.has(next); ) {
      if (next === projectId) return PROJECT_FIELD_MESSAGES.parentCycle
      seen.add(next)
      const up = await this.knex('projects').where({ id: next, account_id: accountId }).first('parent_id')
      next = up?.parent_id === null || up?.parent_id === undefined ? null : Number(up.parent_id)
    }
    return undefined
  }

  override async _create(data: any, params?: AppParams): Promise<any> {
    const { accountId: _stamped, ...fields } = data as ProjectData & { accountId?: number }
    const accountId = accountOf(params)
    await this.checkReferences(fields, accountId, null, params?.user)
    const creator = params?.user?.id ?? null
    const [inserted] = await this.knex('projects').insert(
      {
        ...dataToColumns(fields),
        account_id: accountId,
        search_key: searchKeyOf(fields.symbol, fields.name),
        // A new project's billing notification starts Disabled, never undefined (part2 §4).
        should_notify_billing: false,
        created_at: nowIso(),
        created_by: creator,
      },
      ['id'],
    )
    const id = Number(typeof inserted === 'object' ? inserted.id : inserted)
    // Whoever creates a project administers it (part1 §6).
    if (creator !== null) await this.app.get('core').giveGrant(accountId, creator, { resource: 'PROJECT', resourceId: id, action: 'ADMINISTER' })
    return (await this.present([await this.row(id, params)], params))[0]
  }

  override async _patch(id: any, data: any, params?: AppParams): Promise<any> {
    const { accountId: _stamped, ...fields } = data as Partial<ProjectData> & { accountId?: number }
    const current = await this.row(id, params)
    const accountId = Number(current.account_id)
    // The client decides who else reaches the project (its company's administrators and staff, part1 §6): changing it is the administrators' (part2 §6).
    const clientChanges = fields.companyId !== undefined && fields.companyId !== num(current.company_id)
    if (clientChanges && params?.user && params.project?.level !== 'ADMINISTER') throw new Forbidden('This needs ADMINISTER access to the project')
    await this.checkReferences(fields, accountId, Number(current.id), params?.user)
    const changes = dataToColumns(fields)
    if (fields.name !== undefined || fields.symbol !== undefined) changes.search_key = searchKeyOf(fields.symbol ?? current.symbol, fields.name ?? current.name)
    if (Object.keys(changes).length) await this.knex('projects').where({ id: current.id, account_id: accountId }).update(changes)
    return (await this.present([await this.row(current.id, params)], params))[0]
  }

  /**
   * A copy of the project (POST /projects/{id}/copy, see copy.ts): its fields, named
   * "<name> (copy)"; not its Skyview link, billing state, visits, events or grants. The
   * caller administers it.
   */
  async copy(id: number, params: AppParams) {
    const source = await this.row(id, params)
    const accountId = Number(source.account_id)
    const { id: _id, created_at: _at, created_by: _by, ...fields } = source
    const name = copyName(source.name)
    const creator = params.user?.id ?? null
    const [inserted] = await this.knex('projects').insert(
      {
        ...fields,
        name,
        search_key: searchKeyOf(source.symbol, name),
        skymap_enabled: false,
        skymap_project_id: null,
        is_billing_notified: false,
        should_notify_billing: source.should_notify_billing ?? false,
        created_at: nowIso(),
        created_by: creator,
      },
      ['id'],
    )
    const copyId = Number(typeof inserted === 'object' ? inserted.id : inserted)
    if (creator !== null) await this.app.get('core').giveGrant(accountId, creator, { resource: 'PROJECT', resourceId: copyId, action: 'ADMINISTER' })
    return (await this.present([await this.row(copyId, params)], params))[0]!
  }

  /** Sets the billing notification choice (spec part2 §4). */
  async setBilling(id: number, shouldNotifyBilling: boolean, params: AppParams) {
    const current = await this.row(id, params)
    await this.knex('projects').where({ id: current.id, account_id: current.account_id }).update({ should_notify_billing: shouldNotifyBilling })
    return (await this.present([await this.row(current.id, params)], params))[0]!
  }

  /** What keeps the project: its child projects and every contributor's content. */
  async deleteBlocks(row: ProjectRow) {
    const project = { id: Number(row.id), accountId: Number(row.account_id), symbol: row.symbol as string, name: row.name as string }
    const children = await this.knex('projects').where({ account_id: project.accountId, parent_id: project.id }).orderBy('symbol').limit(BLOCK_LIST_LIMIT).select('symbol', 'name')
    const blocks = children.map((c: any) => ({ reason: 'is parent of', item: `${c.symbol} - ${c.name}` }))
    for (const blocker of this.app.get('extensions').all(projectDeleteBlockers)) blocks.push(...(await blocker.find(this.app, project)))
    return blocks
  }

  override async _remove(id: any, params?: AppParams): Promise<any> {
    const current = await this.row(id, params)
    const shown = (await this.present([current], params))[0]
    const blocks = await this.deleteBlocks(current)
    if (blocks.length) throw new Conflict(PROJECT_MESSAGES.hasContent, { blocks })
    const accountId = Number(current.account_id)
    await this.app.get('core').removeGrantsOn(accountId, 'PROJECT', Number(current.id))
    await this.knex.transaction(async (trx) => {
      await trx('project_visits').where({ project_id: current.id }).delete()
      await trx('project_events').where({ project_id: current.id }).delete()
      await trx('projects').where({ id: current.id, account_id: accountId }).delete()
    })
    return shown
  }
}

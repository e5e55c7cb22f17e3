/**
 * Checklists and their items, in SQL. The project scope has checked the caller's level on
 * the project the call names (a checklist's own, read from its row) and found it in the
 * caller's account; these services only find rows of that account and project:
 *
 * - a checklist or item of another account or project, or none, is 404;
 * - a responsible person must be a member of the account who may view the project (400);
 * - a sub-checklist hangs under a checklist of the same project, never under itself or one
 *   of its own sub-checklists (400 on parentChecklistId);
 * - items keep their places 1, 2, … without gaps: every change of a checklist's items first
 *   writes the checklist's `changed_at`, whose row lock orders two changes on MariaDB.
 *
 * Progress (items, done, overdue, sub-checklists) is counted in SQL for the rows answered
 * only, never for a whole project.
 */
import type { AppParams, Application, AuthUser, Member } from '@app/plugin-kit'
import { accessRank, currentUser, formatMessage, nowIso, routeId, serviceAt, validationError } from '@app/plugin-kit'
import { foldersPath } from '@app/plugin-documents/shared'
import { folderTypesPath } from '@app/plugin-setup/shared'
import { BadRequest, Conflict, Forbidden, NotFound } from '@feathersjs/errors'
import type { Knex } from 'knex'
import {
  CHECKLIST_LIMITS,
  CHECKLIST_MESSAGES,
  CHECKLIST_PAGE,
  type Checklist,
  type ChecklistCopyData,
  type ChecklistData,
  type ChecklistItem,
  type ChecklistItemData,
  type ChecklistItemPatch,
  type ChecklistListQuery,
  type ChecklistPeople,
  type ChecklistPeopleQuery,
  type ChecklistPage,
  type ChecklistResponsibleQuery,
  type ChecklistStatusQuery,
  type ChecklistSummary,
  type ChecklistUpdate,
} from './checklists.schema'

type Row = Record<string, any>

const notFound = (id: unknown) => new NotFound(`No record found for id '${String(id)}'`)

/** A positive id from a path or an id argument, or undefined for anything else. */
const idOf = (value: unknown) => {
  const id = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : Number.NaN
  return Number.isSafeInteger(id) && id > 0 ? id : undefined
}

const inserted = (row: unknown) => Number(typeof row === 'object' && row !== null ? (row as { id: number }).id : row)

/** The start of today (UTC), epoch ms: an item due before it and not done is overdue. */
const startOfToday = () => {
  const now = new Date()
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
}

/** A checklist's progress: its items, those done, those overdue, its sub-checklists. */
interface Progress {
  items: number
  done: number
  overdue: number
  children: number
}

const personOf = (members: ReadonlyMap<number, Member>, id: unknown) => {
  const member = id === null || id === undefined ? undefined : members.get(Number(id))
  return member ? { id: member.userId, firstName: member.firstName, lastName: member.lastName } : null
}

/** The account and project a call is confined to (the tenant and project scopes set both). */
const scopeOf = (params: AppParams) => {
  const accountId = params.tenant?.accountId ?? params.user?.accountId
  const projectId = params.project?.id
  if (accountId === undefined || projectId === undefined) throw new NotFound('No such project')
  return { accountId, projectId }
}

/** What every checklist service shares: reading checklists as the API answers them, and the rules of their fields. */
export class ChecklistStore {
  readonly knex: Knex

  constructor(readonly app: Application) {
    this.knex = app.get('knex')
  }

  /** The checklist of the account (and project, when given), or 404. */
  async row(id: unknown, accountId: number, projectId?: number, trx: Knex = this.knex): Promise<Row> {
    const checklistId = idOf(id)
    const query = trx('checklists').where({ id: checklistId ?? 0, account_id: accountId })
    if (projectId !== undefined) query.where('project_id', projectId)
    const row = checklistId === undefined ? undefined : await query.first()
    if (!row) throw notFound(id)
    return row
  }

  /**
   * The progress of these checklists alone: their items counted in one grouped read of the
   * items' order index (which holds `done` and `due_date`), their sub-checklists in another.
   */
  async progress(ids: number[]): Promise<Map<number, Progress>> {
    const progress = new Map<number, Progress>(ids.map((id) => [id, { items: 0, done: 0, overdue: 0, children: 0 }]))
    if (!ids.length) return progress
    const knex = this.knex
    const [items, children] = await Promise.all([
      knex('checklist_items')
        .whereIn('checklist_id', ids)
        .groupBy('checklist_id')
        .select(
          'checklist_id',
          knex.raw('count(*) as items'),
          knex.raw('sum(case when done = ? then 1 else 0 end) as done', [true]),
          knex.raw('sum(case when done = ? and due_date < ? then 1 else 0 end) as overdue', [false, startOfToday()]),
        ),
      knex('checklists').whereIn('parent_checklist_id', ids).groupBy('parent_checklist_id').select('parent_checklist_id', knex.raw('count(*) as children')),
    ])
    for (const row of items as Row[]) Object.assign(progress.get(Number(row.checklist_id))!, { items: Number(row.items), done: Number(row.done), overdue: Number(row.overdue) })
    for (const row of children as Row[]) progress.get(Number(row.parent_checklist_id))!.children = Number(row.children)
    return progress
  }

  /** Checklist rows as lists show them, with their progress; `known` when the caller has read their people already. */
  async summaries(rows: Row[], accountId: number, known?: ReadonlyMap<number, Member>): Promise<ChecklistSummary[]> {
    const [members, progress] = await Promise.all([
      known ?? this.members(accountId, rows.flatMap((row) => [row.created_by, row.responsible_user_id])),
      this.progress(rows.map((row) => Number(row.id))),
    ])
    return rows.map((row) => this.summary(row, members, progress.get(Number(row.id))!))
  }

  private summary(row: Row, members: ReadonlyMap<number, Member>, progress: Progress): ChecklistSummary {
    return {
      id: Number(row.id),
      title: row.title,
      description: row.description,
      status: row.status,
      sortOrder: Number(row.sort_order),
      parentChecklistId: row.parent_checklist_id === null ? null : Number(row.parent_checklist_id),
      parentId: Number(row.project_id),
      parentType: 'project' as const,
      folderId: row.folder_id === null ? null : Number(row.folder_id),
      responsibleUser: personOf(members, row.responsible_user_id),
      itemCount: progress.items,
      doneCount: progress.done,
      overdueCount: progress.overdue,
      childCount: progress.children,
      createdAt: row.created_at,
      createdBy: personOf(members, row.created_by),
      changedAt: row.changed_at,
    }
  }

  /** The checklist with its items in order, as it is now; its folder as the caller may see it. */
  async detail(checklistId: number, accountId: number, params: AppParams): Promise<Checklist> {
    const row = await this.knex('checklists').where({ id: checklistId, account_id: accountId }).first()
    if (!row) throw notFound(checklistId)
    const items: Row[] = await this.knex('checklist_items').where({ checklist_id: checklistId }).orderBy([{ column: 'sort_order' }, { column: 'id' }])
    const members = await this.members(accountId, [row.created_by, row.responsible_user_id, ...items.flatMap((item) => [item.done_by, item.responsible_user_id])])
    const [summary] = await this.summaries([row], accountId, members)
    return { ...summary!, folder: await this.folderOf(row, params), checklistItems: items.map((item) => this.item(item, members)) }
  }

  item(row: Row, members: ReadonlyMap<number, Member>): ChecklistItem {
    return {
      id: Number(row.id),
      checklistId: Number(row.checklist_id),
      name: row.name,
      sortOrder: Number(row.sort_order),
      done: Boolean(row.done),
      doneAt: row.done_at ?? null,
      doneBy: personOf(members, row.done_by),
      responsibleUser: personOf(members, row.responsible_user_id),
      dueDate: row.due_date === null || row.due_date === undefined ? null : Number(row.due_date),
    }
  }

  /** The members among `ids`, asked of core once. */
  async members(accountId: number, ids: unknown[]): Promise<ReadonlyMap<number, Member>> {
    const wanted = [...new Set(ids.filter((id) => id !== null && id !== undefined).map(Number))]
    return wanted.length ? this.app.get('core').membersById(accountId, wanted) : new Map()
  }

  /**
   * The document folder made from the checklist, asked of the documents plugin as the caller
   * (it owns the folders): null when there is none, or the documents module is off, or the
   * folder is gone.
   */
  private async folderOf(row: Row, params: AppParams): Promise<Checklist['folder']> {
    if (row.folder_id === null || !params.user) return null
    const folders = serviceAt(this.app, foldersPath) as unknown as { get(id: number, params: AppParams): Promise<{ id: number; name: string; symbol: string | null }> }
    const folder = await folders.get(Number(row.folder_id), { user: params.user } as AppParams).catch(() => null)
    return folder ? { id: folder.id, name: folder.name, symbol: folder.symbol } : null
  }

  /** Who may be made responsible: enabled members of the account who may view the project (core counts their level), by name. */
  async people(accountId: number, projectId: number, query: { filter?: string; userId?: number; limit: number; skip: number }) {
    const clientId = (await this.app.get('projects')?.clientOf(projectId)) ?? null
    return this.app.get('core').members(accountId, { ...query, enabledOnly: true, levelOn: { projectId, clientId, minLevel: 'VIEW' } })
  }

  /** 400 on `field` unless the person is one of `people`. */
  async assertResponsible(field: string, userId: number | null | undefined, accountId: number, projectId: number) {
    if (userId === null || userId === undefined) return
    const { data } = await this.people(accountId, projectId, { userId, limit: 1, skip: 0 })
    if (!data.length) throw validationError({ [field]: CHECKLIST_MESSAGES.responsible })
  }

  /** 400 unless `parentId` names a checklist of the project that is neither `selfId` nor one of its sub-checklists. */
  async assertParent(parentId: number | null | undefined, accountId: number, projectId: number, selfId: number | null) {
    if (parentId === null || parentId === undefined) return
    const problem = () => validationError({ parentChecklistId: CHECKLIST_MESSAGES.parent })
    // Up from the new parent: meeting the checklist itself would make a loop.
    const seen = new Set<number>()
    let at: number | null = parentId
    while (at !== null) {
      if (at === selfId || seen.has(at)) throw problem()
      seen.add(at)
      const parent: Row | undefined = await this.knex('checklists').where({ id: at, account_id: accountId, project_id: projectId }).first('parent_checklist_id')
      if (!parent) throw problem()
      at = parent.parent_checklist_id === null ? null : Number(parent.parent_checklist_id)
    }
    const [{ n }] = (await this.knex('checklists').where({ parent_checklist_id: parentId }).whereNot('id', selfId ?? 0).count({ n: '*' })) as [{ n: number | string }]
    if (Number(n) >= CHECKLIST_LIMITS.children) throw new Conflict(formatMessage(CHECKLIST_MESSAGES.tooManyChildren, { max: CHECKLIST_LIMITS.children }))
  }

  /** The place after the last checklist beside it (the project's top level, or its parent's sub-checklists). */
  async nextPlace(trx: Knex, projectId: number, parentId: number | null) {
    const query = trx('checklists').where({ project_id: projectId })
    if (parentId === null) query.whereNull('parent_checklist_id')
    else query.where('parent_checklist_id', parentId)
    const [last] = await query.max({ place: 'sort_order' })
    return last?.place === null || last?.place === undefined ? 1 : Number(last.place) + 1
  }

  /**
   * One field of the checklist the path names set from the call's query (its status, its
   * responsible person), after `check`; the same value changes nothing. Answers the checklist.
   */
  async setField(params: AppParams, column: 'status' | 'responsible_user_id', value: string | number | null, check?: (scope: { accountId: number; projectId: number }) => Promise<void>) {
    const { accountId, projectId } = scopeOf(params)
    const row = await this.row(routeId(params, 'checklistId'), accountId, projectId)
    await check?.({ accountId, projectId })
    const current = row[column] === null || typeof value !== 'number' ? row[column] : Number(row[column])
    if (current === value) params.unchanged = true
    else await this.knex('checklists').where({ id: row.id }).update({ [column]: value, changed_at: nowIso(), changed_by: currentUser(params).id })
    return this.detail(Number(row.id), accountId, params)
  }

  /** Writes a checklist's `changed_at` (and who): the lock every change of its items takes first. */
  touch(trx: Knex, checklistId: number, userId: number | null) {
    return trx('checklists').where({ id: checklistId }).update({ changed_at: nowIso(), changed_by: userId })
  }
}

/** GET, PUT, DELETE /checklists/{id}; POST /checklists. */
export class ChecklistsService {
  private readonly store: ChecklistStore

  constructor(app: Application) {
    this.store = new ChecklistStore(app)
  }

  async get(id: unknown, params: AppParams): Promise<Checklist> {
    const { accountId, projectId } = scopeOf(params)
    const row = await this.store.row(id, accountId, projectId)
    return this.store.detail(Number(row.id), accountId, params)
  }

  async create(data: ChecklistData & { accountId?: number }, params: AppParams): Promise<Checklist> {
    const { accountId, projectId } = scopeOf(params)
    const caller = currentUser(params)
    const parentId = data.parentChecklistId ?? null
    await this.store.assertParent(parentId, accountId, projectId, null)
    const id = await this.store.knex.transaction(async (trx) => {
      const at = nowIso()
      const [row] = await trx('checklists').insert(
        {
          account_id: accountId,
          project_id: projectId,
          parent_checklist_id: parentId,
          title: data.title.trim(),
          description: data.description.trim(),
          status: data.status ?? 'OPEN',
          sort_order: await this.store.nextPlace(trx, projectId, parentId),
          created_at: at,
          created_by: caller.id,
          changed_at: at,
          changed_by: caller.id,
        },
        ['id'],
      )
      return inserted(row)
    })
    return this.store.detail(id, accountId, params)
  }

  async update(id: unknown, data: ChecklistUpdate, params: AppParams): Promise<Checklist> {
    const { accountId, projectId } = scopeOf(params)
    const row = await this.store.row(id, accountId, projectId)
    const changes: Row = { title: data.title.trim(), description: data.description.trim() }
    if (data.parentChecklistId !== undefined && (data.parentChecklistId ?? null) !== (row.parent_checklist_id === null ? null : Number(row.parent_checklist_id))) {
      await this.store.assertParent(data.parentChecklistId, accountId, projectId, Number(row.id))
      changes.parent_checklist_id = data.parentChecklistId
      changes.sort_order = await this.store.nextPlace(this.store.knex, projectId, data.parentChecklistId ?? null)
    }
    if (changes.title === row.title && changes.description === row.description && changes.parent_checklist_id === undefined) params.unchanged = true
    else await this.store.knex('checklists').where({ id: row.id }).update({ ...changes, changed_at: nowIso(), changed_by: currentUser(params).id })
    return this.store.detail(Number(row.id), accountId, params)
  }

  /** The checklist goes with its items; one with sub-checklists stays (409), so nobody loses them unasked. */
  async remove(id: unknown, params: AppParams): Promise<Checklist> {
    const { accountId, projectId } = scopeOf(params)
    const row = await this.store.row(id, accountId, projectId)
    const shown = await this.store.detail(Number(row.id), accountId, params)
    if (shown.childCount > 0) throw new Conflict(CHECKLIST_MESSAGES.hasChildren)
    await this.store.knex.transaction(async (trx) => {
      await trx('checklist_items').where({ checklist_id: row.id }).delete()
      await trx('checklists').where({ id: row.id }).delete()
    })
    return shown
  }
}

/** PUT /checklists/{id}/status?status= (spec part2 §4: any status, any time). */
export class ChecklistStatusService {
  private readonly store: ChecklistStore

  constructor(app: Application) {
    this.store = new ChecklistStore(app)
  }

  update(_id: unknown, _data: unknown, params: AppParams<ChecklistStatusQuery>): Promise<Checklist> {
    return this.store.setField(params, 'status', params.query!.status)
  }
}

/** PUT /checklists/{id}/responsible-user?responsibleUserId= (none: nobody). */
export class ChecklistResponsibleService {
  private readonly store: ChecklistStore

  constructor(app: Application) {
    this.store = new ChecklistStore(app)
  }

  update(_id: unknown, _data: unknown, params: AppParams<ChecklistResponsibleQuery>): Promise<Checklist> {
    const userId = params.query?.responsibleUserId ?? null
    return this.store.setField(params, 'responsible_user_id', userId, ({ accountId, projectId }) => this.store.assertResponsible('responsibleUserId', userId, accountId, projectId))
  }
}

/**
 * POST /checklists/{id}/items, PUT and PATCH …/items/{itemId} (a rename, a tick, a move, a
 * responsible person, a due date), DELETE …/items/{itemId}. Each answers the checklist with
 * its items in their new order.
 */
export class ChecklistItemsService {
  private readonly store: ChecklistStore

  constructor(app: Application) {
    this.store = new ChecklistStore(app)
  }

  private async checklist(params: AppParams) {
    const { accountId, projectId } = scopeOf(params)
    return { accountId, projectId, row: await this.store.row(routeId(params, 'checklistId'), accountId, projectId) }
  }

  /** The item of this checklist (its row read under the checklist's lock), or 404. */
  private async itemRow(trx: Knex, checklistId: number, id: unknown) {
    const itemId = idOf(id)
    const item = itemId === undefined ? undefined : await trx('checklist_items').where({ id: itemId, checklist_id: checklistId }).first()
    if (!item) throw notFound(id)
    return item
  }

  async create(data: ChecklistItemData, params: AppParams): Promise<Checklist> {
    const { accountId, projectId, row } = await this.checklist(params)
    const caller = currentUser(params)
    await this.store.assertResponsible('responsibleUserId', data.responsibleUserId, accountId, projectId)
    await this.store.knex.transaction(async (trx) => {
      await this.store.touch(trx, Number(row.id), caller.id)
      const [last] = await trx('checklist_items').where({ checklist_id: row.id }).count({ n: '*' }).max({ place: 'sort_order' })
      if (Number(last?.n ?? 0) >= CHECKLIST_LIMITS.items) throw new Conflict(formatMessage(CHECKLIST_MESSAGES.full, { max: CHECKLIST_LIMITS.items }))
      await trx('checklist_items').insert({
        account_id: accountId,
        checklist_id: row.id,
        name: data.name.trim(),
        sort_order: last?.place === null || last?.place === undefined ? 1 : Number(last.place) + 1,
        done: false,
        responsible_user_id: data.responsibleUserId ?? null,
        due_date: data.dueDate ?? null,
        created_at: nowIso(),
        created_by: caller.id,
      })
    })
    return this.store.detail(Number(row.id), accountId, params)
  }

  update(id: unknown, data: ChecklistItemPatch, params: AppParams) {
    return this.patch(id, data, params)
  }

  async patch(id: unknown, data: ChecklistItemPatch, params: AppParams): Promise<Checklist> {
    const { accountId, projectId, row } = await this.checklist(params)
    const caller = currentUser(params)
    if (data.responsibleUserId !== undefined) await this.store.assertResponsible('responsibleUserId', data.responsibleUserId, accountId, projectId)
    const changed = await this.store.knex.transaction(async (trx) => {
      await this.store.touch(trx, Number(row.id), caller.id)
      const item = await this.itemRow(trx, Number(row.id), id)
      const changes: Row = {}
      if (data.name !== undefined && data.name.trim() !== item.name) changes.name = data.name.trim()
      if (data.done !== undefined && data.done !== Boolean(item.done)) Object.assign(changes, { done: data.done, done_at: data.done ? nowIso() : null, done_by: data.done ? caller.id : null })
      if (data.responsibleUserId !== undefined && (data.responsibleUserId ?? null) !== (item.responsible_user_id === null ? null : Number(item.responsible_user_id)))
        changes.responsible_user_id = data.responsibleUserId
      if (data.dueDate !== undefined && (data.dueDate ?? null) !== (item.due_date === null ? null : Number(item.due_date))) changes.due_date = data.dueDate
      const moved = data.sortOrder !== undefined && (await this.move(trx, Number(row.id), item, data.sortOrder))
      if (Object.keys(changes).length) await trx('checklist_items').where({ id: item.id }).update(changes)
      return moved || Object.keys(changes).length > 0
    })
    if (!changed) params.unchanged = true
    return this.store.detail(Number(row.id), accountId, params)
  }

  /** Moves the item to place `to` (1 the first; at most the checklist's count); those between close up. */
  private async move(trx: Knex, checklistId: number, item: Row, to: number) {
    const [{ n }] = (await trx('checklist_items').where({ checklist_id: checklistId }).count({ n: '*' })) as [{ n: number | string }]
    if (to > Number(n)) throw validationError({ sortOrder: formatMessage('Can be maximum {max}', { max: Number(n) }) })
    const from = Number(item.sort_order)
    if (from === to) return false
    const others = trx('checklist_items').where({ checklist_id: checklistId })
    if (from < to) await others.where('sort_order', '>', from).where('sort_order', '<=', to).decrement('sort_order', 1)
    else await others.where('sort_order', '>=', to).where('sort_order', '<', from).increment('sort_order', 1)
    await trx('checklist_items').where({ id: item.id }).update({ sort_order: to })
    return true
  }

  async remove(id: unknown, params: AppParams): Promise<Checklist> {
    const { accountId, row } = await this.checklist(params)
    await this.store.knex.transaction(async (trx) => {
      await this.store.touch(trx, Number(row.id), currentUser(params).id)
      const item = await this.itemRow(trx, Number(row.id), id)
      await trx('checklist_items').where({ id: item.id }).delete()
      await trx('checklist_items').where({ checklist_id: row.id }).where('sort_order', '>', Number(item.sort_order)).decrement('sort_order', 1)
    })
    return this.store.detail(Number(row.id), accountId, params)
  }
}

/** GET /checklists/{id}/children: its sub-checklists, in their order, with their progress. */
export class ChecklistChildrenService {
  private readonly store: ChecklistStore

  constructor(app: Application) {
    this.store = new ChecklistStore(app)
  }

  async find(params: AppParams): Promise<ChecklistSummary[]> {
    const { accountId, projectId } = scopeOf(params)
    const row = await this.store.row(routeId(params, 'checklistId'), accountId, projectId)
    const rows = await this.store.knex('checklists').where({ account_id: accountId, parent_checklist_id: row.id }).orderBy([{ column: 'sort_order' }, { column: 'id' }])
    return this.store.summaries(rows, accountId)
  }
}

/** GET /checklists/project/{projectId}: a page of the project's top-level checklists, in their order, with their progress. */
export class ProjectChecklistsService {
  private readonly store: ChecklistStore

  constructor(app: Application) {
    this.store = new ChecklistStore(app)
  }

  async find(params: AppParams<ChecklistListQuery>): Promise<ChecklistPage> {
    const { accountId, projectId } = scopeOf(params)
    const q = params.query ?? {}
    const limit = q.$limit ?? CHECKLIST_PAGE.default
    const skip = q.$skip ?? 0
    const knex = this.store.knex
    const base = () => {
      const query = knex('checklists as c').where({ 'c.account_id': accountId, 'c.project_id': projectId }).whereNull('c.parent_checklist_id')
      if (q.status) query.where('c.status', q.status)
      return query
    }
    const [count] = await base().count({ total: '*' })
    const total = Number(count?.total ?? 0)
    if (limit === 0 || skip >= total) return { total, limit, skip, data: [] }
    // The page's ids from the list index first, then their rows; their progress is counted for them alone.
    const page = base().select('c.id', 'c.sort_order').orderBy([{ column: 'c.sort_order' }, { column: 'c.id' }]).limit(limit).offset(skip).as('page')
    const rows = await knex.from(page).join('checklists as c', 'c.id', 'page.id').select('c.*').orderBy([{ column: 'page.sort_order' }, { column: 'page.id' }])
    return { total, limit, skip, data: await this.store.summaries(rows, accountId) }
  }
}

/** GET /checklists/project/{projectId}/people?filter=: a page of who may be made responsible, by last and first name. */
export class ChecklistPeopleService {
  private readonly store: ChecklistStore

  constructor(app: Application) {
    this.store = new ChecklistStore(app)
  }

  async find(params: AppParams<ChecklistPeopleQuery>): Promise<ChecklistPeople> {
    const { accountId, projectId } = scopeOf(params)
    const q = params.query ?? {}
    const limit = q.$limit ?? 20
    const skip = q.$skip ?? 0
    const { total, data } = await this.store.people(accountId, projectId, { filter: q.filter?.trim() || undefined, limit, skip })
    return { total, limit, skip, data: data.map((member) => ({ id: member.userId, firstName: member.firstName, lastName: member.lastName })) }
  }
}

/** The checklist the path names: found in the caller's account by the scope; here it must also be of the path's project. */
const pathChecklist = async (store: ChecklistStore, params: AppParams) => {
  const { accountId, projectId } = scopeOf(params)
  const checklistId = routeId(params, 'checklistId')
  if (idOf(params.route?.projectId) !== projectId) throw notFound(checklistId)
  return { accountId, projectId, row: await store.row(checklistId, accountId, projectId) }
}

/**
 * POST /checklists/project/{projectId}/checklist/{checklistId}/createFolder: a document of the
 * project, named after the checklist and of the account's built-in Checklist type, made by
 * the documents plugin as the caller (its rules hold: the documents module on, EDIT), and
 * linked to the checklist. A checklist has one (409 for a second).
 */
export const createFolder = async (app: Application, params: AppParams): Promise<Checklist> => {
  const store = new ChecklistStore(app)
  const { accountId, projectId, row } = await pathChecklist(store, params)
  if (row.folder_id !== null) throw new Conflict(CHECKLIST_MESSAGES.hasFolder)
  const caller = currentUser(params)
  const asCaller = { user: caller } as AppParams
  const types = serviceAt(app, folderTypesPath) as unknown as { find(params: AppParams): Promise<{ id: number; typeId: string }[] | { data: { id: number; typeId: string }[] }> }
  const answer = await types.find({ tenant: { accountId }, route: { accountId: String(accountId) }, paginate: false, query: { typeId: 'Checklist' } } as AppParams)
  const type = (Array.isArray(answer) ? answer : answer.data)[0]
  if (!type) throw new BadRequest('This account has no Checklist document type')
  const folders = serviceAt(app, foldersPath) as unknown as { create(data: unknown, params: AppParams): Promise<{ id: number }>; remove(id: number, params: AppParams): Promise<unknown> }
  const folder = await folders.create({ projectId, name: row.title, folderTypeId: Number(type.id) }, asCaller)
  // Linked only if no other call linked one meanwhile; else the folder just made goes again.
  const linked = await store.knex('checklists').where({ id: row.id }).whereNull('folder_id').update({ folder_id: folder.id, changed_at: nowIso(), changed_by: caller.id })
  if (!linked) {
    await folders.remove(folder.id, asCaller).catch((error) => app.get('logger').warn({ err: error, folderId: folder.id }, 'Removing a second checklist folder failed'))
    throw new Conflict(CHECKLIST_MESSAGES.hasFolder)
  }
  return store.detail(Number(row.id), accountId, params)
}

/**
 * POST /checklists/project/{projectId}/checklist/{checklistId}/copy {targetProjectId}: the
 * checklist, its items and its sub-checklists (with theirs) copied into a project of the
 * account on which the caller may create checklists too (ADMINISTER). A copy starts afresh:
 * OPEN, nothing ticked, no folder, nobody responsible (the people of one project may not see
 * the other); titles, descriptions, item names, their order and due dates come along.
 */
export const copyChecklist = async (app: Application, params: AppParams, data: ChecklistCopyData): Promise<Checklist> => {
  const store = new ChecklistStore(app)
  const { accountId, row } = await pathChecklist(store, params)
  const caller = currentUser(params)
  const target = data.targetProjectId
  if ((await app.get('projects')?.accountOf(target)) !== accountId) throw validationError({ targetProjectId: CHECKLIST_MESSAGES.target })
  if (accessRank(await app.get('access').projectLevel(caller, target)) < accessRank('ADMINISTER')) throw new Forbidden('This needs ADMINISTER access to the project')
  const id = await store.knex.transaction(async (trx) => copyTree(trx, store, row, { accountId, projectId: target, parentId: null, caller }))
  return store.detail(id, accountId, params)
}

/** Copies one checklist with its items, then each of its sub-checklists under the copy: answers the copy's id. */
const copyTree = async (trx: Knex, store: ChecklistStore, row: Row, to: { accountId: number; projectId: number; parentId: number | null; caller: AuthUser }): Promise<number> => {
  const at = nowIso()
  const [made] = await trx('checklists').insert(
    {
      account_id: to.accountId,
      project_id: to.projectId,
      parent_checklist_id: to.parentId,
      title: row.title,
      description: row.description,
      status: 'OPEN',
      sort_order: await store.nextPlace(trx, to.projectId, to.parentId),
      created_at: at,
      created_by: to.caller.id,
      changed_at: at,
      changed_by: to.caller.id,
    },
    ['id'],
  )
  const id = inserted(made)
  const items: Row[] = await trx('checklist_items').where({ checklist_id: row.id }).orderBy([{ column: 'sort_order' }, { column: 'id' }])
  if (items.length)
    await trx.batchInsert(
      'checklist_items',
      items.map((item) => ({ account_id: to.accountId, checklist_id: id, name: item.name, sort_order: item.sort_order, done: false, due_date: item.due_date, created_at: at, created_by: to.caller.id })),
      200,
    )
  const children: Row[] = await trx('checklists').where({ parent_checklist_id: row.id }).orderBy([{ column: 'sort_order' }, { column: 'id' }])
  for (const child of children) await copyTree(trx, store, child, { ...to, parentId: id })
  return id
}

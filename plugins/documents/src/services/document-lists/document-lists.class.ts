/**
 * Binders (document lists) of a project, their documents in order, and the binders a
 * document is in. The project scope has checked the caller's level on the project the
 * path names (or, for a binder's documents, the binder's project) and found it in the
 * caller's account; these services only find the rows of that project:
 *
 * - a binder of another project (or account), or none, is 404, whatever the path says;
 * - a document of another project (or account), or none, is a 400 on `folderId`;
 * - names are unique in the project, compared trimmed and ignoring case (409 on `name`);
 * - a document is in a binder once (409 on `folderId`); a binder holds at most
 *   BINDER_LIMITS.items documents (409).
 *
 * Changes of a binder's documents write the document's change log (`addedToList`,
 * `removedFromList`, with the binder's name), and so does removing a binder that holds
 * documents, for each of them. Every change of a binder's documents first writes the
 * binder's `updated_at`: on MariaDB that row's lock then orders two changes of one binder,
 * so positions stay 1, 2, … without gaps or twins.
 */
import type { AppParams, Application, Member } from '@app/plugin-kit'
import { currentUser, formatMessage, isUniqueViolation, nowIso, routeId, validationError } from '@app/plugin-kit'
import { MESSAGES } from '@app/plugin-kit/shared'
import { Conflict, NotFound } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { recordFolderEvent } from '../../events'
import { membersOf, personOf } from '../../people'
import {
  BINDER_LIMITS,
  BINDER_MESSAGES,
  type Binder,
  type BinderData,
  type BinderDetail,
  type BinderItem,
  type BinderItemData,
  type BinderItemPatch,
  type FolderBinder,
} from './document-lists.schema'

type Row = Record<string, any>

const notFound = (id: unknown) => new NotFound(`No record found for id '${String(id)}'`)
const nameTaken = () => new Conflict(BINDER_MESSAGES.nameTaken, { errors: { name: BINDER_MESSAGES.nameTaken } })
const alreadyIn = () => new Conflict(BINDER_MESSAGES.inList, { errors: { folderId: BINDER_MESSAGES.inList } })

/** A positive id from a path or an id argument, or undefined for anything else. */
const idOf = (value: unknown) => {
  const id = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : Number.NaN
  return Number.isSafeInteger(id) && id > 0 ? id : undefined
}

/** How a name is compared: trimmed, lower-cased. */
export const nameKeyOf = (name: string) => name.trim().toLowerCase()

/** The name as stored: trimmed (a blank one is no name). */
const cleanName = (data: BinderData) => {
  const name = data.name.trim()
  if (!name) throw validationError({ name: MESSAGES.required })
  return name
}

const inserted = (row: unknown) => Number(typeof row === 'object' && row !== null ? (row as { id: number }).id : row)

/** The account and project a call is confined to (the tenant and project scopes set both). */
const scopeOf = (params: AppParams) => {
  const accountId = params.tenant?.accountId ?? params.user?.accountId
  const projectId = params.project?.id
  if (accountId === undefined || projectId === undefined) throw new NotFound('No such project')
  return { accountId, projectId }
}

/** What the binder services share: reading binders and their documents as the API answers them. */
class Binders {
  readonly knex: Knex

  constructor(readonly app: Application) {
    this.knex = app.get('knex')
  }

  /** The project's binders with how many documents each holds (one query). */
  listsQuery(accountId: number, projectId: number) {
    return this.knex('document_lists as l')
      .where({ 'l.account_id': accountId, 'l.project_id': projectId })
      .select('l.*', this.knex.raw('(select count(*) from document_list_items i where i.list_id = l.id) as document_count'))
  }

  /** The binder of the project, or 404 (another project's, another account's, a malformed id). */
  async list(id: unknown, accountId: number, projectId: number, trx: Knex = this.knex): Promise<Row> {
    const listId = idOf(id)
    const row = listId === undefined ? undefined : await trx('document_lists').where({ id: listId, account_id: accountId, project_id: projectId }).first()
    if (!row) throw notFound(id)
    return row
  }

  /** The binders' rows as the API answers them; `members` when the caller has read them already. */
  async present(rows: Row[], accountId: number, known?: ReadonlyMap<number, Member>): Promise<Binder[]> {
    const members = known ?? (await membersOf(this.app, accountId, rows.map((row) => row.created_by)))
    return rows.map((row) => ({
      id: Number(row.id),
      projectId: Number(row.project_id),
      name: row.name,
      documentCount: Number(row.document_count ?? 0),
      createdAt: row.created_at,
      createdBy: personOf(members, row.created_by),
      updatedAt: row.updated_at,
    }))
  }

  /** The binder with its documents in order, as they are now. */
  async detail(listId: number, accountId: number): Promise<BinderDetail> {
    const row = await this.knex('document_lists').where({ id: listId, account_id: accountId }).first()
    if (!row) throw notFound(listId)
    const items: Row[] = await this.knex('document_list_items as i')
      .join('folders as f', 'f.id', 'i.folder_id')
      .where({ 'i.list_id': listId, 'i.account_id': accountId })
      .orderBy([{ column: 'i.position' }, { column: 'i.id' }])
      .select('i.folder_id', 'i.position', 'i.added_at', 'i.added_by', 'f.symbol', 'f.name', 'f.state', 'f.revision')
    // The creator and who added each document, in one read.
    const members = await membersOf(this.app, accountId, [row.created_by, ...items.map((item) => item.added_by)])
    const [list] = await this.present([{ ...row, document_count: items.length }], accountId, members)
    const documents: BinderItem[] = items.map((item) => ({
      folderId: Number(item.folder_id),
      position: Number(item.position),
      symbol: item.symbol ?? null,
      name: item.name,
      state: item.state,
      revision: item.revision ?? null,
      addedAt: item.added_at,
      addedBy: personOf(members, item.added_by),
    }))
    return { ...list!, documents }
  }

  /** 409 when another binder of the project has the name (ignoring case); a race past it meets the unique index, and the same 409. */
  async assertNameFree(trx: Knex, projectId: number, key: string, exceptId: number | null) {
    const clash = trx('document_lists').where({ project_id: projectId, name_key: key })
    if (exceptId !== null) clash.whereNot({ id: exceptId })
    if (await clash.first('id')) throw nameTaken()
  }

  /** Runs a write, answering a unique-index clash with `conflict` (two racing writes both passed the check). */
  async guarded<T>(write: () => Promise<T>, conflict: () => Error): Promise<T> {
    try {
      return await write()
    } catch (error) {
      throw isUniqueViolation(error) ? conflict() : error
    }
  }
}

/** GET/POST /projects/{projectId}/document-lists, GET/PATCH/DELETE …/document-lists/{listId}. */
export class BindersService {
  private readonly binders: Binders

  constructor(app: Application) {
    this.binders = new Binders(app)
  }

  /** A page of the project's binders, by name. */
  async find(params: AppParams) {
    const { accountId, projectId } = scopeOf(params)
    const query = (params.query ?? {}) as { $limit?: number; $skip?: number }
    const limit = query.$limit ?? 50
    const skip = query.$skip ?? 0
    const [count] = await this.binders.knex('document_lists').where({ account_id: accountId, project_id: projectId }).count({ total: '*' })
    const total = Number(count?.total ?? 0)
    const rows: Row[] =
      limit > 0 && skip < total
        ? await this.binders
            .listsQuery(accountId, projectId)
            .orderBy([{ column: 'l.name_key' }, { column: 'l.id' }])
            .limit(limit)
            .offset(skip)
        : []
    return { total, limit, skip, data: await this.binders.present(rows, accountId) }
  }

  async get(id: unknown, params: AppParams): Promise<BinderDetail> {
    const { accountId, projectId } = scopeOf(params)
    const row = await this.binders.list(id, accountId, projectId)
    return this.binders.detail(Number(row.id), accountId)
  }

  async create(data: BinderData, params: AppParams): Promise<BinderDetail> {
    const { accountId, projectId } = scopeOf(params)
    const name = cleanName(data)
    const key = nameKeyOf(name)
    const caller = currentUser(params)
    const at = nowIso()
    const id = await this.binders.guarded(
      () =>
        this.binders.knex.transaction(async (trx) => {
          await this.binders.assertNameFree(trx, projectId, key, null)
          const [row] = await trx('document_lists').insert(
            { account_id: accountId, project_id: projectId, name, name_key: key, created_at: at, created_by: caller.id, updated_at: at },
            ['id'],
          )
          return inserted(row)
        }),
      nameTaken,
    )
    // After the commit: SQLite's one connection is the transaction's until then.
    return this.binders.detail(id, accountId)
  }

  /** A new name; the same one changes nothing. */
  async patch(id: unknown, data: Partial<BinderData>, params: AppParams): Promise<BinderDetail> {
    const { accountId, projectId } = scopeOf(params)
    const row = await this.binders.list(id, accountId, projectId)
    if (data.name !== undefined) {
      const name = cleanName({ name: data.name })
      if (name === row.name) params.unchanged = true
      else {
        const key = nameKeyOf(name)
        await this.binders.guarded(
          () =>
            this.binders.knex.transaction(async (trx) => {
              await this.binders.assertNameFree(trx, projectId, key, Number(row.id))
              await trx('document_lists').where({ id: row.id }).update({ name, name_key: key, updated_at: nowIso() })
            }),
          nameTaken,
        )
      }
    } else params.unchanged = true
    return this.binders.detail(Number(row.id), accountId)
  }

  /** The binder goes, with its items; its documents stay, each with a line in its log that it left the binder. */
  async remove(id: unknown, params: AppParams): Promise<BinderDetail> {
    const { accountId, projectId } = scopeOf(params)
    const row = await this.binders.list(id, accountId, projectId)
    const shown = await this.binders.detail(Number(row.id), accountId)
    const userId = currentUser(params).id
    await this.binders.knex.transaction(async (trx) => {
      const folderIds: number[] = (await trx('document_list_items').where({ list_id: row.id }).pluck('folder_id')).map(Number)
      await trx('document_list_items').where({ list_id: row.id }).delete()
      await trx('document_lists').where({ id: row.id }).delete()
      for (const folderId of folderIds) await recordFolderEvent(trx, { accountId, folderId, userId, type: 'removedFromList', subject: row.name })
    })
    return shown
  }
}

/**
 * POST /projects/{projectId}/document-lists/{listId}/items {folderId}: a document put last;
 * PATCH …/items/{folderId} {position}: moved to that place; DELETE …/items/{folderId}: taken
 * out (the document stays). Each answers the binder with its documents in their new order.
 */
export class BinderItemsService {
  private readonly binders: Binders

  constructor(app: Application) {
    this.binders = new Binders(app)
  }

  /** The binder the path names: the scope found it in the caller's account; here it must also be of the path's project. */
  private async list(params: AppParams, trx?: Knex) {
    const { accountId, projectId } = scopeOf(params)
    const listId = routeId(params, 'listId')
    if (idOf(params.route?.projectId) !== projectId) throw notFound(listId)
    return { accountId, projectId, row: await this.binders.list(listId, accountId, projectId, trx) }
  }

  /**
   * Runs a change of the binder's documents in one transaction that first writes the
   * binder's `updated_at` (its row lock orders changes of one binder on MariaDB).
   */
  private change<T>(listId: number, work: (trx: Knex.Transaction) => Promise<T>) {
    return this.binders.knex.transaction(async (trx) => {
      await trx('document_lists').where({ id: listId }).update({ updated_at: nowIso() })
      return work(trx)
    })
  }

  /** The item of this document in the binder (locked by the binder's row), or 404. */
  private async item(trx: Knex, listId: number, id: unknown) {
    const folderId = idOf(id)
    const item = folderId === undefined ? undefined : await trx('document_list_items').where({ list_id: listId, folder_id: folderId }).first()
    if (!item) throw notFound(id)
    return item
  }

  async create(data: BinderItemData, params: AppParams): Promise<BinderDetail> {
    const { accountId, projectId, row } = await this.list(params)
    const folder = await this.binders
      .knex('folders')
      .where({ id: data.folderId, account_id: accountId, project_id: projectId })
      .first('id')
    if (!folder) throw validationError({ folderId: BINDER_MESSAGES.folder })
    const userId = currentUser(params).id
    const listId = Number(row.id)
    await this.binders.guarded(
      () =>
        this.change(listId, async (trx) => {
          if (await trx('document_list_items').where({ list_id: listId, folder_id: folder.id }).first('id')) throw alreadyIn()
          const [last] = await trx('document_list_items').where({ list_id: listId }).count({ n: '*' }).max({ position: 'position' })
          const count = Number(last?.n ?? 0)
          if (count >= BINDER_LIMITS.items) throw new Conflict(formatMessage(BINDER_MESSAGES.full, { max: BINDER_LIMITS.items }))
          const position = last?.position === null || last?.position === undefined ? 1 : Number(last.position) + 1
          await trx('document_list_items').insert({ account_id: accountId, list_id: listId, folder_id: folder.id, position, added_at: nowIso(), added_by: userId })
          await recordFolderEvent(trx, { accountId, folderId: Number(folder.id), userId, type: 'addedToList', subject: row.name })
        }),
      alreadyIn,
    )
    return this.binders.detail(listId, accountId)
  }

  /** Moves the document to `position` (1 the first; at most the binder's count); those between close up. The same place changes nothing. */
  async patch(id: unknown, data: BinderItemPatch, params: AppParams): Promise<BinderDetail> {
    const { accountId, row } = await this.list(params)
    const listId = Number(row.id)
    const moved = await this.change(listId, async (trx) => {
      const item = await this.item(trx, listId, id)
      const [{ n }] = (await trx('document_list_items').where({ list_id: listId }).count({ n: '*' })) as [{ n: number | string }]
      const count = Number(n)
      if (data.position > count) throw validationError({ position: formatMessage(MESSAGES.max, { max: count }) })
      const from = Number(item.position)
      const to = data.position
      if (from === to) return false
      if (from < to) await trx('document_list_items').where({ list_id: listId }).where('position', '>', from).where('position', '<=', to).decrement('position', 1)
      else await trx('document_list_items').where({ list_id: listId }).where('position', '>=', to).where('position', '<', from).increment('position', 1)
      await trx('document_list_items').where({ id: item.id }).update({ position: to })
      return true
    })
    if (!moved) params.unchanged = true
    return this.binders.detail(listId, accountId)
  }

  async remove(id: unknown, params: AppParams): Promise<BinderDetail> {
    const { accountId, row } = await this.list(params)
    const listId = Number(row.id)
    const userId = currentUser(params).id
    await this.change(listId, async (trx) => {
      const item = await this.item(trx, listId, id)
      await trx('document_list_items').where({ id: item.id }).delete()
      await trx('document_list_items').where({ list_id: listId }).where('position', '>', Number(item.position)).decrement('position', 1)
      await recordFolderEvent(trx, { accountId, folderId: Number(item.folder_id), userId, type: 'removedFromList', subject: row.name })
    })
    return this.binders.detail(listId, accountId)
  }
}

/** GET /folders/{folderId}/document-lists: the binders the document is in, by name, with its place in each. */
export class FolderBindersService {
  private readonly binders: Binders

  constructor(app: Application) {
    this.binders = new Binders(app)
  }

  async find(params: AppParams): Promise<FolderBinder[]> {
    const { accountId, projectId } = scopeOf(params)
    const folderId = routeId(params, 'folderId')
    const rows: Row[] = await this.binders
      .listsQuery(accountId, projectId)
      .join('document_list_items as mine', 'mine.list_id', 'l.id')
      .where('mine.folder_id', folderId)
      .orderBy([{ column: 'l.name_key' }, { column: 'l.id' }])
      .select('mine.position as item_position', 'mine.added_at as item_added_at', 'mine.added_by as item_added_by')
    const members = await membersOf(this.binders.app, accountId, rows.flatMap((row) => [row.created_by, row.item_added_by]))
    const lists = await this.binders.present(rows, accountId, members)
    return lists.map((list, index) => {
      const row = rows[index]!
      return {
        id: list.id,
        projectId: list.projectId,
        name: list.name,
        documentCount: list.documentCount,
        position: Number(row.item_position),
        addedAt: row.item_added_at,
        addedBy: personOf(members, row.item_added_by),
      }
    })
  }
}

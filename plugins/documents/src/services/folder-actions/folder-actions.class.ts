/**
 * A document's action plan: its rows listed by planned day, read, added, changed and
 * deleted under the document's project (VIEW to read, EDIT to change: the scope has checked
 * it and found the document in the caller's account). A row of another document, or none,
 * is 404; an archived document keeps its plan as it is (409). Each change is written with
 * its change-log entry. The responsible must be someone who may be responsible for the
 * project's documents (the responsibles service's rule), checked when it is set or changed.
 *
 * The due day and the days overdue are reckoned when answering, from the request's time,
 * as the status boxes reckon days (status-boxes.ts): a day is kept as the epoch
 * milliseconds of the local midnight it begins at (the browser's zone, which the server
 * does not know), so a week is 7 × 24 hours after it and a day is over once 24 hours
 * have passed since it began. No zone is assumed, and no date function of either database.
 * Across a daylight-saving change the due day's instant lies an hour off its local
 * midnight, still inside the right day (the screen shows the nearest midnight's day).
 */
import type { AppParams, Application } from '@app/plugin-kit'
import { currentUser, nowIso, validationError } from '@app/plugin-kit'
import { MESSAGES } from '@app/plugin-kit/shared'
import type { Knex } from 'knex'
import { DocumentRows } from '../../document-rows'
import { recordFolderEvent } from '../../events'
import { peopleOf } from '../../people'
import { DAY_MS } from '../../status-boxes'
import type { FolderEventType } from '../control/control.schema'
import { mayBeResponsible } from '../responsibles/responsibles.class'
import { FOLDER_ACTION_MESSAGES, type FolderAction, type FolderActionData } from './folder-actions.schema'


const WEEK_MS = 7 * DAY_MS

/**
 * A row's due day and days overdue at `now` (epoch milliseconds): the planned day plus
 * the processing weeks (the planned day itself without weeks; none without a planned
 * day), and the whole days since the due day ended, for a row not finalized (else 0).
 */
export const schedule = (row: { plannedOn: number | null; processingWeeks: number | null; finalized: boolean }, now: number) => {
  const dueOn = row.plannedOn === null ? null : row.plannedOn + (row.processingWeeks ?? 0) * WEEK_MS
  const daysOverdue = dueOn === null || row.finalized ? 0 : Math.max(0, Math.floor((now - dueOn) / DAY_MS))
  return { dueOn, daysOverdue }
}

const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value))

/** A body as columns: texts trimmed (a blank one is none), a blank description refused, missing fields none. */
const columnsOf = (data: FolderActionData) => {
  const description = data.description.trim()
  if (!description) throw validationError({ description: MESSAGES.required })
  return {
    description,
    planned_on: data.plannedOn ?? null,
    responsible_id: data.responsibleId ?? null,
    finalized: data.finalized ?? false,
    notes: data.notes?.trim() || null,
    acceptance_code: data.acceptanceCode?.trim() || null,
    comment_from: data.commentFrom ?? null,
    processing_weeks: data.processingWeeks ?? null,
  }
}
type Columns = ReturnType<typeof columnsOf>

/** Whether the stored row holds these values already (numbers and booleans as each database gives them back). */
const sameAs = (row: Record<string, any>, columns: Columns) =>
  Object.entries(columns).every(([column, value]) => {
    if (column === 'finalized') return Boolean(row[column]) === value
    if (column === 'planned_on' || column === 'responsible_id' || column === 'processing_weeks') return numberOrNull(row[column]) === value
    return (row[column] ?? null) === value
  })

export class FolderActionsService {
  private readonly knex: Knex

  private readonly rows: DocumentRows

  constructor(private readonly app: Application) {
    this.knex = app.get('knex')
    this.rows = new DocumentRows(this.knex, 'folder_actions', FOLDER_ACTION_MESSAGES.archived)
  }




  /** 400 on responsibleId when the body names someone who may not be responsible in the document's project (a row keeps the one it has). */
  private async assertResponsible(folder: Record<string, any>, columns: Columns, current?: Record<string, any>) {
    const userId = columns.responsible_id
    if (userId === null || (current && numberOrNull(current.responsible_id) === userId)) return
    if (!(await mayBeResponsible(this.app, Number(folder.account_id), Number(folder.project_id), userId))) throw validationError({ responsibleId: FOLDER_ACTION_MESSAGES.responsible })
  }

  private async present(rows: Record<string, any>[], accountId: number, now: number): Promise<FolderAction[]> {
    const person = await peopleOf(this.app, accountId, rows.flatMap((r) => [r.responsible_id, r.created_by, r.changed_by]))
    return rows.map((row) => {
      const fields = { plannedOn: numberOrNull(row.planned_on), processingWeeks: numberOrNull(row.processing_weeks), finalized: Boolean(row.finalized) }
      return {
        id: Number(row.id),
        folderId: Number(row.folder_id),
        description: row.description,
        plannedOn: fields.plannedOn,
        responsibleId: numberOrNull(row.responsible_id),
        responsible: person(row.responsible_id),
        finalized: fields.finalized,
        notes: row.notes,
        acceptanceCode: row.acceptance_code,
        commentFrom: row.comment_from,
        processingWeeks: fields.processingWeeks,
        ...schedule(fields, now),
        createdAt: row.created_at,
        createdBy: person(row.created_by),
        changedAt: row.changed_at,
        changedBy: person(row.changed_by),
      }
    })
  }

  private async shown(id: number, accountId: number) {
    const row = await this.knex('folder_actions').where({ id }).first()
    return (await this.present([row], accountId, Date.now()))[0]!
  }

  /** GET /folders/{folderId}/actions: a page of the document's plan, by planned day (rows without one last), then id. */
  async find(params: AppParams) {
    const now = Date.now()
    const folder = await this.rows.folder(params)
    const { total, limit, skip, rows } = await this.rows.page(folder, params, (query) => query.orderByRaw('case when planned_on is null then 1 else 0 end').orderBy([{ column: 'planned_on' }, { column: 'id' }]))
    return { total, limit, skip, data: await this.present(rows, Number(folder.account_id), now) }
  }

  async get(id: unknown, params: AppParams): Promise<FolderAction> {
    const now = Date.now()
    const folder = await this.rows.folder(params)
    const row = await this.rows.row(id, folder)
    return (await this.present([row], Number(folder.account_id), now))[0]!
  }

  async create(data: FolderActionData, params: AppParams): Promise<FolderAction> {
    const folder = await this.rows.changeableFolder(params)
    const columns = columnsOf(data)
    await this.assertResponsible(folder, columns)
    const caller = currentUser(params)
    const at = nowIso()
    const id = await this.knex.transaction(async (trx) => {
      const [inserted] = await trx('folder_actions').insert(
        { account_id: folder.account_id, folder_id: folder.id, project_id: folder.project_id, ...columns, created_at: at, created_by: caller.id, changed_at: at, changed_by: caller.id },
        ['id'],
      )
      await this.changed(trx, folder, caller.id, 'actionAdded', columns.description)
      return Number(typeof inserted === 'object' ? inserted.id : inserted)
    })
    // After the commit: SQLite's one connection is the transaction's until then.
    return this.shown(id, Number(folder.account_id))
  }

  /** PUT /folders/{folderId}/actions/{actionId}: the whole row; the same values change nothing. */
  async update(id: unknown, data: FolderActionData, params: AppParams): Promise<FolderAction> {
    const folder = await this.rows.changeableFolder(params)
    const row = await this.rows.row(id, folder)
    const columns = columnsOf(data)
    await this.assertResponsible(folder, columns, row)
    if (sameAs(row, columns)) params.unchanged = true
    else {
      const caller = currentUser(params)
      await this.knex.transaction(async (trx) => {
        await trx('folder_actions').where({ id: row.id }).update({ ...columns, changed_at: nowIso(), changed_by: caller.id })
        const subject = columns.description === row.description ? columns.description : `${row.description} → ${columns.description}`
        await this.changed(trx, folder, caller.id, 'actionSaved', subject)
      })
    }
    return this.shown(Number(row.id), Number(folder.account_id))
  }

  async remove(id: unknown, params: AppParams): Promise<FolderAction> {
    const folder = await this.rows.changeableFolder(params)
    const row = await this.rows.row(id, folder)
    const [shown] = await this.present([row], Number(folder.account_id), Date.now())
    await this.knex.transaction(async (trx) => {
      await trx('folder_actions').where({ id: row.id }).delete()
      await this.changed(trx, folder, currentUser(params).id, 'actionDeleted', row.description)
    })
    return shown!
  }

  /** Marks the document changed and logs the change, in the change's transaction. */
  private async changed(trx: Knex, folder: Record<string, any>, userId: number, type: FolderEventType, subject: string) {
    await trx('folders').where({ id: folder.id }).update({ changed_at: nowIso(), changed_by: userId })
    await recordFolderEvent(trx, { accountId: Number(folder.account_id), folderId: Number(folder.id), userId, type, subject })
  }
}

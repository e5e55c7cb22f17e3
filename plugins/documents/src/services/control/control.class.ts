/**
 * The control process and revisions (part1 §3-§4): the three ticks (edited, controlled,
 * approved by, each with its person and day), archiving a revision once all three are set,
 * unarchiving it, and beginning a new revision, which keeps the archived one's files under
 * it and starts with none and with no ticks; deleting an older revision with the files kept
 * with it; and the document's change log. The project scope has checked the caller's level
 * on the document's project.
 */
import type { AppParams, Application } from '@app/plugin-kit'
import { currentUser, nowIso } from '@app/plugin-kit'
import { BadRequest, Conflict, NotFound } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { type RowsDocument, routeDocument } from '../../document-rows'
import { recordFolderEvent } from '../../events'
import { deleteFiles } from '../../file-usage'
import { peopleOf } from '../../people'
import { latestRevision } from '../../revisions'
import { removeStoredFiles } from '../folder-files/folder-files.class'
import { FOLDER_FILE_MESSAGES } from '../folder-files/folder-files.schema'
import { folderFilesPath } from '../folder-files/folder-files.shared'
import { CONTROL_MESSAGES, CONTROL_ROLES, type ControlRole, type ControlTick, type FolderEvent, type Revision } from './control.schema'

/** A, B, … Z, AA, AB …: the label after `last` (a label that is not letters starts at A). */
export const nextRevision = (last: string | null): string => {
  if (!last || !/^[A-Z]+$/.test(last)) return 'A'
  const letters = [...last]
  for (let i = letters.length - 1; i >= 0; i--) {
    if (letters[i] !== 'Z') {
      letters[i] = String.fromCharCode(letters[i]!.charCodeAt(0) + 1)
      return letters.join('')
    }
    letters[i] = 'A'
  }
  return `A${letters.join('')}`
}

const roleOf = (value: unknown): ControlRole => {
  const role = String(value ?? '').toUpperCase()
  if (!(CONTROL_ROLES as readonly string[]).includes(role)) throw new BadRequest(CONTROL_MESSAGES.role, { errors: { role: CONTROL_MESSAGES.role } })
  return role as ControlRole
}

export class ControlService {
  private readonly knex: Knex

  constructor(private readonly app: Application) {
    this.knex = app.get('knex')
  }

  private async tickRows(folderId: number, trx: Knex = this.knex) {
    return trx('folder_controls').where({ folder_id: folderId }).select('role', 'user_id', 'done_on')
  }

  /** GET /folders/{folderId}/control: the ticks set, in the order edited, controlled, approved. */
  async find(params: AppParams): Promise<ControlTick[]> {
    const folder = await routeDocument(this.knex, params)
    const rows = await this.tickRows(folder.id)
    const person = await peopleOf(this.app, folder.account_id, rows.map((row: any) => row.user_id))
    return CONTROL_ROLES.flatMap((role) => {
      const row = rows.find((r: any) => r.role === role)
      return row ? [{ role, by: person(row.user_id === null ? null : Number(row.user_id)), doneOn: Number(row.done_on) }] : []
    })
  }

  private inProgress(folder: RowsDocument) {
    if (folder.state === 'ARCHIVED') throw new Conflict(CONTROL_MESSAGES.archived)
  }

  /** PUT /folders/{folderId}/control/{role} {doneOn}: the caller ticks it, on that day. */
  async tick(role: unknown, data: { doneOn: number }, params: AppParams): Promise<ControlTick[]> {
    const folder = await routeDocument(this.knex, params)
    const checked = roleOf(role)
    this.inProgress(folder)
    const caller = currentUser(params)
    await this.knex.transaction(async (trx) => {
      await trx('folder_controls').where({ folder_id: folder.id, role: checked }).delete()
      await trx('folder_controls').insert({ account_id: folder.account_id, folder_id: folder.id, role: checked, user_id: caller.id, done_on: data.doneOn })
      await recordFolderEvent(trx, { accountId: folder.account_id, folderId: folder.id, userId: caller.id, type: 'controlTicked', subject: checked })
    })
    return this.find(params)
  }

  /** DELETE /folders/{folderId}/control/{role}: the tick taken away. */
  async clear(role: unknown, params: AppParams): Promise<ControlTick[]> {
    const folder = await routeDocument(this.knex, params)
    const checked = roleOf(role)
    this.inProgress(folder)
    await this.knex.transaction(async (trx) => {
      const taken = await trx('folder_controls').where({ folder_id: folder.id, role: checked }).delete()
      if (taken) await recordFolderEvent(trx, { accountId: folder.account_id, folderId: folder.id, userId: currentUser(params).id, type: 'controlCleared', subject: checked })
    })
    return this.find(params)
  }

  /** POST /folders/{folderId}/archive {revision?}: only with all three ticks; the revision's label given, or the next. */
  async archive(data: { revision?: string }, params: AppParams) {
    const folder = await routeDocument(this.knex, params)
    if (folder.state === 'ARCHIVED') throw new Conflict(CONTROL_MESSAGES.alreadyArchived)
    const caller = currentUser(params)
    await this.knex.transaction(async (trx) => {
      const ticks = await this.tickRows(folder.id, trx)
      if (ticks.length < CONTROL_ROLES.length) throw new Conflict(CONTROL_MESSAGES.notTicked)
      // After the document's label, which names the latest revision archived even once that revision is deleted: a deleted label is not given again.
      const label = data.revision?.trim() || nextRevision(folder.revision ?? (await latestRevision(trx, folder.id))?.revision ?? null)
      if (await trx('folder_revisions').where({ folder_id: folder.id, revision: label }).first('id')) {
        throw new BadRequest(CONTROL_MESSAGES.revisionTaken, { errors: { revision: CONTROL_MESSAGES.revisionTaken } })
      }
      const controls = CONTROL_ROLES.map((role) => ticks.find((t: any) => t.role === role)).map((t: any) => ({ role: t.role, userId: t.user_id === null ? null : Number(t.user_id), doneOn: Number(t.done_on) }))
      await trx('folder_revisions').insert({ account_id: folder.account_id, folder_id: folder.id, revision: label, archived_at: nowIso(), archived_by: caller.id, controls: JSON.stringify(controls) })
      // Only a document still in progress is archived: two archives at once make one.
      const changed = await trx('folders').where({ id: folder.id, state: 'IN_PROGRESS' }).update({ state: 'ARCHIVED', revision: label, changed_at: nowIso(), changed_by: caller.id })
      if (!changed) throw new Conflict(CONTROL_MESSAGES.alreadyArchived)
      await recordFolderEvent(trx, { accountId: folder.account_id, folderId: folder.id, userId: caller.id, type: 'documentArchived', subject: label })
    })
    return this.app.service('folders').shown(folder.id, params)
  }

  /** POST /folders/{folderId}/unarchive: the archive undone, its files and ticks as they were. */
  async unarchive(params: AppParams) {
    const folder = await routeDocument(this.knex, params)
    if (folder.state !== 'ARCHIVED') throw new Conflict(CONTROL_MESSAGES.notArchivedYet)
    const caller = currentUser(params)
    await this.knex.transaction(async (trx) => {
      const latest = await latestRevision(trx, folder.id)
      if (latest) await trx('folder_revisions').where({ id: latest.id }).delete()
      const before = await latestRevision(trx, folder.id)
      const changed = await trx('folders').where({ id: folder.id, state: 'ARCHIVED' }).update({ state: 'IN_PROGRESS', revision: before?.revision ?? null, changed_at: nowIso(), changed_by: caller.id })
      if (!changed) throw new Conflict(CONTROL_MESSAGES.notArchivedYet)
      await recordFolderEvent(trx, { accountId: folder.account_id, folderId: folder.id, userId: caller.id, type: 'documentUnarchived', subject: latest?.revision ?? '' })
    })
    return this.app.service('folders').shown(folder.id, params)
  }

  /** POST /folders/{folderId}/revisions: a new revision begins; the archived one keeps its files, and the ticks start over. */
  async newRevision(params: AppParams) {
    const folder = await routeDocument(this.knex, params)
    if (folder.state !== 'ARCHIVED') throw new Conflict(CONTROL_MESSAGES.notArchived)
    const caller = currentUser(params)
    await this.knex.transaction(async (trx) => {
      const latest = await latestRevision(trx, folder.id)
      const changed = await trx('folders').where({ id: folder.id, state: 'ARCHIVED' }).update({ state: 'IN_PROGRESS', changed_at: nowIso(), changed_by: caller.id })
      if (!changed) throw new Conflict(CONTROL_MESSAGES.notArchived)
      if (latest) await trx('folder_files').where({ folder_id: folder.id }).whereNull('revision_id').update({ revision_id: latest.id })
      await trx('folder_controls').where({ folder_id: folder.id }).delete()
      await recordFolderEvent(trx, { accountId: folder.account_id, folderId: folder.id, userId: caller.id, type: 'newRevision', subject: nextRevision(latest?.revision ?? null) })
    })
    return this.app.service('folders').shown(folder.id, params)
  }

  /** GET /folders/{folderId}/revisions: the archived revisions, newest first, each with its files counted as GET …/files?revisionId= lists them. */
  async revisions(params: AppParams): Promise<Revision[]> {
    const folder = await routeDocument(this.knex, params)
    const rows = await this.knex('folder_revisions').where({ folder_id: folder.id }).orderBy('id', 'desc').select('*')
    // Each kept revision's files and, under a NULL revision_id, the files in work: one query.
    const counts = await this.knex('folder_files').where({ folder_id: folder.id }).whereNot('file_type', 'COMMENT').groupBy('revision_id').select('revision_id').count({ n: '*' })
    const countOf = new Map(counts.map((c: any) => [c.revision_id === null ? null : Number(c.revision_id), Number(c.n)]))
    const controlsOf = (row: any) => JSON.parse(row.controls) as { role: ControlRole; userId: number | null; doneOn: number }[]
    const person = await peopleOf(this.app, folder.account_id, rows.flatMap((row: any) => [row.archived_by, ...controlsOf(row).map((c) => c.userId)]))
    return rows.map((row: any, index: number) => {
      // The revision archived now holds the files in work until a new revision begins.
      const isCurrent = index === 0 && folder.state === 'ARCHIVED'
      return {
        id: Number(row.id),
        revision: row.revision,
        archivedAt: row.archived_at,
        archivedBy: person(row.archived_by === null ? null : Number(row.archived_by)),
        controls: controlsOf(row).map((c) => ({ role: c.role, by: person(c.userId), doneOn: c.doneOn })),
        fileCount: countOf.get(isCurrent ? null : Number(row.id)) ?? 0,
        current: isCurrent,
      }
    })
  }

  /**
   * DELETE /folders/{folderId}/revisions/{revisionId}: an older archived revision goes, and
   * the files kept with it. Their rows go with the revision's in one transaction, logged
   * (revisionDeleted); their bytes once it has committed (a store that fails leaves bytes
   * behind, logged, never a row without its bytes). The revision the document is archived
   * in now is not deleted (409: unarchiving undoes it, and keeps its files); a kept file
   * someone else has checked out keeps the revision (409, as for the other file
   * operations). The document's revision label stays: it names the latest revision
   * archived. Answers the revision as it was.
   */
  async deleteRevision(id: unknown, params: AppParams): Promise<Revision> {
    const folder = await routeDocument(this.knex, params)
    const revision = (await this.revisions(params)).find((r) => r.id === Number(id))
    if (!revision) throw new NotFound('No such revision of this document')
    if (revision.current) throw new Conflict(CONTROL_MESSAGES.currentRevision)
    const files = this.app.service(folderFilesPath)
    // The COMMENT files kept with it too (none is listed): nothing of the revision stays behind.
    const rows: Record<string, any>[] = await this.knex('folder_files').where({ folder_id: folder.id, revision_id: revision.id }).select('*')
    await files.assertNotLockedByOthers(rows, params, Number(folder.account_id))
    const caller = currentUser(params)
    await this.knex.transaction(async (trx) => {
      const deleted = await deleteFiles(trx, files.notLockedByOthers(trx('folder_files').where({ folder_id: folder.id, revision_id: revision.id }), params), rows)
      // Deleted by someone else meanwhile: it is gone already.
      if (!(await trx('folder_revisions').where({ id: revision.id, folder_id: folder.id }).delete())) throw new NotFound('No such revision of this document')
      if (deleted !== rows.length) throw new Conflict(FOLDER_FILE_MESSAGES.lockedMeanwhile)
      await trx('folders').where({ id: folder.id }).update({ changed_at: nowIso(), changed_by: caller.id })
      await recordFolderEvent(trx, { accountId: folder.account_id, folderId: folder.id, userId: caller.id, type: 'revisionDeleted', subject: revision.revision })
    })
    await removeStoredFiles(this.app, rows.map((row) => row.storage_key as string))
    return revision
  }

  /** GET /event/folder/{folderId}: the change log, newest first, paged. */
  async events(params: AppParams) {
    const folder = await routeDocument(this.knex, params)
    const query = (params.query ?? {}) as { $limit?: number; $skip?: number }
    const limit = query.$limit ?? 50
    const skip = query.$skip ?? 0
    const base = this.knex('folder_events').where({ folder_id: folder.id })
    const [count] = await base.clone().count({ n: '*' })
    const rows = limit > 0 ? await base.clone().orderBy('id', 'desc').limit(limit).offset(skip).select('*') : []
    const person = await peopleOf(this.app, folder.account_id, rows.map((row: any) => row.modified_by))
    const data: FolderEvent[] = rows.map((row: any) => ({
      id: Number(row.id),
      modifiedBy: person(row.modified_by === null ? null : Number(row.modified_by)),
      eventType: row.event_type,
      subject: row.subject,
      creationDate: row.created_at,
    }))
    return { total: Number(count?.n ?? 0), limit, skip, data }
  }
}

/**
 * A document's links: listed by name, read, added, changed and deleted under the document's
 * project (VIEW to read, EDIT to change: the scope has checked it and found the document in
 * the caller's account). A link of another document, or none, is 404; an archived document
 * keeps its links as they are (409). Each change is written with its change-log entry.
 */
import type { AppParams, Application } from '@app/plugin-kit'
import { currentUser, nowIso, validationError } from '@app/plugin-kit'
import { MESSAGES } from '@app/plugin-kit/shared'
import type { Knex } from 'knex'
import { DocumentRows } from '../../document-rows'
import { recordFolderEvent } from '../../events'
import { peopleOf } from '../../people'
import type { FolderEventType } from '../control/control.schema'
import { FOLDER_URL_MESSAGES, type FolderUrl, type FolderUrlData } from './folder-urls.schema'


/** Whether the address is a web address a browser opens as a page (the schema's pattern has let it through). */
export const isWebUrl = (value: string) => {
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
  } catch {
    return false
  }
}

/** A body's fields as stored: the name trimmed (a blank one is no name), the address checked again by a URL parser. */
const cleaned = (data: FolderUrlData) => {
  const description = data.description.trim()
  const url = data.url.trim()
  const errors: Record<string, string> = {}
  if (!description) errors.description = MESSAGES.required
  if (!isWebUrl(url)) errors.url = FOLDER_URL_MESSAGES.url
  if (Object.keys(errors).length) throw validationError(errors)
  return { description, url }
}

export class FolderUrlsService {
  private readonly knex: Knex

  private readonly rows: DocumentRows

  constructor(private readonly app: Application) {
    this.knex = app.get('knex')
    this.rows = new DocumentRows(this.knex, 'folder_urls', FOLDER_URL_MESSAGES.archived)
  }




  private async present(rows: Record<string, any>[], accountId: number): Promise<FolderUrl[]> {
    const person = await peopleOf(this.app, accountId, rows.map((r) => r.created_by))
    return rows.map((row) => ({
      id: Number(row.id),
      folderId: Number(row.folder_id),
      description: row.description,
      url: row.url,
      createdAt: row.created_at,
      createdBy: person(row.created_by),
    }))
  }

  private async shown(id: number, accountId: number) {
    const row = await this.knex('folder_urls').where({ id }).first()
    return (await this.present([row], accountId))[0]!
  }

  /** GET /folders/{folderId}/urls: a page of the document's links, by name. */
  async find(params: AppParams) {
    const folder = await this.rows.folder(params)
    const { total, limit, skip, rows } = await this.rows.page(folder, params, (query) => query.orderBy([{ column: 'description' }, { column: 'id' }]))
    return { total, limit, skip, data: await this.present(rows, Number(folder.account_id)) }
  }

  async get(id: unknown, params: AppParams): Promise<FolderUrl> {
    const folder = await this.rows.folder(params)
    const row = await this.rows.row(id, folder)
    return (await this.present([row], Number(folder.account_id)))[0]!
  }

  async create(data: FolderUrlData, params: AppParams): Promise<FolderUrl> {
    const folder = await this.rows.changeableFolder(params)
    const fields = cleaned(data)
    const caller = currentUser(params)
    const id = await this.knex.transaction(async (trx) => {
      const [inserted] = await trx('folder_urls').insert(
        { account_id: folder.account_id, folder_id: folder.id, project_id: folder.project_id, ...fields, created_at: nowIso(), created_by: caller.id },
        ['id'],
      )
      await this.changed(trx, folder, caller.id, 'urlAdded', fields.description)
      return Number(typeof inserted === 'object' ? inserted.id : inserted)
    })
    // After the commit: SQLite's one connection is the transaction's until then.
    return this.shown(id, Number(folder.account_id))
  }

  /** PUT /folders/{folderId}/urls/{folderUrlId}: the name and address; the same ones change nothing. */
  async update(id: unknown, data: FolderUrlData, params: AppParams): Promise<FolderUrl> {
    const folder = await this.rows.changeableFolder(params)
    const row = await this.rows.row(id, folder)
    const fields = cleaned(data)
    if (fields.description === row.description && fields.url === row.url) params.unchanged = true
    else
      await this.knex.transaction(async (trx) => {
        await trx('folder_urls').where({ id: row.id }).update(fields)
        const subject = fields.description === row.description ? fields.description : `${row.description} → ${fields.description}`
        await this.changed(trx, folder, currentUser(params).id, 'urlSaved', subject)
      })
    return this.shown(Number(row.id), Number(folder.account_id))
  }

  async remove(id: unknown, params: AppParams): Promise<FolderUrl> {
    const folder = await this.rows.changeableFolder(params)
    const row = await this.rows.row(id, folder)
    const [shown] = await this.present([row], Number(folder.account_id))
    await this.knex.transaction(async (trx) => {
      await trx('folder_urls').where({ id: row.id }).delete()
      await this.changed(trx, folder, currentUser(params).id, 'urlDeleted', row.description)
    })
    return shown!
  }

  /** Marks the document changed and logs the change, in the change's transaction. */
  private async changed(trx: Knex, folder: Record<string, any>, userId: number, type: FolderEventType, subject: string) {
    await trx('folders').where({ id: folder.id }).update({ changed_at: nowIso(), changed_by: userId })
    await recordFolderEvent(trx, { accountId: Number(folder.account_id), folderId: Number(folder.id), userId, type, subject })
  }
}

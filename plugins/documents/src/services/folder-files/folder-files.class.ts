/**
 * A document's files: listed by name (COMMENT files are not), uploaded whole with a
 * multipart form, or registered once a chunked upload of the caller's into this document
 * has completed; deleted (one, several, all) and renamed. An archived document takes no new
 * file, and keeps its files as they are.
 */
import type { AppParams, Application } from '@app/plugin-kit'
import { claimUpload, currentUser, fileNameProblem, nowIso, routeId, validationError } from '@app/plugin-kit'
import { Conflict, NotFound } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { recordFolderEvent } from '../../events'
import { UPLOAD_MESSAGES } from '../uploads/uploads.schema'
import { keyOfSymbol } from '../uploads/uploads.class'
import { FOLDER_FILE_MESSAGES, type FolderFile, type FolderFileRegister, type FolderFileRename } from './folder-files.schema'

const invalid = (field: string, message: string) => validationError({ [field]: message }, message)

export class FolderFilesService {
  private readonly knex: Knex

  constructor(private readonly app: Application) {
    this.knex = app.get('knex')
  }

  /** The document the path names, in the caller's account (the project scope has found it there). */
  private async folder(params: AppParams) {
    const folder = await this.knex('folders').where({ id: routeId(params, 'folderId'), account_id: currentUser(params).accountId }).first('id', 'project_id', 'account_id', 'state')
    if (!folder) throw new NotFound('No such document')
    return folder
  }

  private async openFolder(params: AppParams) {
    const folder = await this.folder(params)
    if (folder.state === 'ARCHIVED') throw new Conflict(UPLOAD_MESSAGES.archived)
    return folder
  }

  async present(rows: Record<string, any>[], accountId: number): Promise<FolderFile[]> {
    const creators = [...new Set(rows.map((r) => r.created_by).filter((id) => id !== null).map(Number))]
    const members = creators.length ? await this.app.get('core').membersById(accountId, creators) : new Map()
    return rows.map((row) => {
      const creator = row.created_by === null ? undefined : members.get(Number(row.created_by))
      return {
        id: Number(row.id),
        folderId: Number(row.folder_id),
        name: row.name,
        mime: row.mime,
        size: Number(row.size),
        fileType: row.file_type,
        locked: Boolean(row.locked),
        uploadDate: row.created_at,
        creator: creator ? { id: creator.userId, firstName: creator.firstName, lastName: creator.lastName } : null,
      }
    })
  }

  /** The document's files of the revision in work: COMMENT files and those kept with an archived revision are not listed. */
  private listed(folderId: number) {
    return this.knex('folder_files').where({ folder_id: folderId }).whereNot('file_type', 'COMMENT').whereNull('revision_id')
  }

  async find(params: AppParams) {
    const folder = await this.folder(params)
    const query = (params.query ?? {}) as { $limit?: number; $skip?: number }
    const limit = query.$limit ?? 50
    const skip = query.$skip ?? 0
    const base = this.listed(folder.id)
    const [count] = await base.clone().count({ total: '*' })
    const total = Number(count?.total ?? 0)
    const rows = limit > 0 && skip < total ? await base.clone().orderBy([{ column: 'name' }, { column: 'id' }]).limit(limit).offset(skip).select('*') : []
    return { total, limit, skip, data: await this.present(rows, Number(folder.account_id)) }
  }

  /** POST /folders/{folderId}/files (multipart, field `file`; query type, ATTACHMENT unless said). */
  async create(_data: unknown, params: AppParams) {
    const folder = await this.openFolder(params)
    const file = claimUpload(params)
    // The form's file name is cut to its last part already; ".." or a drive letter is still no name (a failed call removes the file again).
    const problem = fileNameProblem(file.filename)
    if (problem) throw invalid('file', problem)
    const type = (params.query as { type?: string } | undefined)?.type ?? 'ATTACHMENT'
    return this.shown(await this.insert(folder, { name: file.filename, key: file.key, mime: file.mimeType, size: file.size, type }, params), folder)
  }

  /** POST /folders/{folderId}/files/register: the caller's completed upload into this document becomes its file. */
  async register(data: FolderFileRegister, params: AppParams) {
    const folder = await this.openFolder(params)
    const caller = currentUser(params)
    const key = keyOfSymbol(data.symbol)
    const upload = key && (await this.knex('uploads').where({ storage_key: key, folder_id: folder.id, user_id: caller.id, state: 'COMPLETED' }).first())
    if (!upload) throw invalid('symbol', FOLDER_FILE_MESSAGES.noUpload)
    if (Number(upload.size) !== data.size) throw invalid('size', FOLDER_FILE_MESSAGES.sizeMismatch)
    const problem = fileNameProblem(data.fileName)
    if (problem) throw invalid('fileName', problem)
    // The type sniffed from the stored bytes, not the one the browser names.
    const file = { name: data.fileName.trim(), key, mime: upload.mime, size: Number(upload.size), type: data.type ?? 'ATTACHMENT' }
    const id = await this.knex.transaction(async (trx) => {
      // One registration per upload, even if two arrive at once: the second finds no row to take.
      const taken = await trx('uploads').where({ id: upload.id, state: 'COMPLETED' }).delete()
      if (!taken) throw invalid('symbol', FOLDER_FILE_MESSAGES.noUpload)
      return this.insert(folder, file, params, trx)
    })
    // After the commit: SQLite's one connection is the transaction's until then.
    return this.shown(id, folder)
  }

  /** The document the path names, refusing an archived one's files to change. */
  private async changeableFolder(params: AppParams) {
    const folder = await this.folder(params)
    if (folder.state === 'ARCHIVED') throw new Conflict(FOLDER_FILE_MESSAGES.archived)
    return folder
  }

  /**
   * DELETE /folders/{folderId}/files/{id}, …/files?filesIds=… or …/files/clear: the rows go
   * in one statement, then their stored bytes (a store that fails leaves bytes behind,
   * never a row without its bytes).
   */
  async remove(id: unknown, params: AppParams): Promise<FolderFile[]> {
    const folder = await this.changeableFolder(params)
    const listed = this.listed(folder.id)
    if (id !== 'clear') {
      const asked = id !== null && id !== undefined ? [id] : [(params.query as { filesIds?: number | number[] } | undefined)?.filesIds ?? []].flat()
      const ids = asked.map(Number)
      if (!ids.length || ids.some((n) => !Number.isInteger(n) || n < 1)) throw invalid('filesIds', FOLDER_FILE_MESSAGES.notFiles)
      listed.whereIn('id', ids)
      const found = await listed.clone().count({ n: '*' })
      // Every id must be this document's: one that is not changes nothing.
      if (Number(found[0]?.n ?? 0) !== ids.length) {
        if (id !== null && id !== undefined) throw new NotFound('No such file in this document')
        throw invalid('filesIds', FOLDER_FILE_MESSAGES.notFiles)
      }
    }
    const rows = await listed.clone().select('*')
    if (!rows.length) return []
    const shown = await this.present(rows, Number(folder.account_id))
    await this.knex.transaction(async (trx) => {
      await trx('folder_files').whereIn('id', rows.map((row: any) => row.id)).delete()
      await trx('folders').where({ id: folder.id }).update({ changed_at: nowIso(), changed_by: currentUser(params).id })
      const names = rows.map((row: any) => row.name as string).join(', ')
      await recordFolderEvent(trx, { accountId: Number(folder.account_id), folderId: Number(folder.id), userId: currentUser(params).id, type: 'filesDeleted', subject: names })
    })
    const storage = this.app.get('storage')
    for (const row of rows) {
      await storage.remove(row.storage_key).catch((error: unknown) => this.app.get('logger').warn({ err: error, key: row.storage_key }, 'A deleted file stays in the store'))
    }
    return shown
  }

  /** PUT /folders/{folderId}/files/{folderFileId}/rename: a new name, checked as an upload's is; the same name changes nothing. */
  async rename(data: FolderFileRename, params: AppParams): Promise<FolderFile> {
    const folder = await this.changeableFolder(params)
    const row = await this.listed(folder.id).where({ id: routeId(params, 'folderFileId') }).first()
    if (!row) throw new NotFound('No such file in this document')
    const name = data.name.trim()
    const problem = fileNameProblem(name)
    if (problem) throw invalid('name', problem)
    if (name !== row.name) {
      await this.knex.transaction(async (trx) => {
        await trx('folder_files').where({ id: row.id }).update({ name })
        await trx('folders').where({ id: folder.id }).update({ changed_at: nowIso(), changed_by: currentUser(params).id })
        await recordFolderEvent(trx, { accountId: Number(folder.account_id), folderId: Number(folder.id), userId: currentUser(params).id, type: 'fileRenamed', subject: `${row.name} → ${name}` })
      })
    }
    return this.shown(Number(row.id), folder)
  }

  private async shown(id: number, folder: Record<string, any>) {
    const row = await this.knex('folder_files').where({ id }).first()
    return (await this.present([row], Number(folder.account_id)))[0]!
  }

  /** Inserts the file's row and marks the document changed; answers the row's id. */
  private async insert(folder: Record<string, any>, file: { name: string; key: string; mime: string; size: number; type: string }, params: AppParams, trx: Knex = this.knex) {
    const caller = currentUser(params)
    const [inserted] = await trx('folder_files').insert(
      {
        account_id: folder.account_id,
        project_id: folder.project_id,
        folder_id: folder.id,
        name: file.name,
        storage_key: file.key,
        mime: file.mime,
        size: file.size,
        file_type: file.type,
        created_at: nowIso(),
        created_by: caller.id,
      },
      ['id'],
    )
    await trx('folders').where({ id: folder.id }).update({ changed_at: nowIso(), changed_by: caller.id })
    await recordFolderEvent(trx, { accountId: Number(folder.account_id), folderId: Number(folder.id), userId: caller.id, type: 'fileAdded', subject: file.name })
    return Number(typeof inserted === 'object' ? inserted.id : inserted)
  }
}

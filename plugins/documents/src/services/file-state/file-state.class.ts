/**
 * A file's place and conversion. The project scope has found the file in the caller's
 * account and checked their level on its project (EDIT for each call here); the file is
 * then read within that account, so another account's file is the same 404 as a missing one.
 */
import type { AppParams, Application } from '@app/plugin-kit'
import { currentUser, nowIso, routeId, validationError } from '@app/plugin-kit'
import { Conflict, NotFound } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { recordFolderEvent } from '../../events'
import type { FolderFile } from '../folder-files/folder-files.schema'
import { folderFilesPath } from '../folder-files/folder-files.shared'
import { type ConversionCompleted, type ConversionStarted, FILE_STATE_MESSAGES, type GeolocationData } from './file-state.schema'

const notFound = (id: unknown) => new NotFound(`No record found for id '${String(id)}'`)

/** Stored coordinates as numbers (MariaDB's doubles come back as numbers, SQLite's reals too; null stays null). */
const num = (value: unknown) => (value === null || value === undefined ? null : Number(value))

export class FileStateService {
  private readonly knex: Knex

  constructor(private readonly app: Application) {
    this.knex = app.get('knex')
  }

  /** The file, in the caller's account, or 404. */
  private async file(id: number, params: AppParams) {
    const row = await this.knex('folder_files').where({ id, account_id: currentUser(params).accountId }).first()
    if (!row) throw notFound(id)
    return row
  }

  private async shown(id: number, params: AppParams): Promise<FolderFile> {
    const row = await this.knex('folder_files').where({ id }).first()
    return (await this.app.service(folderFilesPath).present([row], currentUser(params).accountId))[0]!
  }

  /**
   * PATCH /files/{fileId}/geolocation: where the file was taken, or (both null) nowhere. A
   * file of an archived document, or kept with an archived revision, keeps its place (409);
   * the same place changes nothing.
   */
  async geolocation(data: GeolocationData, params: AppParams): Promise<FolderFile> {
    const row = await this.file(routeId(params, 'fileId'), params)
    const { latitude, longitude } = data
    if ((latitude === null) !== (longitude === null))
      throw validationError({ [latitude === null ? 'latitude' : 'longitude']: FILE_STATE_MESSAGES.bothOrNeither }, FILE_STATE_MESSAGES.bothOrNeither)
    const folder = await this.knex('folders').where({ id: row.folder_id, account_id: row.account_id }).first('id', 'account_id', 'state')
    if (!folder) throw notFound(row.id)
    if (folder.state === 'ARCHIVED' || row.revision_id !== null) throw new Conflict(FILE_STATE_MESSAGES.archived)
    if (num(row.latitude) === latitude && num(row.longitude) === longitude) params.unchanged = true
    else {
      const caller = currentUser(params)
      const subject = latitude === null ? `${row.name}: none` : `${row.name}: ${latitude}, ${longitude}`
      await this.knex.transaction(async (trx) => {
        await trx('folder_files').where({ id: row.id }).update({ latitude, longitude })
        await trx('folders').where({ id: folder.id }).update({ changed_at: nowIso(), changed_by: caller.id })
        await recordFolderEvent(trx, { accountId: Number(folder.account_id), folderId: Number(folder.id), userId: caller.id, type: 'fileGeolocationSet', subject })
      })
    }
    return this.shown(Number(row.id), params)
  }

  /**
   * POST /files/conversion-started: the file's conversion began (again): STARTED, and the
   * location of any earlier conversion goes, being replaced. Not in the document's change
   * log: a conversion changes no file, only how the viewers open it.
   */
  async conversionStarted(data: ConversionStarted, params: AppParams): Promise<FolderFile> {
    const row = await this.file(data.fileId, params)
    await this.knex('folder_files').where({ id: row.id }).update({ conversion: 'STARTED', converted_location: null })
    return this.shown(Number(row.id), params)
  }

  /** POST /files/conversion-completed: COMPLETED with where the converted form is (a conversion that never said it started completes too). */
  async conversionCompleted(data: ConversionCompleted, params: AppParams): Promise<FolderFile> {
    const row = await this.file(data.fileId, params)
    await this.knex('folder_files').where({ id: row.id }).update({ conversion: 'COMPLETED', converted_location: data.convertedLocation })
    return this.shown(Number(row.id), params)
  }
}

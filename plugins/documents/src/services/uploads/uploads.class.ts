/**
 * The chunked upload protocol (spec part1 §4, §7) over the kit's storage: start an upload
 * into a document, an address per part (S3's presigned; the API's own, signed, for the
 * local store), a confirmation per part the browser sent to S3, complete, abort. The API
 * keeps each upload's confirmed parts: a resume asks for them, a complete is checked
 * against them (a store need not check ETags itself), and an upload untouched for a day is
 * aborted from them. A completed upload is registered in its document as a file
 * (folder-files); one never registered goes after a day too.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { AppParams, Application, Storage } from '@app/plugin-kit'
import { MAX_PARTS, currentUser, fileNameProblem, newStorageKey, nowIso, sniffStored, validationError } from '@app/plugin-kit'
import { Conflict, Forbidden, NotFound, Unavailable } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { routeDocument } from '../../document-rows'
import { STORE_RETRY_AFTER_SECONDS, type Upload, type UploadComplete, type UploadStart, UPLOAD_MESSAGES } from './uploads.schema'

/** How long a part address works: long enough to start sending 200 MB on a slow line. */
const ADDRESS_SECONDS = 15 * 60
/** Uploads one person may have open at once (the panel sends 4): more is someone filling the store. */
export const MAX_OPEN_UPLOADS = 50

/** An upload with no part, complete or start for this long is abandoned. */
export const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000

const invalid = (field: string, message: string) => validationError({ [field]: message }, message)
const partMessage = (message: string, partNo: number) => message.replace('{partNo}', String(partNo))

export type UploadRow = Record<string, any>

export class UploadsService {
  private readonly knex: Knex

  constructor(private readonly app: Application) {
    this.knex = app.get('knex')
  }

  private get storage(): Storage {
    return this.app.get('storage')
  }

  private partCount(size: number, partSize: number) {
    return Math.max(1, Math.ceil(size / partSize))
  }

  /** The upload the path names (the project scope found it in the caller's account), the caller's own. */
  async ownUpload(params: AppParams, state?: 'OPEN' | 'COMPLETED'): Promise<UploadRow> {
    const row = await this.knex('uploads').where({ id: Number(params.route?.uploadId), account_id: currentUser(params).accountId }).first()
    // One being discarded is gone for its starter: the sweep finishes what the store refused.
    if (!row || row.state === 'ABORTING' || row.state === 'REMOVING') throw new NotFound('No such upload')
    if (Number(row.user_id) !== currentUser(params).id) throw new Forbidden(UPLOAD_MESSAGES.notYours)
    if (state === 'OPEN' && row.state !== 'OPEN') throw new Conflict(UPLOAD_MESSAGES.finished)
    if (state === 'COMPLETED' && row.state !== 'COMPLETED') throw new Conflict(UPLOAD_MESSAGES.notFinished)
    return row
  }

  /** The upload as the API answers it, with its confirmed parts (read with it unless given). */
  async present(row: UploadRow, given?: { part_no: number; etag: string; size: number }[]): Promise<Upload> {
    const parts: { part_no: number; etag: string; size: number }[] = given ?? (await this.knex('upload_parts').where({ upload_id: row.id }).orderBy('part_no').select('part_no', 'etag', 'size'))
    const size = Number(row.size)
    const partSize = Number(row.part_size)
    return {
      uploadId: Number(row.id),
      key: row.storage_key,
      url: `/api/uploads/${row.id}`,
      symbol: symbolOf(row.storage_key),
      mime: row.mime,
      fileName: row.file_name,
      fingerprint: row.fingerprint ?? null,
      size,
      partSize,
      partCount: this.partCount(size, partSize),
      state: row.state,
      parts: parts.map((p: any) => ({ partNo: Number(p.part_no), etag: p.etag, size: Number(p.size) })),
    }
  }

  /**
   * The caller's unfinished uploads into the document, newest first: open ones, and completed
   * ones whose registration never came (at most the open-upload limit, so never many).
   */
  async openUploads(folderId: number, params: AppParams): Promise<Upload[]> {
    const caller = currentUser(params)
    const rows = await this.knex('uploads').where({ account_id: caller.accountId, user_id: caller.id, folder_id: folderId }).whereIn('state', ['OPEN', 'COMPLETED']).orderBy('id', 'desc')
    // Their parts in one read, not one per upload.
    const parts = rows.length ? await this.knex('upload_parts').whereIn('upload_id', rows.map((row: UploadRow) => row.id)).orderBy('part_no').select('upload_id', 'part_no', 'etag', 'size') : []
    return Promise.all(rows.map((row: UploadRow) => this.present(row, parts.filter((part: any) => Number(part.upload_id) === Number(row.id)))))
  }

  /** Starts an upload into the document the path names (EDIT on its project, checked by the scope). */
  async start(data: UploadStart, params: AppParams): Promise<Upload> {
    const caller = currentUser(params)
    const folder = await routeDocument(this.knex, params)
    if (folder.state === 'ARCHIVED') throw new Conflict(UPLOAD_MESSAGES.archived)
    const problem = fileNameProblem(data.fileName)
    if (problem) throw invalid('fileName', problem)
    const { fileMaxBytes, uploadPartBytes } = this.app.get('config')
    if (data.size > fileMaxBytes || this.partCount(data.size, uploadPartBytes) > MAX_PARTS) throw invalid('size', UPLOAD_MESSAGES.tooLarge)
    const [open] = await this.knex('uploads').where({ user_id: caller.id, state: 'OPEN' }).count({ n: '*' })
    if (Number(open?.n ?? 0) >= MAX_OPEN_UPLOADS) throw new Conflict(UPLOAD_MESSAGES.tooMany)
    const key = newStorageKey('documents')
    const mime = 'application/octet-stream'
    const { uploadId: storeUploadId } = await this.storage.multipart.start(key, mime, uploadPartBytes)
    const now = Date.now()
    const [inserted] = await this.knex('uploads').insert(
      {
        account_id: caller.accountId,
        project_id: folder.project_id,
        folder_id: folder.id,
        user_id: caller.id,
        storage_key: key,
        store_upload_id: storeUploadId,
        file_name: data.fileName.trim(),
        fingerprint: data.fingerprint ?? null,
        mime,
        size: data.size,
        part_size: uploadPartBytes,
        created_at: nowIso(),
        touched_at: now,
      },
      ['id'],
    )
    const id = Number(typeof inserted === 'object' ? inserted.id : inserted)
    return this.present(await this.knex('uploads').where({ id }).first())
  }

  /** An address to PUT one part to, and whether the browser confirms the part afterwards. */
  async partAddress(partNo: number, params: AppParams) {
    const row = await this.ownUpload(params, 'OPEN')
    if (partNo > this.partCount(Number(row.size), Number(row.part_size))) throw invalid('partNo', UPLOAD_MESSAGES.partRange)
    const expiresAt = Date.now() + ADDRESS_SECONDS * 1000
    const parts = this.storage.multipart.parts
    if ('presign' in parts)
      return { partNo, url: await parts.presign(row.storage_key, row.store_upload_id, partNo, ADDRESS_SECONDS, this.expectedPartSize(row, partNo)), expiresAt, confirm: true }
    const expires = Math.floor(expiresAt / 1000)
    const signature = this.signature(Number(row.id), partNo, expires)
    return { partNo, url: `/api/upload-parts/${row.id}/${partNo}?expires=${expires}&signature=${signature}`, expiresAt: expires * 1000, confirm: false }
  }

  /** The API's signature of a local part address: only the API makes one, for one part of one upload, until it expires. */
  signature(uploadId: number, partNo: number, expires: number) {
    return createHmac('sha256', this.app.get('config').jwtSecret).update(`upload-part\n${uploadId}\n${partNo}\n${expires}`).digest('base64url')
  }

  /** The upload a signed local part address names, or 403 when the address is not the API's, or has expired. */
  async signedUpload(uploadId: number, partNo: number, query: Record<string, unknown>) {
    const expires = Number(query.expires)
    const given = Buffer.from(String(query.signature ?? ''))
    const expected = Buffer.from(this.signature(uploadId, partNo, expires))
    const valid = Number.isSafeInteger(expires) && given.length === expected.length && timingSafeEqual(given, expected) && expires * 1000 > Date.now()
    if (!valid) throw new Forbidden(UPLOAD_MESSAGES.linkExpired)
    const row = await this.knex('uploads').where({ id: uploadId }).first()
    if (!row) throw new NotFound('No such upload')
    if (row.state !== 'OPEN') throw new Conflict(UPLOAD_MESSAGES.finished)
    if (partNo > this.partCount(Number(row.size), Number(row.part_size))) throw invalid('partNo', UPLOAD_MESSAGES.partRange)
    return row
  }

  /** A part as received or confirmed: every part but the last holds the part size, the last the rest. */
  expectedPartSize(row: UploadRow, partNo: number) {
    const size = Number(row.size)
    const partSize = Number(row.part_size)
    const count = this.partCount(size, partSize)
    return partNo < count ? partSize : size - partSize * (count - 1)
  }

  /** Forgets a part about to be sent again: until it has arrived, a resume sends it and a complete refuses without it. */
  async forgetPart(row: UploadRow, partNo: number) {
    await this.knex('upload_parts').where({ upload_id: row.id, part_no: partNo }).delete()
  }

  /** Keeps the part's ETag and size as confirmed (a part sent again replaces the first). */
  async recordPart(row: UploadRow, partNo: number, etag: string, size: number) {
    await this.knex('upload_parts').insert({ upload_id: row.id, part_no: partNo, etag, size }).onConflict(['upload_id', 'part_no']).merge(['etag', 'size'])
    await this.knex('uploads').where({ id: row.id }).update({ touched_at: Date.now() })
  }

  /** PUT /uploads/{uploadId}/parts/{partNo}: a part the browser sent to the store. */
  async confirmPart(partNo: number, data: { etag: string; size: number }, params: AppParams) {
    const row = await this.ownUpload(params, 'OPEN')
    if (partNo > this.partCount(Number(row.size), Number(row.part_size))) throw invalid('partNo', UPLOAD_MESSAGES.partRange)
    if (data.size !== this.expectedPartSize(row, partNo)) throw invalid('size', UPLOAD_MESSAGES.partSize)
    await this.recordPart(row, partNo, data.etag, data.size)
    return this.present(await this.knex('uploads').where({ id: row.id }).first())
  }

  /**
   * Completes the upload: every part, in order, as confirmed (ETag and size), then the
   * store's own complete; a file of another size than announced, or over the limit, is
   * removed again. The file's type is sniffed from its first bytes.
   */
  async complete(data: UploadComplete, params: AppParams): Promise<Upload> {
    const row = await this.ownUpload(params, 'OPEN')
    const count = this.partCount(Number(row.size), Number(row.part_size))
    const confirmed = new Map<number, { etag: string; size: number }>(
      (await this.knex('upload_parts').where({ upload_id: row.id }).select('part_no', 'etag', 'size')).map((p: any) => [Number(p.part_no), { etag: p.etag, size: Number(p.size) }]),
    )
    if (data.parts.length !== count) throw invalid('parts', partMessage(UPLOAD_MESSAGES.partMissing, Math.min(data.parts.length + 1, count)))
    data.parts.forEach((part, i) => {
      if (part.partNo !== i + 1) throw invalid('parts', partMessage(UPLOAD_MESSAGES.partMissing, i + 1))
      const kept = confirmed.get(part.partNo)
      if (!kept) throw invalid('parts', partMessage(UPLOAD_MESSAGES.partMissing, part.partNo))
      if (kept.etag.replace(/"/g, '') !== part.partETag.replace(/"/g, '') || kept.size !== this.expectedPartSize(row, part.partNo))
        throw invalid('parts', partMessage(UPLOAD_MESSAGES.partMismatch, part.partNo))
    })
    // One complete at a time, and none once an abort took the row: the one that moves it on goes ahead.
    if (!(await this.knex('uploads').where({ id: row.id, state: 'OPEN' }).update({ state: 'COMPLETING', touched_at: Date.now() })))
      throw new Conflict(UPLOAD_MESSAGES.finished)
    const key = row.storage_key
    let size: number
    try {
      ;({ size } = await this.storage.multipart.complete(key, row.store_upload_id, data.parts.map((p) => ({ partNo: p.partNo, etag: p.partETag }))))
    } catch (error) {
      // The store refused (a part it holds otherwise): the upload stays open for a right list.
      await this.knex('uploads').where({ id: row.id, state: 'COMPLETING' }).update({ state: 'OPEN' })
      throw error
    }
    if (size !== Number(row.size)) {
      // The parts were confirmed by the browser: a store that holds something else keeps nothing of it.
      await this.storage.remove(key)
      await this.knex('uploads').where({ id: row.id }).delete()
      throw invalid('parts', UPLOAD_MESSAGES.sizeMismatch)
    }
    // The file is whole in the store from here: a type that cannot be read is no reason to lose it.
    const mime = await sniffStored(this.storage, key).catch(() => 'application/octet-stream')
    await this.knex('uploads').where({ id: row.id }).update({ state: 'COMPLETED', mime, touched_at: Date.now() })
    await this.knex('upload_parts').where({ upload_id: row.id }).delete()
    return this.present(await this.knex('uploads').where({ id: row.id }).first())
  }

  /** GET /uploads/{uploadId}: the upload and its confirmed parts (a resume sends only the others). */
  async find(params: AppParams) {
    return this.present(await this.ownUpload(params))
  }

  /** DELETE /uploads/{uploadId}: aborts an open upload, or drops a completed one never registered; the store keeps nothing of it. */
  async remove(_id: unknown, params: AppParams) {
    const row = await this.ownUpload(params)
    if (row.state === 'COMPLETING') throw new Conflict(UPLOAD_MESSAGES.finished)
    const shown = await this.present(row)
    await this.discard(row)
    return shown
  }

  /**
   * The row is taken first, and only as it was read: an upload a register or complete took
   * meanwhile is theirs, and its bytes stay. It is marked as leaving (ABORTING its parts, or
   * REMOVING a completed file nobody registered), then the store lets go, then the row goes:
   * a store that fails leaves the mark, and the hourly sweep tries again, so no bytes are
   * left behind without a row that names them. Both store calls take a second go.
   */
  private async discard(row: UploadRow) {
    const leaving = row.state === 'OPEN' || row.state === 'ABORTING' ? 'ABORTING' : 'REMOVING'
    if (!(await this.knex('uploads').where({ id: row.id, state: row.state }).update({ state: leaving }))) throw new Conflict(UPLOAD_MESSAGES.finished)
    // A store that cannot let go now is an outage, not a bug: 503, and the row stays marked for the sweep.
    await (leaving === 'ABORTING' ? this.storage.multipart.abort(row.storage_key, row.store_upload_id) : this.storage.remove(row.storage_key)).catch((cause: unknown) => {
      throw new Unavailable(UPLOAD_MESSAGES.storeUnavailable, { retryAfter: STORE_RETRY_AFTER_SECONDS, cause })
    })
    await this.knex('uploads').where({ id: row.id, state: leaving }).delete()
  }

  /**
   * Discards every upload into a document about to be deleted. One that cannot go now (the
   * store refused, or a complete or register took it meanwhile) keeps the document: its
   * row would go with the document's, and neither the sweep nor its starter could find its
   * bytes again. The others go; the first failure is thrown once they have.
   */
  async discardInto(folderId: number) {
    const failures: unknown[] = []
    for (const row of await this.knex('uploads').where({ folder_id: folderId }).select('*')) await this.discard(row).catch((error: unknown) => failures.push(error))
    if (failures.length) throw failures[0]
  }

  /**
   * Aborts every upload untouched for ABANDONED_AFTER_MS, and any started more than a week
   * ago whatever its touches: parts, or a completed file nobody registered. One that cannot
   * be discarded now (the store unreachable) is logged and tried again next time. Answers how many went.
   */
  async sweepAbandoned(now = Date.now()) {
    const stale = await this.knex('uploads')
      .where('touched_at', '<', now - ABANDONED_AFTER_MS)
      .orWhere('created_at', '<', new Date(now - 7 * ABANDONED_AFTER_MS).toISOString())
      // Discards the store failed: tried again whatever their age.
      .orWhereIn('state', ['ABORTING', 'REMOVING'])
      .select('*')
    let swept = 0
    for (const row of stale)
      await this.discard(row).then(
        () => swept++,
        (error) => this.app.get('logger').warn({ err: error, uploadId: row.id }, 'An abandoned upload could not be discarded; the next sweep tries again'),
      )
    return swept
  }
}

/** A completed upload's handle: the random part of its storage key. */
export const symbolOf = (key: string) => key.slice(key.indexOf('/') + 1)
export const keyOfSymbol = (symbol: string) => (/^[0-9a-f-]{36}$/.test(symbol) ? `documents/${symbol}` : undefined)

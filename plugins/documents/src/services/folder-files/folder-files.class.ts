/**
 * A document's files: listed by name (COMMENT files are not), those of the revision in work
 * or, asked for, those kept with one of its archived revisions; uploaded whole with a
 * multipart form, or registered once a chunked upload of the caller's into this document
 * has completed; deleted (one, several, all) and renamed. An archived document takes no new
 * file, and keeps its files as they are; the files kept with an archived revision are only
 * read (and checked in), and go with their revision.
 */
import { Readable } from 'node:stream'
import type { AppParams, Application, AuthUser } from '@app/plugin-kit'
import { PayloadTooLarge, accessRank, claimUpload, currentUser, fileNameProblem, newStorageKey, nowIso, routeId, validationError } from '@app/plugin-kit'
import { Conflict, Forbidden, NotFound } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { routeDocument } from '../../document-rows'
import { recordFolderEvent } from '../../events'
import { deleteFiles, insertFiles } from '../../file-usage'
import { peopleOf } from '../../people'
import { currentRevisionId, keptFiles } from '../../revisions'
import { fileNameKey, writeFileWords } from '../../words'
import type { FolderEventType } from '../control/control.schema'
import { UPLOAD_MESSAGES } from '../uploads/uploads.schema'
import { keyOfSymbol } from '../uploads/uploads.class'
import {
  type ConversionState,
  FOLDER_FILE_MESSAGES,
  type FolderFile,
  type FolderFileCopy,
  type FolderFileRegister,
  type FolderFileRename,
  lockedByOthersMessage,
  MERGE_FILES_MAX,
  notMergeableMessage,
} from './folder-files.schema'

const invalid = (field: string, message: string) => validationError({ [field]: message }, message)

/** The longest file name (the column's). */
const NAME_MAX = 255

/** "stem (word).ext", "stem (word 2).ext" …: the first that no file of `taken` (lower-cased names) has, the stem shortened so the name fits. */
const numberedName = (stem: string, extension: string, word: string, taken: ReadonlySet<string>) => {
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? ` (${word})` : ` (${word} ${n})`
    const candidate = `${stem.slice(0, Math.max(1, NAME_MAX - suffix.length - extension.length))}${suffix}${extension}`
    if (!taken.has(candidate.toLowerCase())) return candidate
  }
}

/**
 * A name for a copy that no file of `taken` (lower-cased names) has: the name itself when
 * free, else "plan (copy).pdf", "plan (copy 2).pdf" …, the stem shortened so the name fits.
 */
export const copyName = (name: string, taken: ReadonlySet<string>) => {
  if (!taken.has(name.toLowerCase())) return name
  const dot = name.lastIndexOf('.')
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, '']
  return numberedName(stem, extension, 'copy', taken)
}

/** The name of a merge of PDFs, after its first file: "plan (merged).pdf", "plan (merged 2).pdf" … as copies are named. */
export const mergedName = (first: string, taken: ReadonlySet<string>) => numberedName(first.replace(/\.pdf$/i, '') || first, '.pdf', 'merged', taken)

/**
 * The bytes of a stored file, read whole (pdf-lib parses from memory): refused with 413 once
 * they pass `budget`, whatever the file's row says its size is.
 */
const readWhole = async (body: Readable, budget: number): Promise<Buffer> => {
  const chunks: Buffer[] = []
  let read = 0
  for await (const chunk of body) {
    read += (chunk as Buffer).length
    if (read > budget) {
      body.destroy()
      throw new PayloadTooLarge(FOLDER_FILE_MESSAGES.mergeTooLarge)
    }
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

/** pdf-lib, loaded by the first merge rather than at start. */
const pdfLib = () => import('pdf-lib')

/**
 * Merges run one at a time on an instance: each holds its files in memory (up to
 * MERGE_MAX_MB, and pdf-lib's objects of them), so two at once would hold twice that.
 */
let mergeTurn: Promise<unknown> = Promise.resolve()
const oneMergeAtATime = <T>(merge: () => Promise<T>): Promise<T> => {
  const run = mergeTurn.then(merge, merge)
  mergeTurn = run.catch(() => undefined)
  return run
}

/** A stored number, or null. */
const num = (value: unknown) => (value === null || value === undefined ? null : Number(value))

/** Whether the row is checked out by someone other than the caller (a lock whose holder has gone counts as someone else's). */
const lockedByOther = (row: Record<string, any>, caller: AuthUser) => Boolean(row.locked) && num(row.locked_by) !== caller.id

/**
 * After the rows of deleted files have committed, their stored bytes: a store that fails
 * leaves bytes behind, logged, never a row without its bytes (the rows are gone already,
 * so nothing is thrown).
 */
export const removeStoredFiles = async (app: Application, keys: string[]) => {
  const left = await app.get('storage').removeMany(keys)
  if (left.length) app.get('logger').warn({ keys: left }, 'Deleted files stay in the store')
}

/** The query's revisionId, for the methods that take none (400: a kept file is only read). */
const refuseRevision = (params: AppParams) => {
  if ((params.query as { revisionId?: number } | undefined)?.revisionId !== undefined) throw invalid('revisionId', FOLDER_FILE_MESSAGES.revisionFilesKept)
}

export class FolderFilesService {
  private readonly knex: Knex

  constructor(private readonly app: Application) {
    this.knex = app.get('knex')
  }

  private async openFolder(params: AppParams) {
    const folder = await routeDocument(this.knex, params)
    if (folder.state === 'ARCHIVED') throw new Conflict(UPLOAD_MESSAGES.archived)
    return folder
  }

  /** Rows as the API shows them: their creators and lock holders asked once per page. */
  async present(rows: Record<string, any>[], accountId: number): Promise<FolderFile[]> {
    const person = await peopleOf(this.app, accountId, rows.flatMap((r) => [r.created_by, r.locked_by]))
    return rows.map((row) => {
      const latitude = num(row.latitude)
      const longitude = num(row.longitude)
      return {
        id: Number(row.id),
        folderId: Number(row.folder_id),
        name: row.name,
        mime: row.mime,
        size: Number(row.size),
        fileType: row.file_type,
        locked: Boolean(row.locked),
        lockedBy: row.locked ? person(row.locked_by) : null,
        lockedAt: row.locked ? (row.locked_at ?? null) : null,
        geolocation: latitude !== null && longitude !== null ? { latitude, longitude } : null,
        conversion: (row.conversion ?? 'NOT_STARTED') as ConversionState,
        convertedLocation: row.converted_location ?? null,
        uploadDate: row.created_at,
        creator: person(row.created_by),
      }
    })
  }

  /**
   * 409 when a file of `rows` is checked out by someone other than the caller: nobody else
   * renames, deletes or copies it until it is checked in (its holder, or an administrator
   * of the project, checks it in first).
   */
  async assertNotLockedByOthers(rows: Record<string, any>[], params: AppParams, accountId: number) {
    const caller = currentUser(params)
    const locked = rows.filter((row) => lockedByOther(row, caller))
    if (!locked.length) return
    const names = locked.map((row) => row.name as string)
    const holder = locked.length === 1 ? (await this.present(locked, accountId))[0]!.lockedBy : null
    throw new Conflict(lockedByOthersMessage(names, holder ? `${holder.firstName} ${holder.lastName}` : undefined), { locked: names })
  }

  /** Confines a write to files nobody but the caller has checked out (one checked out meanwhile is then not written). */
  notLockedByOthers(query: Knex.QueryBuilder, params: AppParams) {
    const caller = currentUser(params)
    return query.where((q) => q.where('locked', false).orWhere('locked_by', caller.id))
  }

  /** The document's files of the revision in work: COMMENT files and those kept with an archived revision are not listed. */
  private listed(folderId: number) {
    return this.knex('folder_files').where({ folder_id: folderId }).whereNot('file_type', 'COMMENT').whereNull('revision_id')
  }

  /**
   * The files a page lists: the revision in work's or, with `revisionId`, those of that
   * archived revision of this document (400 for an id that is not one: never another
   * document's). The revision the document is archived in now holds the document's own
   * files still; an older one, the files kept with it.
   */
  private async listedIn(folder: Record<string, any>, revisionId: number | undefined) {
    // Wrapped: an async function answering a query builder would run it.
    if (revisionId === undefined) return { query: this.listed(folder.id) }
    const revision = await this.knex('folder_revisions').where({ id: revisionId, folder_id: folder.id }).first('id')
    if (!revision) throw invalid('revisionId', FOLDER_FILE_MESSAGES.notRevision)
    if ((await currentRevisionId(this.knex, folder as { id: number; state: string })) === revisionId) return { query: this.listed(folder.id) }
    return { query: keptFiles(this.knex, Number(folder.id), revisionId) }
  }

  /** GET /folders/{folderId}/files[?revisionId=…]: a page of the files, by name. */
  async find(params: AppParams) {
    const folder = await routeDocument(this.knex, params)
    const query = (params.query ?? {}) as { $limit?: number; $skip?: number; revisionId?: number }
    const limit = query.$limit ?? 50
    const skip = query.$skip ?? 0
    const { query: base } = await this.listedIn(folder, query.revisionId)
    const [count] = await base.clone().count({ total: '*' })
    const total = Number(count?.total ?? 0)
    const rows = limit > 0 && skip < total ? await base.clone().orderBy([{ column: 'name' }, { column: 'id' }]).limit(limit).offset(skip).select('*') : []
    return { total, limit, skip, data: await this.present(rows, Number(folder.account_id)) }
  }

  /** POST /folders/{folderId}/files (multipart, field `file`; query type, ATTACHMENT unless said). */
  async create(_data: unknown, params: AppParams) {
    refuseRevision(params)
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
    const folder = await routeDocument(this.knex, params)
    if (folder.state === 'ARCHIVED') throw new Conflict(FOLDER_FILE_MESSAGES.archived)
    return folder
  }

  /**
   * DELETE /folders/{folderId}/files/{id}, …/files?filesIds=… or …/files/clear: the rows go
   * in one statement, then their stored bytes (a store that fails leaves bytes behind,
   * never a row without its bytes).
   */
  async remove(id: unknown, params: AppParams): Promise<FolderFile[]> {
    // A kept file goes with its revision (DELETE /folders/{folderId}/revisions/{revisionId}).
    refuseRevision(params)
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
    await this.assertNotLockedByOthers(rows, params, Number(folder.account_id))
    const shown = await this.present(rows, Number(folder.account_id))
    await this.knex.transaction(async (trx) => {
      // Checked out by someone else since they were read: nothing goes.
      const deleted = await deleteFiles(trx, this.notLockedByOthers(trx('folder_files').whereIn('id', rows.map((row: any) => row.id)), params), rows)
      if (deleted !== rows.length) throw new Conflict(FOLDER_FILE_MESSAGES.lockedMeanwhile)
      await trx('folders').where({ id: folder.id }).update({ changed_at: nowIso(), changed_by: currentUser(params).id })
      const names = rows.map((row: any) => row.name as string).join(', ')
      await recordFolderEvent(trx, { accountId: Number(folder.account_id), folderId: Number(folder.id), userId: currentUser(params).id, type: 'filesDeleted', subject: names })
    })
    await removeStoredFiles(this.app, rows.map((row: any) => row.storage_key as string))
    return shown
  }

  /** PUT /folders/{folderId}/files/{folderFileId}/rename: a new name, checked as an upload's is; the same name changes nothing. */
  async rename(data: FolderFileRename, params: AppParams): Promise<FolderFile> {
    const folder = await this.changeableFolder(params)
    const row = await this.listed(folder.id).where({ id: routeId(params, 'folderFileId') }).first()
    if (!row) throw new NotFound('No such file in this document')
    await this.assertNotLockedByOthers([row], params, Number(folder.account_id))
    const name = data.name.trim()
    const problem = fileNameProblem(name)
    if (problem) throw invalid('name', problem)
    if (name !== row.name) {
      await this.knex.transaction(async (trx) => {
        if (!(await this.notLockedByOthers(trx('folder_files').where({ id: row.id }), params).update({ name, name_key: fileNameKey(name) }))) throw new Conflict(FOLDER_FILE_MESSAGES.lockedMeanwhile)
        await writeFileWords(trx, [{ id: Number(row.id), accountId: Number(folder.account_id), name }])
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
  private async insert(
    folder: Record<string, any>,
    file: { name: string; key: string; mime: string; size: number; type: string; latitude?: number | null; longitude?: number | null },
    params: AppParams,
    trx: Knex = this.knex,
    event: { type: FolderEventType; subject: string } = { type: 'fileAdded', subject: file.name },
  ) {
    const caller = currentUser(params)
    const [id] = await insertFiles(trx, [
      {
        account_id: folder.account_id,
        project_id: folder.project_id,
        folder_id: folder.id,
        name: file.name,
        storage_key: file.key,
        mime: file.mime,
        size: file.size,
        file_type: file.type,
        latitude: file.latitude ?? null,
        longitude: file.longitude ?? null,
        created_at: nowIso(),
        created_by: caller.id,
      },
    ])
    await trx('folders').where({ id: folder.id }).update({ changed_at: nowIso(), changed_by: caller.id })
    await recordFolderEvent(trx, { accountId: Number(folder.account_id), folderId: Number(folder.id), userId: caller.id, ...event })
    return id!
  }

  /** The listed file the path names (`docFileId` or `folderFileId`) in this document, or 404. */
  private async listedFile(folder: Record<string, any>, params: AppParams, param: string) {
    const row = await this.listed(folder.id).where({ id: routeId(params, param) }).first()
    if (!row) throw new NotFound('No such file in this document')
    return row
  }

  /**
   * POST /folders/{folderId}/files/lock/{docFileId}: the caller checks the file out (the
   * spec's "locked"). A file checked out already is 409, whoever holds it; an archived
   * document's files are not checked out (nothing in them changes).
   */
  async lock(params: AppParams): Promise<FolderFile> {
    const folder = await this.changeableFolder(params)
    const row = await this.listedFile(folder, params, 'docFileId')
    const caller = currentUser(params)
    await this.knex.transaction(async (trx) => {
      // Taken only if nobody holds it: of two at once, the second changes no row.
      const taken = await trx('folder_files').where({ id: row.id, locked: false }).update({ locked: true, locked_by: caller.id, locked_at: nowIso() })
      if (!taken) throw new Conflict(FOLDER_FILE_MESSAGES.alreadyLocked)
      await recordFolderEvent(trx, { accountId: Number(folder.account_id), folderId: Number(folder.id), userId: caller.id, type: 'checkedOut', subject: row.name })
    })
    return this.shown(Number(row.id), folder)
  }

  /**
   * POST /folders/{folderId}/files/unlock/{docFileId}: checks the file in, by the person who
   * checked it out or an administrator of the project (403 for anyone else; 409 when it is
   * not checked out). An archived document's file is checked in too: a lock left from
   * before the archiving must not stay for ever, nor one on a file kept with an archived
   * revision since (it would keep that revision from being deleted).
   */
  async unlock(params: AppParams): Promise<FolderFile> {
    const folder = await routeDocument(this.knex, params)
    const row = await this.knex('folder_files').where({ folder_id: folder.id, id: routeId(params, 'docFileId') }).whereNot('file_type', 'COMMENT').first()
    if (!row) throw new NotFound('No such file in this document')
    const caller = currentUser(params)
    if (!row.locked) throw new Conflict(FOLDER_FILE_MESSAGES.notLocked)
    const administers = accessRank(params.project?.level ?? 'NONE') >= accessRank('ADMINISTER')
    if (num(row.locked_by) !== caller.id && !administers) throw new Forbidden(FOLDER_FILE_MESSAGES.unlockDenied)
    await this.knex.transaction(async (trx) => {
      // The lock read above, still the same (held by the same person since the same time): else it changed meanwhile.
      const same = trx('folder_files').where({ id: row.id, locked: true })
      for (const column of ['locked_by', 'locked_at']) {
        if (row[column] === null) same.whereNull(column)
        else same.where(column, row[column])
      }
      const released = await same.update({ locked: false, locked_by: null, locked_at: null })
      if (!released) throw new Conflict(FOLDER_FILE_MESSAGES.notLocked)
      await recordFolderEvent(trx, { accountId: Number(folder.account_id), folderId: Number(folder.id), userId: caller.id, type: 'checkedIn', subject: row.name })
    })
    return this.shown(Number(row.id), folder)
  }

  /**
   * POST /folders/{folderId}/files/{folderFileId}/copy: a new file with the same bytes (copied
   * inside the store, never through memory), type and place, in this document or the one
   * named, under a name no file there has ("plan (copy).pdf" beside "plan.pdf"). The target
   * must be a document of the caller's account on whose project they hold EDIT (400 when
   * they cannot see it, 403 when they only see it), and not archived (409). A file someone
   * else has checked out is not copied (409). The copy is nobody's checked-out file, and
   * not converted: its conversion is started afresh.
   */
  async copy(data: FolderFileCopy, params: AppParams): Promise<FolderFile> {
    const source = await routeDocument(this.knex, params)
    const row = await this.listedFile(source, params, 'folderFileId')
    await this.assertNotLockedByOthers([row], params, Number(source.account_id))
    const target = data.targetFolderId === undefined || data.targetFolderId === Number(source.id) ? source : await this.targetFolder(data.targetFolderId, params)
    if (target.state === 'ARCHIVED') throw new Conflict(FOLDER_FILE_MESSAGES.targetArchived)
    const taken = new Set<string>((await this.listed(target.id).pluck('name')).map((name: string) => name.toLowerCase()))
    const name = copyName(row.name, taken)
    const key = newStorageKey('documents')
    const storage = this.app.get('storage')
    await storage.copy(row.storage_key, key)
    const subject = target === source ? `${row.name} → ${name}` : `${name} (from ${source.symbol ? `${source.symbol} - ${source.name}` : source.name})`
    const file = { name, key, mime: row.mime, size: Number(row.size), type: row.file_type, latitude: num(row.latitude), longitude: num(row.longitude) }
    let id: number
    try {
      id = await this.knex.transaction((trx) => this.insert(target, file, params, trx, { type: 'fileCopied', subject }))
    } catch (error) {
      // No row, so no bytes: the copy goes again.
      await storage.remove(key).catch((failed: unknown) => this.app.get('logger').warn({ err: failed, key }, 'An unregistered copy stays in the store'))
      throw error
    }
    return this.shown(id, target)
  }

  /**
   * POST /folders/{folderId}/files/merge?ids=…: the document's PDF files `ids` (2 to 50, in
   * that order) merged, page after page, into one new PDF file of the document, named after
   * the first ("plan (merged).pdf", numbered as copies are when taken). Refused: fewer or
   * more files (400 on `ids`), a file not of this document (404, as another account's), an
   * archived document (409, as an upload), a file someone else has checked out (409), a
   * file that is not a PDF, or one pdf-lib cannot read (damaged, encrypted: 400 naming it),
   * files together over MERGE_MAX_MB (413). The files are read from the store into memory
   * (the limit bounds it; merges run one at a time on an instance) and the merge is stored
   * before its row is added; a failure removes it again, leaving neither.
   */
  async merge(params: AppParams): Promise<FolderFile> {
    const asked = (params.query as { ids?: number | number[] } | undefined)?.ids
    const ids = (asked === undefined ? [] : [asked].flat()).map(Number)
    if (ids.length < 2 || ids.length > MERGE_FILES_MAX) throw invalid('ids', FOLDER_FILE_MESSAGES.mergeCount)
    const folder = await this.openFolder(params)
    const found = await this.listed(folder.id).whereIn('id', ids).select('*')
    if (found.length !== ids.length) throw new NotFound('No such file in this document')
    const byId = new Map(found.map((row: Record<string, any>) => [Number(row.id), row]))
    const rows = ids.map((id) => byId.get(id)!)
    await this.assertNotLockedByOthers(rows, params, Number(folder.account_id))
    // The stored type was sniffed from the bytes at upload: anything else is not read at all.
    const other = rows.find((row) => row.mime !== 'application/pdf')
    if (other) throw invalid('ids', notMergeableMessage(other.name))
    const budget = this.app.get('config').mergeMaxBytes
    if (rows.reduce((sum, row) => sum + Number(row.size), 0) > budget) throw new PayloadTooLarge(FOLDER_FILE_MESSAGES.mergeTooLarge)

    const storage = this.app.get('storage')
    const key = newStorageKey('documents')
    const size = await oneMergeAtATime(async () => {
      const { PDFDocument } = await pdfLib()
      const merged = await PDFDocument.create()
      let left = budget
      for (const row of rows) {
        const bytes = await readWhole((await storage.get(row.storage_key)).body, left)
        left -= bytes.length
        try {
          const source = await PDFDocument.load(bytes, { updateMetadata: false })
          if (source.getPageCount() === 0) throw new Error('No pages')
          for (const page of await merged.copyPages(source, source.getPageIndices())) merged.addPage(page)
        } catch {
          throw invalid('ids', notMergeableMessage(row.name))
        }
      }
      const out = await merged.save()
      return (await storage.put(key, Readable.from([Buffer.from(out.buffer, out.byteOffset, out.byteLength)]), 'application/pdf')).size
    })
    const taken = new Set<string>((await this.listed(folder.id).pluck('name')).map((name: string) => name.toLowerCase()))
    const name = mergedName(rows[0]!.name, taken)
    const file = { name, key, mime: 'application/pdf', size, type: 'ATTACHMENT' }
    let id: number
    try {
      id = await this.knex.transaction(async (trx) => {
        // Checked out by someone else, or gone, since they were read: no merge is added.
        const still = await this.notLockedByOthers(trx('folder_files').whereIn('id', ids).whereNull('revision_id'), params).count({ n: '*' })
        if (Number(still[0]?.n ?? 0) !== ids.length) throw new Conflict(FOLDER_FILE_MESSAGES.lockedMeanwhile)
        return this.insert(folder, file, params, trx, { type: 'filesMerged', subject: `${rows.map((row) => row.name).join(', ')} → ${name}` })
      })
    } catch (error) {
      // No row, so no bytes: the merge goes again.
      await storage.remove(key).catch((failed: unknown) => this.app.get('logger').warn({ err: failed, key }, 'An unregistered merge stays in the store'))
      throw error
    }
    return this.shown(id, folder)
  }

  /** The document a copy goes to: the caller's account's, on a project they hold EDIT on. */
  private async targetFolder(id: number, params: AppParams) {
    const caller = currentUser(params)
    const folder = await this.knex('folders').where({ id, account_id: caller.accountId }).first('id', 'project_id', 'account_id', 'state', 'symbol', 'name')
    const level = folder ? await this.app.get('access').projectLevel(caller, Number(folder.project_id)) : 'NONE'
    // A document the caller cannot even see answers as a missing one.
    if (!folder || accessRank(level) < accessRank('VIEW')) throw invalid('targetFolderId', FOLDER_FILE_MESSAGES.targetFolder)
    if (accessRank(level) < accessRank('EDIT')) throw new Forbidden("This needs EDIT access to the target document's project")
    return folder
  }
}

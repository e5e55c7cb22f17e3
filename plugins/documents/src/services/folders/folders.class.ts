/**
 * The folders table behind /api/folders: one document read, created, changed and deleted
 * under the kit's project scope (the hooks have checked the caller's level on the
 * document's project). Writes check that the type, responsible and parent document are the
 * account's and the project's, keep the number unique in the account, keep what an
 * archived document may not change, and refuse to delete a document with files. Bulk
 * creation (folders-bulk) checks its rows and writes them with the same methods.
 */
import type { AppParams, Application, AuthUser, FieldErrors } from '@app/plugin-kit'
import { BLOCK_LIST_LIMIT, documentDeleteBlockers, isUniqueViolation, nowIso, serviceAt, validationError } from '@app/plugin-kit'
import { folderTypesPath } from '@app/plugin-setup/shared'
import { recordFolderEvent } from '../../events'
import { deleteFiles } from '../../file-usage'
import { peopleOf } from '../../people'
import { type WordedFolder, folderSearchKey, writeFolderWords } from '../../words'
import { Conflict, NotFound } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { uploadPath } from '../uploads/uploads.shared'
import { FOLDER_MESSAGES, type Folder, type FolderData, type FolderPatch } from './folders.schema'

/** A new document's fields: its project is the call's. */
export type NewFolder = Omit<FolderData, 'projectId'>

/** Where a new document goes and who makes it; a revision label archives it at once (bulk creation, part1 §4). */
export interface NewFolderPlace {
  accountId: number
  projectId: number
  userId: number | null
  revision?: string | null
}

const numberTaken = () => new Conflict(FOLDER_MESSAGES.numberTaken, { errors: { symbol: FOLDER_MESSAGES.numberTaken } })
const notFound = (id: unknown) => new NotFound(`No record found for id '${String(id)}'`)

/** Fields stored as they come (camelCase → snake_case). */
const PLAIN_FIELDS = [
  'name',
  'symbol',
  'folderTypeId',
  'parentFolderId',
  'responsibleId',
  'provider',
  'placement',
  'securityGroup',
  'supplierNumber',
  'customerNumber',
  'tagNumber',
  'masterNumber',
  'format',
  'classification',
  'url',
  'plannedIssueDate',
  'approvedDate',
  'actualIssueDate',
  'expectedReturnDate',
  'actualReturnDate',
  'hasBom',
  'showComponents',
] as const
const columnOf = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)

/** What an ARCHIVED document keeps as it is (part1 §4). */
const FIXED_WHEN_ARCHIVED = ['name', 'folderTypeId', 'responsibleId', 'symbol'] as const


/** A document's row as its words are written (words.ts). */
const wordedFolder = (row: Record<string, any>): WordedFolder => ({
  id: Number(row.id),
  accountId: Number(row.account_id),
  symbol: row.symbol ?? null,
  name: row.name,
  responsibleId: num(row.responsible_id),
  createdBy: num(row.created_by),
})

/** A blank number is no number: several documents may have none. */
const cleanSymbol = (symbol: string | null | undefined) => (symbol === undefined ? undefined : symbol?.trim() ? symbol.trim() : null)

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value))

export type FolderRow = Record<string, any>

export class FoldersService {
  private readonly knex: Knex

  constructor(private readonly app: Application) {
    this.knex = app.get('knex')
  }

  /** The stored row within the call's account, or 404 (the project scope has already found it). */
  async row(id: unknown, params: AppParams): Promise<FolderRow> {
    const row = await this.knex('folders').where({ id: Number(id), account_id: accountOf(params) }).first()
    if (!row) throw notFound(id)
    return row
  }

  /** Rows as the API shows them: with their responsible and author, and their file count, each asked once per page. */
  async present(rows: FolderRow[], accountId: number): Promise<Omit<Folder, 'favorite'>[]> {
    if (!rows.length) return []
    const ids = rows.map((row) => Number(row.id))
    const [person, counts] = await Promise.all([
      peopleOf(this.app, accountId, rows.flatMap((row) => [row.responsible_id, row.created_by])),
      this.knex('folder_files').whereIn('folder_id', ids).whereNot('file_type', 'COMMENT').whereNull('revision_id').groupBy('folder_id').select('folder_id').count({ files: '*' }),
    ])
    const fileCount = new Map(counts.map((c: any) => [Number(c.folder_id), Number(c.files)]))
    return rows.map((row) => ({
      id: Number(row.id),
      accountId: Number(row.account_id),
      projectId: Number(row.project_id),
      name: row.name,
      symbol: row.symbol,
      folderTypeId: Number(row.folder_type_id),
      parentFolderId: num(row.parent_folder_id),
      responsibleId: num(row.responsible_id),
      responsible: person(row.responsible_id),
      state: row.state,
      revision: row.revision,
      provider: row.provider,
      placement: row.placement,
      securityGroup: row.security_group,
      supplierNumber: row.supplier_number,
      customerNumber: row.customer_number,
      tagNumber: row.tag_number,
      masterNumber: row.master_number,
      format: row.format,
      classification: row.classification,
      url: row.url,
      plannedIssueDate: num(row.planned_issue_date),
      approvedDate: num(row.approved_date),
      actualIssueDate: num(row.actual_issue_date),
      expectedReturnDate: num(row.expected_return_date),
      actualReturnDate: num(row.actual_return_date),
      tags: row.tags ? (JSON.parse(row.tags) as string[]) : [],
      hasBom: Boolean(row.has_bom),
      showComponents: Boolean(row.show_components),
      fileCount: fileCount.get(Number(row.id)) ?? 0,
      createdAt: row.created_at,
      createdBy: person(row.created_by),
      changedAt: row.changed_at,
    }))
  }

  /** One document as the API shows it to the caller: with whether they marked it a favourite. */
  async shown(id: unknown, params: AppParams): Promise<Folder> {
    const row = await this.row(id, params)
    const [folder] = await this.present([row], accountOf(params))
    const mark = params.user && (await this.knex('folder_favorites').where({ user_id: params.user.id, folder_id: row.id }).first('id'))
    return { ...folder!, favorite: Boolean(mark) }
  }

  /** GET /folders/{id}: the document; a caller opening it puts it first in their Recent tab. */
  async get(id: unknown, params: AppParams): Promise<Folder> {
    const folder = await this.shown(id, params)
    if (params.provider && params.user) await this.recordVisit(params.user, folder)
    return folder
  }

  /**
   * Upserts the caller's visit of the document (now). The document was read, so the call
   * answers it whatever happens here: a visit that cannot be written is only logged.
   */
  private async recordVisit(user: AuthUser, folder: Folder) {
    try {
      await this.knex('folder_visits')
        .insert({ account_id: folder.accountId, user_id: user.id, folder_id: folder.id, visited_at: nowIso() })
        .onConflict(['user_id', 'folder_id'])
        .merge(['visited_at'])
    } catch (error) {
      this.app.get('logger').warn({ err: error, folderId: folder.id }, 'Recording a document visit failed')
    }
  }

  async create(data: FolderData & { accountId?: number }, params: AppParams): Promise<Folder> {
    const { accountId: _stamped, projectId: named, ...fields } = data
    const accountId = accountOf(params)
    const projectId = params.project?.id ?? named
    await this.checkReferences(fields, accountId, projectId, null)
    await this.assertNumberFree(accountId, cleanSymbol(fields.symbol) ?? null, null)
    const id = await this.guardNumber(() => this.knex.transaction((trx) => this.insert(trx, fields, { accountId, projectId, userId: params.user?.id ?? null })))
    return this.shown(id, params)
  }

  /**
   * Writes one new document and its change log in the caller's transaction, its fields
   * checked already: created (documentCreated), IN_PROGRESS. With a revision label
   * (bulk creation, part1 §4) it is archived at once: ARCHIVED under that label, its
   * revision kept with no control ticks (it was issued before it came here), and
   * documentArchived logged, as archiving it would. Answers its id.
   */
  async insert(trx: Knex, fields: NewFolder, place: NewFolderPlace): Promise<number> {
    const at = nowIso()
    const symbol = cleanSymbol(fields.symbol) ?? null
    const revision = place.revision?.trim() || null
    const row = {
      ...columnsOf(fields),
      symbol,
      account_id: place.accountId,
      project_id: place.projectId,
      search_key: folderSearchKey(symbol, fields.name),
      state: revision ? 'ARCHIVED' : 'IN_PROGRESS',
      revision,
      created_at: at,
      created_by: place.userId,
      changed_at: at,
      changed_by: place.userId,
    }
    const [inserted] = await trx('folders').insert(row, ['id'])
    const id = Number(typeof inserted === 'object' ? inserted.id : inserted)
    await writeFolderWords(trx, [wordedFolder({ ...row, id })])
    const logged = { accountId: place.accountId, folderId: id, userId: place.userId }
    await recordFolderEvent(trx, { ...logged, type: 'documentCreated', subject: symbol ? `${symbol} - ${fields.name}` : fields.name })
    if (revision) {
      await trx('folder_revisions').insert({ account_id: place.accountId, folder_id: id, revision, archived_at: at, archived_by: place.userId, controls: '[]' })
      await recordFolderEvent(trx, { ...logged, type: 'documentArchived', subject: revision })
    }
    return id
  }

  async patch(id: unknown, data: FolderPatch & { accountId?: number }, params: AppParams): Promise<Folder> {
    const { accountId: _stamped, projectId: _project, ...fields } = data
    const current = await this.row(id, params)
    const accountId = Number(current.account_id)
    if (current.state === 'ARCHIVED') {
      const fixed = FIXED_WHEN_ARCHIVED.filter((field) => fields[field] !== undefined && !same(fields[field], current[columnOf(field)], field))
      if (fixed.length) throw validationError(Object.fromEntries(fixed.map((field) => [field, FOLDER_MESSAGES.archived])))
    }
    await this.checkReferences(fields, accountId, Number(current.project_id), Number(current.id))
    const changes = columnsOf(fields)
    if (fields.symbol !== undefined) {
      changes.symbol = cleanSymbol(fields.symbol)
      await this.assertNumberFree(accountId, changes.symbol as string | null, Number(current.id))
    }
    if (fields.name !== undefined || fields.symbol !== undefined)
      changes.search_key = folderSearchKey(changes.symbol !== undefined ? (changes.symbol as string | null) : current.symbol, fields.name ?? current.name)
    if (Object.keys(changes).length) {
      changes.changed_at = nowIso()
      changes.changed_by = params.user?.id ?? null
      // The fields the person changed, by their API names.
      const subject = Object.keys(fields).filter((field) => (fields as Record<string, unknown>)[field] !== undefined).join(', ')
      await this.guardNumber(() =>
        this.knex.transaction(async (trx) => {
          await trx('folders').where({ id: current.id, account_id: accountId }).update(changes)
          if (changes.search_key !== undefined || changes.responsible_id !== undefined) await writeFolderWords(trx, [wordedFolder({ ...current, ...changes })])
          await recordFolderEvent(trx, { accountId, folderId: Number(current.id), userId: params.user?.id ?? null, type: 'documentSaved', subject })
        }),
      )
    }
    return this.shown(current.id, params)
  }

  async remove(id: unknown, params: AppParams): Promise<Folder> {
    const current = await this.row(id, params)
    const shown = await this.shown(current.id, params)
    const blocks = await this.deleteBlocks(current)
    if (blocks.length) throw new Conflict(FOLDER_MESSAGES.hasFiles, { blocks })
    // Uploads into it that nobody finished go with it, parts and all.
    await this.app.service(uploadPath).discardInto(Number(current.id))
    await this.knex.transaction(async (trx) => {
      // Its children stay, at the top level (the column's own rule, said here so both databases do it alike).
      await trx('folders').where({ parent_folder_id: current.id, account_id: current.account_id }).update({ parent_folder_id: null })
      // A file added since the check above: the document stays (its files would go uncounted with it).
      const files = await trx('folder_files').where({ folder_id: current.id }).select('account_id', 'project_id', 'size')
      if ((await deleteFiles(trx, trx('folder_files').where({ folder_id: current.id }), files)) !== files.length) throw new Conflict(FOLDER_MESSAGES.hasFiles)
      await trx('folders').where({ id: current.id, account_id: current.account_id }).delete()
    })
    return shown
  }

  /** What keeps a document (part1 §4 "disabled while files or urls exist", §8): its files, its links and its material list, and what other plugins' rows say (the kit's documentDeleteBlockers). Its action plan keeps nothing: the spec names no such reason, and its rows go with the document (folder_actions' CASCADE). */
  private async deleteBlocks(row: FolderRow) {
    const files = await this.knex('folder_files').where({ folder_id: row.id }).orderBy('name').limit(BLOCK_LIST_LIMIT).pluck('name')
    const urls = await this.knex('folder_urls').where({ folder_id: row.id }).orderBy([{ column: 'description' }, { column: 'id' }]).limit(BLOCK_LIST_LIMIT).pluck('description')
    // Its material list (part1 §8 "has material"), each line by its name, in the list's order.
    const materials = await this.knex('folder_material_lines').where({ folder_id: row.id }).orderBy([{ column: 'position' }, { column: 'id' }]).limit(BLOCK_LIST_LIMIT).pluck('name')
    // What other plugins' rows in the way say (its notes: "has comment by" and the author's name, from the comments plugin).
    const theirs = await Promise.all(
      this.app
        .get('extensions')
        .all(documentDeleteBlockers)
        .map((blocker) => blocker.find(this.app, { id: Number(row.id), accountId: Number(row.account_id), projectId: Number(row.project_id) })),
    )
    return [...files.map((name: string) => ({ reason: 'has file', item: name })), ...urls.map((description: string) => ({ reason: 'has url', item: description })), ...materials.map((name: string) => ({ reason: 'has material', item: name })), ...theirs.flat()]
  }

  /** 409 "Number already exists." when another document of the account has the number (compared trimmed, ignoring case). */
  private async assertNumberFree(accountId: number, symbol: string | null, exceptId: number | null) {
    if (symbol && (await this.takenNumbers(accountId, [symbol], exceptId)).size) throw numberTaken()
  }

  /** Which of these numbers (trimmed) a document of the account has, other than `exceptId`: lower-cased, as they are compared. */
  async takenNumbers(accountId: number, symbols: readonly string[], exceptId: number | null = null): Promise<Set<string>> {
    const wanted = [...new Set(symbols.map((symbol) => symbol.toLowerCase()))]
    const taken = new Set<string>()
    // A few hundred at a time: one statement stays well within either database's limit of parameters.
    for (let start = 0; start < wanted.length; start += 500) {
      const some = wanted.slice(start, start + 500)
      const clash = this.knex('folders').where({ account_id: accountId }).whereRaw(`lower(symbol) in (${some.map(() => '?').join(', ')})`, some)
      if (exceptId !== null) clash.whereNot({ id: exceptId })
      for (const symbol of await clash.pluck('symbol')) taken.add(String(symbol).toLowerCase())
    }
    return taken
  }

  /** Two racing writes both pass the check: the unique index stops the second with the same 409. */
  private async guardNumber<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write()
    } catch (error) {
      throw isUniqueViolation(error) ? numberTaken() : error
    }
  }

  /** The type, responsible and parent document a body names must be the account's (the parent the project's, and not below the document). */
  private async checkReferences(fields: Partial<FolderData>, accountId: number, projectId: number, folderId: number | null) {
    const errors = await this.referenceErrors(fields, accountId, projectId, folderId)
    if (Object.keys(errors).length) throw validationError(errors)
  }

  /**
   * What is wrong with the type, responsible and parent a body names, by field (none: {}).
   * `memo` keeps each answer for the rows of one batch, so a type named by 500 rows is asked once.
   */
  async referenceErrors(
    fields: Partial<FolderData>,
    accountId: number,
    projectId: number,
    folderId: number | null,
    memo = new Map<string, Promise<string | undefined>>(),
  ): Promise<FieldErrors> {
    const once = (key: string, problem: () => Promise<string | undefined>) => {
      if (!memo.has(key)) memo.set(key, problem())
      return memo.get(key)!
    }
    const { folderTypeId: typeId, responsibleId, parentFolderId: parentId } = fields
    const errors: FieldErrors = {}
    if (typeId !== undefined) {
      const message = await once(`type ${typeId}`, async () => ((await this.activeType(accountId, typeId)) ? undefined : FOLDER_MESSAGES.type))
      if (message) errors.folderTypeId = message
    }
    if (responsibleId !== undefined && responsibleId !== null) {
      const message = await once(`responsible ${responsibleId}`, async () => ((await this.app.get('core').member(accountId, { userId: responsibleId })) ? undefined : FOLDER_MESSAGES.responsible))
      if (message) errors.responsibleId = message
    }
    if (parentId !== undefined && parentId !== null) {
      const message = await once(`parent ${parentId} of ${folderId}`, () => this.parentProblem(parentId, accountId, projectId, folderId))
      if (message) errors.parentFolderId = message
    }
    return errors
  }

  /** An active document type of the account, asked of setup's service (setup owns the types). */
  private async activeType(accountId: number, typeId: number) {
    const types = serviceAt(this.app, folderTypesPath) as unknown as { get(id: number, params: AppParams): Promise<{ active: boolean }> }
    const type = await types.get(typeId, { tenant: { accountId }, route: { accountId: String(accountId) } } as AppParams).catch((error) => {
      if ((error as { code?: number }).code === 404) return undefined
      throw error
    })
    return type?.active === true
  }

  private async parentProblem(parentId: number, accountId: number, projectId: number, folderId: number | null) {
    if (folderId !== null && parentId === folderId) return FOLDER_MESSAGES.parentSelf
    const parent = await this.knex('folders').where({ id: parentId, account_id: accountId, project_id: projectId }).first('parent_folder_id')
    if (!parent) return FOLDER_MESSAGES.parentFolder
    const seen = new Set<number>()
    for (let next = num(parent.parent_folder_id); next !== null && !seen.has(next); ) {
      if (next === folderId) return FOLDER_MESSAGES.parentCycle
      seen.add(next)
      const up = await this.knex('folders').where({ id: next, account_id: accountId }).first('parent_folder_id')
      next = num(up?.parent_folder_id)
    }
    return undefined
  }
}

/** The account a call works in: the caller's current one, or the one server code names. */
export const accountOf = (params?: AppParams): number => {
  const id = params?.user?.accountId ?? params?.tenant?.accountId
  if (id === undefined) throw new Error('A documents call names no account')
  return Number(id)
}

/** A body's fields as columns; tags as JSON text. */
const columnsOf = (fields: Partial<FolderData>): Record<string, unknown> => {
  const columns: Record<string, unknown> = {}
  for (const field of PLAIN_FIELDS) if (fields[field] !== undefined) columns[columnOf(field)] = fields[field]
  if (fields.tags !== undefined) columns.tags = JSON.stringify(fields.tags)
  return columns
}

/** Whether a sent value is what is stored (the number compared as it is kept). */
const same = (sent: unknown, stored: unknown, field: string) =>
  field === 'symbol' ? cleanSymbol(sent as string | null) === stored : sent === (typeof sent === 'number' ? num(stored) : stored)

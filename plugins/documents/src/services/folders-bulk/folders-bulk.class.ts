/**
 * Bulk creation: several documents of one project from a list, all or none. Each row is
 * checked as POST /folders checks a document (its schema, then the type, responsible and
 * parent through the folders service's own checks), its number is required and must be
 * free in the account and used once in the list; then every row is written in one
 * transaction by the folders service's insert, a row with a revision archived at once.
 * Any problem refuses the whole call: 400 "Failed to create - invalid input" with one
 * message per field of each row at fault (`rows.3.symbol`), and nothing written.
 */
import type { AppParams, Application, FieldErrors } from '@app/plugin-kit'
import { MESSAGES, cached, isUniqueViolation, routeId, validationError } from '@app/plugin-kit'
import type { Knex } from 'knex'
import { accountOf } from '../folders/folders.class'
import { FOLDER_MESSAGES, type Folder } from '../folders/folders.schema'
import { foldersPath } from '../folders/folders.shared'
import { FOLDERS_BULK_MESSAGES, type FolderBulkData, folderBulkDataSchema } from './folders-bulk.schema'

/** The refusal, its messages by row (in the list's order) and field. */
const invalid = (errors: FieldErrors) => {
  const rowOf = (field: string) => Number(/^rows\.(\d+)/.exec(field)?.[1] ?? -1)
  const sorted = Object.entries(errors).sort(([a], [b]) => rowOf(a) - rowOf(b))
  return validationError(Object.fromEntries(sorted), FOLDERS_BULK_MESSAGES.invalid)
}

/** A number as the list and the account compare it. */
const numberKey = (symbol: string) => symbol.trim().toLowerCase()

export class FoldersBulkService {
  private readonly knex: Knex

  constructor(private readonly app: Application) {
    this.knex = app.get('knex')
  }

  /** POST /projects/{projectId}/folders-bulk {rows}: the documents made, in the list's order. */
  async create(data: Record<string, unknown>, params: AppParams): Promise<Folder[]> {
    // The tenant scope has stamped the caller's account on the body; the path names the project.
    const { accountId: _stamped, ...body } = data ?? {}
    const accountId = accountOf(params)
    const projectId = params.project?.id ?? routeId(params, 'projectId')
    const rows = await this.checked(body, accountId, projectId)
    const folders = this.app.service(foldersPath)
    const userId = params.user?.id ?? null
    const ids = await this.knex.transaction(async (trx) => {
      const made: number[] = []
      for (const [index, { revision, ...fields }] of rows.entries()) {
        try {
          made.push(await folders.insert(trx, fields, { accountId, projectId, userId, revision }))
        } catch (error) {
          // Taken by another call since the check: the unique index says which row.
          throw isUniqueViolation(error) ? invalid({ [`rows.${index}.symbol`]: FOLDER_MESSAGES.numberTaken }) : error
        }
      }
      return made
    })
    const stored = new Map((await this.knex('folders').whereIn('id', ids).where({ account_id: accountId }).select('*')).map((row: any) => [Number(row.id), row]))
    const shown = await folders.present(ids.map((id) => stored.get(id)), accountId)
    return shown.map((folder) => ({ ...folder, favorite: false }))
  }

  /** The rows, once every one of them is fit to write; else the refusal naming each field at fault. */
  private async checked(body: Record<string, unknown>, accountId: number, projectId: number): Promise<FolderBulkData['rows']> {
    const check = cached(folderBulkDataSchema, 'data')(body)
    const errors: FieldErrors = check.ok ? {} : { ...check.errors }
    // The list itself is wrong (none, too many, not a list, another key): nothing to say of its rows.
    if (Object.keys(errors).some((field) => !/^rows\.\d+/.test(field))) throw invalid(errors)
    const rows = (body as FolderBulkData).rows
    /** A row's field the schema has refused already (or the whole row, not an object) is not asked about again. */
    const refused = (index: number, field: string) => `rows.${index}` in errors || `rows.${index}.${field}` in errors

    // Every row has a number (blank or null is none), unique in the list and in the account.
    for (const [index, row] of rows.entries()) if ((row as { symbol?: unknown } | null)?.symbol === null) errors[`rows.${index}.symbol`] = MESSAGES.required
    const numbers = rows.map((row, index) => (refused(index, 'symbol') ? null : numberKey(row.symbol)))
    const taken = await this.app.service(foldersPath).takenNumbers(accountId, numbers.filter((key): key is string => Boolean(key)))
    const listed = new Set<string>()
    for (const [index, key] of numbers.entries()) {
      if (key === '') errors[`rows.${index}.symbol`] = MESSAGES.required
      if (!key) continue
      // A number met again further down the list is taken by the row above.
      if (taken.has(key) || listed.has(key)) errors[`rows.${index}.symbol`] = FOLDER_MESSAGES.numberTaken
      listed.add(key)
    }

    // The type, responsible and parent of each row, as a single document's are checked, each asked once.
    const memo = new Map<string, Promise<string | undefined>>()
    for (const [index, row] of rows.entries()) {
      if (`rows.${index}` in errors) continue
      const named = Object.fromEntries(Object.entries(row).filter(([field]) => !refused(index, field)))
      const problems = await this.app.service(foldersPath).referenceErrors(named, accountId, projectId, null, memo)
      for (const [field, message] of Object.entries(problems)) errors[`rows.${index}.${field}`] = message
    }
    if (Object.keys(errors).length) throw invalid(errors)
    return rows
  }
}

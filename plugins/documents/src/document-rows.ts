/**
 * The document a path under /folders/{folderId}/… names (routeDocument), and what a
 * document's own rows share (its links, material lines and action plan): that document;
 * the document again, refused for changes once archived; one of its rows by id
 * (another document's, or a malformed id, is not found); and a page of them in the list's
 * order, with their total.
 */
import type { AppParams } from '@app/plugin-kit'
import { currentUser, routeId } from '@app/plugin-kit'
import { Conflict, NotFound } from '@feathersjs/errors'
import type { Knex } from 'knex'

export type DocumentRow = Record<string, any>
/** The document as the services under /folders/{folderId}/… read it. */
export interface RowsDocument extends DocumentRow {
  id: number
  project_id: number
  account_id: number
  state: string
  symbol: string | null
  name: string
  revision: string | null
}

/** The document the path's folderId names, in the caller's account (the project scope has found it there), or 404. */
export const routeDocument = async (knex: Knex, params: AppParams): Promise<RowsDocument> => {
  const folder = await knex('folders')
    .where({ id: routeId(params, 'folderId'), account_id: currentUser(params).accountId })
    .first('id', 'project_id', 'account_id', 'state', 'symbol', 'name', 'revision')
  if (!folder) throw new NotFound('No such document')
  return folder
}

export class DocumentRows {
  constructor(
    private readonly knex: Knex,
    private readonly table: string,
    /** Why an archived document refuses a change of these rows. */
    private readonly archivedMessage: string,
  ) {}

  folder(params: AppParams): Promise<RowsDocument> {
    return routeDocument(this.knex, params)
  }

  async changeableFolder(params: AppParams): Promise<RowsDocument> {
    const folder = await this.folder(params)
    if (folder.state === 'ARCHIVED') throw new Conflict(this.archivedMessage)
    return folder
  }

  async row(id: unknown, folder: DocumentRow): Promise<DocumentRow> {
    const rowId = Number(id)
    const row = Number.isSafeInteger(rowId) && rowId > 0 ? await this.knex(this.table).where({ id: rowId, folder_id: folder.id, account_id: folder.account_id }).first() : undefined
    if (!row) throw new NotFound(`No record found for id '${String(id)}'`)
    return row
  }

  /** The query's page ($limit, at most the schema's, 50 unless said; $skip) of the document's rows, sorted by `order`. */
  async page(folder: DocumentRow, params: AppParams, order: (query: Knex.QueryBuilder) => Knex.QueryBuilder) {
    const query = (params.query ?? {}) as { $limit?: number; $skip?: number }
    const limit = query.$limit ?? 50
    const skip = query.$skip ?? 0
    const base = this.knex(this.table).where({ folder_id: folder.id, account_id: folder.account_id })
    const [count] = await base.clone().count({ total: '*' })
    const total = Number(count?.total ?? 0)
    const rows: DocumentRow[] = limit > 0 && skip < total ? await order(base.clone()).limit(limit).offset(skip).select('*') : []
    return { total, limit, skip, rows }
  }
}

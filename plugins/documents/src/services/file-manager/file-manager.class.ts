/**
 * GET /projects/{projectId}/file-manager: the project's files (those its documents' Files
 * tabs list: the revisions in work, no COMMENT files) and links, searched, counted and paged
 * in SQL. Files come first, by name in any case, then links by name; `kind` asks for one
 * section alone. Each section reads its page from an index in its order (migration 016), so
 * a page stops once full; the totals are exact (one project's entries of those indexes).
 */
import type { AppParams, Application } from '@app/plugin-kit'
import { currentUser, routeId, whereContains } from '@app/plugin-kit'
import type { Knex } from 'knex'
import { byNameThenId } from '../../any-case'
import { FILE_MANAGER_LIMIT, type FileManagerItem, type FileManagerPage, type FileManagerQuery } from './file-manager.schema'

type Row = Record<string, any>

/** A section: its rows as a query (no columns, order or page yet), and how a row is shown. */
interface Section {
  query: Knex.QueryBuilder
  order: string
  columns: string[]
  present(row: Row): FileManagerItem
}

const documentOf = (row: Row) => ({ documentId: Number(row.folder_id), documentSymbol: row.symbol ?? null, documentName: row.document_name })

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value))

export class FileManagerService {
  private readonly knex: Knex

  constructor(app: Application) {
    this.knex = app.get('knex')
  }

  private files(accountId: number, projectId: number, q: FileManagerQuery, text: string): Section {
    const query = this.knex('folder_files as ff').where({ 'ff.account_id': accountId, 'ff.project_id': projectId }).whereNull('ff.revision_id').whereNot('ff.file_type', 'COMMENT')
    if (q.map) query.whereNotNull('ff.latitude').whereNotNull('ff.longitude')
    if (text) whereContains(query, ['ff.name'], text)
    return {
      query,
      order: byNameThenId(this.knex, 'ff'),
      columns: ['ff.id', 'ff.name', 'ff.folder_id', 'ff.mime', 'ff.size', 'ff.latitude', 'ff.longitude'],
      present: (row) => {
        const latitude = num(row.latitude)
        const longitude = num(row.longitude)
        const place = latitude !== null && longitude !== null ? { latitude, longitude } : {}
        return { kind: 'file', id: Number(row.id), name: row.name, ...documentOf(row), mime: row.mime, size: Number(row.size), ...place }
      },
    }
  }

  private links(accountId: number, projectId: number, q: FileManagerQuery, text: string): Section {
    const query = this.knex('folder_urls as fu').where({ 'fu.account_id': accountId, 'fu.project_id': projectId })
    // Links have no place: the map lists none.
    if (q.map) query.whereRaw('1 = 0')
    if (text) whereContains(query, ['fu.description', 'fu.url'], text)
    return {
      query,
      order: byNameThenId(this.knex, 'fu', 'description'),
      columns: ['fu.id', 'fu.description as name', 'fu.folder_id', 'fu.url'],
      present: (row) => ({ kind: 'url', id: Number(row.id), name: row.name, ...documentOf(row), url: row.url }),
    }
  }

  private async count(section: Section) {
    const [row] = await section.query.clone().count({ total: '*' })
    return Number(row?.total ?? 0)
  }

  /** The section's rows from `skip`, with their documents' number and title. */
  private async page(section: Section, alias: string, skip: number, limit: number) {
    if (limit === 0) return []
    const rows: Row[] = await section.query
      .clone()
      .join('folders as f', 'f.id', `${alias}.folder_id`)
      .select([...section.columns, 'f.symbol', 'f.name as document_name'])
      .orderByRaw(section.order)
      .offset(skip)
      .limit(limit)
    return rows.map(section.present)
  }

  async find(params: AppParams): Promise<FileManagerPage> {
    const { accountId } = currentUser(params)
    const projectId = routeId(params, 'projectId')
    const q = (params.query ?? {}) as FileManagerQuery
    const text = q.filter?.trim() ?? ''
    const skip = q.$skip ?? 0
    const limit = q.$limit ?? FILE_MANAGER_LIMIT.default
    const files = q.kind === 'url' ? null : this.files(accountId, projectId, q, text)
    const links = q.kind === 'file' ? null : this.links(accountId, projectId, q, text)
    const fileTotal = files ? await this.count(files) : 0
    const linkTotal = links ? await this.count(links) : 0
    // Files first: a page that runs past them goes on with the links.
    const fileRows = files && skip < fileTotal ? await this.page(files, 'ff', skip, limit) : []
    const linkRows = links ? await this.page(links, 'fu', Math.max(0, skip - fileTotal), limit - fileRows.length) : []
    return { total: fileTotal + linkTotal, limit, skip, level: params.project?.level ?? 'VIEW', data: [...fileRows, ...linkRows] }
  }
}

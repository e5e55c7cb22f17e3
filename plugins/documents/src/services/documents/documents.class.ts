/**
 * The documents list behind GET /api/documents: the documents of every project the caller
 * holds VIEW on (the kit's whereProjectAccess, in SQL), in one of the list's tabs, searched,
 * counted and paged in SQL, with each row's file count, the caller's favourite mark and
 * whether they may edit it read in the same query. Each page is then shown with its
 * projects, document types and responsibles, asked of their owners once per page.
 */
import type { AppParams, Application, AuthUser, ProjectRef } from '@app/plugin-kit'
import { currentUser, serviceAt, whereContains, whereProjectAccess } from '@app/plugin-kit'
import { folderTypesPath } from '@app/plugin-setup/shared'
import type { Knex } from 'knex'
import {
  DOCUMENT_LIST_LIMIT,
  type DocumentListItem,
  type DocumentListPage,
  type DocumentListQuery,
  type DocumentTab,
  RECENT_DOCUMENTS_MAX,
} from './documents.schema'

/** Setup's folder types as server code sees them (setup owns the table). */
interface FolderTypesFinder {
  find(params: AppParams): Promise<{ id: number; name: string }[] | { data: { id: number; name: string }[] }>
}

type ListRow = Record<string, any>

const unique = (values: unknown[]) => [...new Set(values.filter((v) => v !== null && v !== undefined).map(Number))]

export class DocumentsListService {
  private readonly knex: Knex

  constructor(private readonly app: Application) {
    this.knex = app.get('knex')
  }

  /**
   * The tab's documents the caller may view, with its filters, as a query (no columns, order
   * or page yet). Wrapped: an awaited builder would run.
   */
  private async tabQuery(caller: AuthUser, tab: DocumentTab, q: DocumentListQuery): Promise<{ query: Knex.QueryBuilder }> {
    const query = this.knex('folders').where('folders.account_id', caller.accountId)
    await whereProjectAccess(this.app, caller, query, { level: 'VIEW', column: 'folders.project_id', accountColumn: 'folders.account_id' })
    // The caller's own mark: at most one per document (unique on user and document), so no row doubles.
    query.leftJoin('folder_favorites as favorite', (on) => on.on('favorite.folder_id', '=', 'folders.id').andOnVal('favorite.user_id', '=', caller.id))
    if (q.projectId !== undefined) query.where('folders.project_id', q.projectId)
    const text = q.filter?.trim()
    if (text) whereContains(query, ['folders.search_key'], text, { lowerCased: true })
    if (tab === 'my') query.where((mine) => mine.where('folders.responsible_id', caller.id).orWhere('folders.created_by', caller.id))
    else if (tab === 'favorites') query.whereNotNull('favorite.folder_id')
    else if (tab === 'recent') query.innerJoin('folder_visits as visit', (on) => on.on('visit.folder_id', '=', 'folders.id').andOnVal('visit.user_id', '=', caller.id))
    return { query }
  }

  async find(params: AppParams): Promise<DocumentListPage> {
    const caller = currentUser(params)
    const q = (params.query ?? {}) as DocumentListQuery
    const tab = q.tab ?? 'all'
    const limit = q.$limit ?? DOCUMENT_LIST_LIMIT.default
    const skip = q.$skip ?? 0
    const { query: base } = await this.tabQuery(caller, tab, q)
    const [count] = await base.clone().count({ total: '*' })
    const matched = Number(count?.total ?? 0)
    // Recent is the most recently opened ones only: its total, and its last page, stop there.
    const total = tab === 'recent' ? Math.min(matched, RECENT_DOCUMENTS_MAX) : matched
    const take = Math.min(limit, total - skip)
    const rows = take > 0 ? await this.page(base, tab, caller, take, skip) : []
    return { total, limit, skip, data: await this.present(rows, caller.accountId) }
  }

  /** One page of the tab's rows: the columns the list shows, the file count, the caller's mark and EDIT, in its order. */
  private async page(base: Knex.QueryBuilder, tab: DocumentTab, caller: AuthUser, limit: number, skip: number): Promise<ListRow[]> {
    const query = base
      .clone()
      .select(
        'folders.id',
        'folders.project_id',
        'folders.name',
        'folders.symbol',
        'folders.folder_type_id',
        'folders.state',
        'folders.revision',
        'folders.responsible_id',
        'folders.changed_at',
        'favorite.folder_id as favorite_folder_id',
        this.knex.raw('(select count(*) from folder_files ff where ff.folder_id = folders.id and ff.file_type <> ? and ff.revision_id is null) as file_count', ['COMMENT']),
      )
    // EDIT on the row's project: the caller's granted projects at EDIT, joined (null: an admin holds every project of the account).
    const { granted } = await this.app.get('access').grantedProjects(caller, 'EDIT')
    if (granted) query.leftJoin(granted.clone().as('edit_access'), 'edit_access.granted_project_id', 'folders.project_id').select('edit_access.granted_project_id as edit_project_id')
    else query.select('folders.project_id as edit_project_id')
    if (tab === 'recent') query.orderBy([{ column: 'visit.visited_at', order: 'desc' }, { column: 'folders.id', order: 'desc' }])
    else query.orderBy([{ column: 'folders.symbol' }, { column: 'folders.name' }, { column: 'folders.id' }])
    return (await query.limit(limit).offset(skip)) as ListRow[]
  }

  /** Rows as the list shows them: their projects, types and responsibles asked of their owners, each once per page. */
  private async present(rows: ListRow[], accountId: number): Promise<DocumentListItem[]> {
    if (!rows.length) return []
    const [projects, types, members] = await Promise.all([
      this.app.get('projects')?.refs(accountId, unique(rows.map((row) => row.project_id))) ?? new Map<number, ProjectRef>(),
      this.typeNames(accountId, unique(rows.map((row) => row.folder_type_id))),
      this.app.get('core').membersById(accountId, unique(rows.map((row) => row.responsible_id))),
    ])
    return rows.map((row) => {
      const project = projects.get(Number(row.project_id))
      const responsible = row.responsible_id === null ? undefined : members.get(Number(row.responsible_id))
      return {
        id: Number(row.id),
        projectId: Number(row.project_id),
        projectName: project?.name ?? '',
        projectSymbol: project?.symbol ?? '',
        name: row.name,
        symbol: row.symbol,
        folderTypeId: Number(row.folder_type_id),
        typeName: types.get(Number(row.folder_type_id)) ?? '',
        state: row.state,
        revision: row.revision,
        responsible: responsible ? { id: responsible.userId, firstName: responsible.firstName, lastName: responsible.lastName } : null,
        fileCount: Number(row.file_count),
        changedAt: row.changed_at,
        favorite: row.favorite_folder_id !== null && row.favorite_folder_id !== undefined,
        canEdit: row.edit_project_id !== null && row.edit_project_id !== undefined,
      }
    })
  }

  /** The names of the account's document types among `ids`, asked of setup's folder types service (setup owns them). */
  private async typeNames(accountId: number, ids: number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map()
    const types = serviceAt(this.app, folderTypesPath) as unknown as FolderTypesFinder
    const answer = await types.find({ tenant: { accountId }, route: { accountId: String(accountId) }, paginate: false, query: { id: { $in: ids } } } as AppParams)
    return new Map((Array.isArray(answer) ? answer : answer.data).map((type) => [Number(type.id), type.name]))
  }
}

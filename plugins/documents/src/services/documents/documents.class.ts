/**
 * The documents list behind GET /api/documents: the documents of every project the caller
 * holds VIEW on (the kit's whereProjectAccess, in SQL), in one of the list's tabs, searched
 * (the start of a word of the number or title: the word index, words.ts), counted and paged
 * in SQL. The count stops DOCUMENT_COUNT_AHEAD rows past the page (an
 * account admin's All tab is every document of the account: counting 500,000 index entries
 * for each page cost more than the page). The page's rows are chosen first (no more than the tab and its
 * filter need: the Favorites and Recent tabs start from the caller's own marks), and only
 * those rows get their file count, the caller's favourite mark and whether they may edit
 * it, in the same statement: SQLite works out a sorted query's columns for every row it
 * sorts, so a count per row over an account's documents read every one of their files.
 * Each page is then shown with its projects, document types and responsibles, asked of
 * their owners once per page.
 */
import type { AppParams, Application, AuthUser, ProjectRef } from '@app/plugin-kit'
import { countUpTo, currentUser, serviceAt, whereProjectAccess, wordMatch } from '@app/plugin-kit'
import { folderTypesPath } from '@app/plugin-setup/shared'
import type { Knex } from 'knex'
import { type LeadWindow, fromIndex, leadWindow, withinWindow } from '../../lead-window'
import { FOLDERS_LIST_INDEX } from '../../migrations/012-list-index'
import { FOLDER_WORDS } from '../../words'
import {
  DOCUMENT_COUNT_AHEAD,
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

/** The search box's text as a condition on a query of `folders` (wordMatch), or none. */
type TextMatch = ((query: Knex.QueryBuilder) => Knex.QueryBuilder) | undefined

/** The columns that make a document the caller's own (the My tab). */
const MY_KEYS = ['responsible_id', 'created_by'] as const

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
  private async tabQuery(caller: AuthUser, tab: DocumentTab, q: DocumentListQuery, granted: Knex.QueryBuilder | null, text: TextMatch): Promise<{ query: Knex.QueryBuilder }> {
    const marks = tab === 'favorites' ? 'folder_favorites' : tab === 'recent' ? 'folder_visits' : undefined
    const query = marks
      ? // Favorites and Recent start from the caller's marks (a few hundred at most: unique on person and document, so no row doubles);
        // a cross join (with its condition: SQLite and MySQL take one) keeps them SQLite's outer loop rather than the account's documents.
        this.knex(`${marks} as mark`)
          .where({ 'mark.user_id': caller.id, 'mark.account_id': caller.accountId })
          .crossJoin('folders' as never, 'folders.id', '=', 'mark.folder_id')
          .where('folders.account_id', caller.accountId)
      : this.knex('folders').where('folders.account_id', caller.accountId)
    await whereProjectAccess(this.app, caller, query, { level: 'VIEW', column: 'folders.project_id', accountColumn: 'folders.account_id', granted, probe: marks !== undefined })
    if (q.projectId !== undefined) query.where('folders.project_id', q.projectId)
    return { query: this.withTabConditions(query, caller, tab, text) }
  }

  /** The search box's text, matched at the start of a number's or title's words (the documents' word index), or none. */
  private textMatch(caller: AuthUser, tab: DocumentTab, q: DocumentListQuery): Promise<TextMatch> {
    const text = q.filter?.trim()
    if (!text) return Promise.resolve(undefined)
    // The My tab's documents are the caller's as responsible or author: the index is read among those.
    const among = tab === 'my' ? MY_KEYS.map((key) => ({ key, value: caller.id })) : undefined
    // Favorites and Recent are a few hundred marks at most, each tested as read: the index is asked only whether any entry starts so.
    const few = tab === 'favorites' || tab === 'recent' ? 0 : undefined
    return wordMatch(this.knex, FOLDER_WORDS, { accountId: caller.accountId, idColumn: 'folders.id', textColumn: 'folders.search_key', among }, text, few)
  }

  /** The search box's text and the My tab's people, on a query of `folders`. */
  private withTabConditions(query: Knex.QueryBuilder, caller: AuthUser, tab: DocumentTab, text: TextMatch) {
    text?.(query)
    if (tab === 'my') query.where((mine) => mine.where(`folders.${MY_KEYS[0]}`, caller.id).orWhere(`folders.${MY_KEYS[1]}`, caller.id))
    return query
  }

  /**
   * The numbers a member's page lies between (lead-window.ts): null for an admin, for one
   * project (its documents are read in order from the list index) and for the mark tabs.
   */
  private numberWindow(caller: AuthUser, tab: DocumentTab, q: DocumentListQuery, granted: Knex.QueryBuilder | null, text: TextMatch, upTo: number): Promise<LeadWindow | null> {
    if (!granted || q.projectId !== undefined || (tab !== 'all' && tab !== 'my')) return Promise.resolve(null)
    const rowsOf = (folders: Knex.QueryBuilder) => this.withTabConditions(folders.where('folders.account_id', caller.accountId).whereNotNull('folders.symbol'), caller, tab, text)
    // The leading projects' rows through the list index (account, project, number): MariaDB read the account's
    // number index instead, row by row until 25 of the caller's (My: 3,281 rows, 4.4 ms, against 1,600 index entries, 0.8 ms).
    const leadingRows = () => rowsOf(fromIndex(this.knex, 'folders', 'folders', FOLDERS_LIST_INDEX))
    return leadWindow(this.knex, { granted, rows: () => rowsOf(this.knex('folders')), leadingRows, project: 'folders.project_id', key: 'folders.symbol', upTo })
  }

  async find(params: AppParams): Promise<DocumentListPage> {
    const caller = currentUser(params)
    const q = (params.query ?? {}) as DocumentListQuery
    const tab = q.tab ?? 'all'
    const limit = q.$limit ?? DOCUMENT_LIST_LIMIT.default
    const skip = q.$skip ?? 0
    const { granted } = await this.app.get('access').grantedProjects(caller, 'VIEW')
    const text = await this.textMatch(caller, tab, q)
    const { query: base } = await this.tabQuery(caller, tab, q, granted, text)
    // Recent is the most recently opened ones only: its total, and its last page, stop there.
    const { total, capped } = await countUpTo(this.knex, base, tab === 'recent' ? RECENT_DOCUMENTS_MAX : skip + limit + DOCUMENT_COUNT_AHEAD)
    const take = Math.min(limit, total - skip)
    const window = take > 0 ? await this.numberWindow(caller, tab, q, granted, text, skip + take) : null
    const rows = take > 0 ? await this.page(base, tab, caller, take, skip, window) : []
    return { total, totalCapped: capped && tab !== 'recent', limit, skip, data: await this.present(rows, caller.accountId) }
  }

  /**
   * One page of the tab's rows, in its order: the page's documents chosen first (`page`: ids
   * and sort keys only, which the list index holds, so a member's documents are sorted from
   * the index without reading their rows; a member's within `window`, numberWindow),
   * then for those rows alone the columns the list shows, the file count, the caller's mark
   * and EDIT on the project.
   */
  private async page(base: Knex.QueryBuilder, tab: DocumentTab, caller: AuthUser, limit: number, skip: number, window: LeadWindow | null): Promise<ListRow[]> {
    const rows = base.clone().select('folders.id', 'folders.symbol', 'folders.name')
    // Unnumbered documents sort first: they are on the page whatever the window.
    if (window) withinWindow(rows, window, 'folders.symbol', { orNull: true })
    if (tab === 'recent') rows.select('mark.visited_at').orderBy([{ column: 'mark.visited_at', order: 'desc' }, { column: 'folders.id', order: 'desc' }])
    else rows.orderBy([{ column: 'folders.symbol' }, { column: 'folders.name' }, { column: 'folders.id' }])
    const query = this.knex
      .from(rows.limit(limit).offset(skip).as('page'))
      .innerJoin('folders as f', 'f.id', 'page.id')
      .select(
        // The customer view's numbers come from the same row: no join, no count of their own.
        ...['id', 'project_id', 'name', 'symbol', 'folder_type_id', 'state', 'revision', 'responsible_id', 'changed_at', 'customer_number', 'supplier_number', 'tag_number', 'provider'].map(
          (column) => `f.${column}`,
        ),
        'favorite.folder_id as favorite_folder_id',
        this.knex.raw('(select count(*) from folder_files ff where ff.folder_id = f.id and ff.file_type <> ? and ff.revision_id is null) as file_count', ['COMMENT']),
      )
      // The caller's own mark: at most one per document (unique on user and document), so no row doubles.
      .leftJoin('folder_favorites as favorite', (on) => on.on('favorite.folder_id', '=', 'f.id').andOnVal('favorite.user_id', '=', caller.id))
    // EDIT on the row's project: among the caller's projects at EDIT (null: an admin holds every project of the account).
    // An IN list is made once per statement and probed per row; a joined derived table was scanned for each of the page's rows.
    const { granted } = await this.app.get('access').grantedProjects(caller, 'EDIT')
    query.select(granted ? this.knex.raw('(?? in ?) as can_edit', ['f.project_id', granted.clone()]) : this.knex.raw('1 as can_edit'))
    // A derived table keeps no order: the page is sorted again, its rows alone.
    if (tab === 'recent') query.orderBy([{ column: 'page.visited_at', order: 'desc' }, { column: 'page.id', order: 'desc' }])
    else query.orderBy([{ column: 'page.symbol' }, { column: 'page.name' }, { column: 'page.id' }])
    return (await query) as ListRow[]
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
        customerNumber: row.customer_number ?? null,
        supplierNumber: row.supplier_number ?? null,
        tagNumber: row.tag_number ?? null,
        provider: row.provider ?? null,
        fileCount: Number(row.file_count),
        changedAt: row.changed_at,
        favorite: row.favorite_folder_id !== null && row.favorite_folder_id !== undefined,
        canEdit: Number(row.can_edit) === 1,
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

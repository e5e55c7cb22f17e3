/**
 * Where a caller's first hits lie, for lists and search groups sorted by one key (a
 * document's number, a file's name) over rows that come in several streams, each of
 * which an index holds in key order: the projects a member holds, or the documents a
 * person is responsible for and those they made (the My tab).
 *
 * No index orders the rows across the streams, so such a page sorted every row of them:
 * 24,000 documents for the bench's member holding 240 projects (4 ms a page on SQLite,
 * 70-115 ms of MariaDB's own time), 96,000 files for search. The lead stream, whose first
 * key (among the rows that match) comes first, gives the first key of all; its `upTo`-th
 * key is one that no row of the page lies past, as `upTo` rows lie up to there. The rows
 * between the two hold the page, and an index reads them alone: where rows are named
 * under their project's number, as is usual, about a page's worth. Each stream's first key
 * is one step into an index that leads with the account, the stream (project or person)
 * and the key (folders_list_index, folder_files_manager_index, 017-people-indexes.ts).
 */
import type { Knex } from 'knex'

export interface LeadWindow {
  from: string
  to: string
}

/** The key the rows sort by, and how (a column reference to SQL that sorts it, e.g. with a collation). */
interface SortKey {
  key: string
  order?: (column: string) => string
}

const asIs = (column: string) => column

/** The window from the lead stream's first key to its `upTo`-th, or null when it holds fewer. */
const windowOf = async (knex: Knex, first: string, leadRows: Knex.QueryBuilder, { key, order = asIs }: SortKey, upTo: number): Promise<LeadWindow | null> => {
  const last = await leadRows.orderByRaw(order(key)).offset(upTo - 1).first(knex.raw('?? as last_key', [key]))
  return last ? { from: first, to: last.last_key } : null
}

export interface ProjectsWindowQuery extends SortKey {
  /** The projects the caller holds (granted_project_id), as whereProjectAccess joins them. */
  granted: Knex.QueryBuilder
  /** A new query of the matching rows of the account whose key is not null: no order, no columns. */
  rows: () => Knex.QueryBuilder
  /** The same, for one project's first key, where the planner needs telling which index holds the key in order (fromIndex). */
  projectRows?: () => Knex.QueryBuilder
  /** The rows' project column, e.g. `folders.project_id`. */
  project: string
  upTo: number
}

/** The window that holds a member's first `upTo` rows with a key, the projects they hold being the streams. */
export const projectsWindow = async (knex: Knex, query: ProjectsWindowQuery): Promise<LeadWindow | null> => {
  const { granted, rows, projectRows = rows, project, key, order = asIs, upTo } = query
  const firstKey = projectRows().whereRaw('?? = ??', [project, 'held.granted_project_id']).orderByRaw(order(key)).limit(1).select(key)
  // Distinct (each project is once already): SQLite then reads the derived table once, rather
  // than asking each project's first key again in the outer WHERE and ORDER BY.
  const heads = knex.from(granted.clone().as('held')).distinct('held.granted_project_id as project_id', firstKey.as('first_key'))
  const lead = await knex.from(heads.as('heads')).whereNotNull('first_key').orderByRaw(order('first_key')).first('project_id', 'first_key')
  return lead ? windowOf(knex, lead.first_key, rows().where(project, lead.project_id), query, upTo) : null
}

/** The window that holds the first `upTo` rows with a key of a few streams, each a new query of its matching rows whose key is not null. */
export const streamsWindow = async (knex: Knex, streams: (() => Knex.QueryBuilder)[], sort: SortKey, upTo: number): Promise<LeadWindow | null> => {
  const order = sort.order ?? asIs
  const [head, ...more] = streams.map((rows, n) => knex.select(knex.raw('? as stream', [n]), rows().orderByRaw(order(sort.key)).limit(1).select(sort.key).as('first_key')))
  if (!head) return null
  const lead = await knex.from((more.length ? head.unionAll(more) : head).as('heads')).whereNotNull('first_key').orderByRaw(order('first_key')).first('stream', 'first_key')
  return lead ? windowOf(knex, lead.first_key, streams[Number(lead.stream)]!(), sort, upTo) : null
}

/** Confines `query` to rows whose key lies in the window. */
export const withinWindow = (query: Knex.QueryBuilder, window: LeadWindow, { key, order = asIs }: SortKey) =>
  query.whereRaw(`${order(key)} between ? and ?`, [window.from, window.to])

/**
 * The rows of `query` (its columns chosen) whose key lies in the window, and those without
 * a key (which sort first, so any page may hold them), as the derived table `alias`. A
 * union, not an OR: each part reads its own index range, where an OR beside the My tab's
 * (responsible or author) made SQLite read every one of the person's documents.
 */
export const inWindowOrKeyless = (knex: Knex, query: Knex.QueryBuilder, window: LeadWindow, sort: SortKey, alias: string) =>
  knex.from(withinWindow(query.clone(), window, sort).unionAll(query.clone().whereNull(sort.key)).as(alias))

/**
 * `table as alias` read through `index`: a hint where the planner's statistics mislead it
 * (SQLite's `indexed by`, MySQL's `force index`), as for a project's first file name, which
 * both took from the search index (account, project, revision) and sorted each project's
 * files (SQLite 135 ms, MariaDB 520 ms for 240 projects) instead of reading the name index
 * in order to the first match (3 and 16 ms).
 */
export const fromIndex = (knex: Knex, table: string, alias: string, index: string) =>
  knex.from(knex.raw(knex.client.config.client === 'better-sqlite3' ? '?? as ?? indexed by ??' : '?? as ?? force index (??)', [table, alias, index]))

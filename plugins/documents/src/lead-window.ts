/**
 * Where a member's first hits lie, for lists and search groups sorted by one key (a
 * document's number, a file's name) across the projects the member holds.
 *
 * No index orders rows across a set of projects, so such a page sorted every row of the
 * member's projects: 24,000 documents for the bench's member holding 240 projects (4 ms a
 * page on SQLite, 70-115 ms of MariaDB's own time), 96,000 files for search. The lead
 * project, whose first key (among the rows that match) comes first, gives the first key of
 * all; its `upTo`-th key is one that no row of the page lies past, as `upTo` rows lie up to
 * there. The rows between the two hold the page, and an index reads them alone: where rows
 * are named under their project's number, as is usual, about a page's worth. Each project's
 * first key is one step into an index that leads with the account, the project and the key
 * (folders_list_index; folder_files_manager_index). Where the lead project holds fewer than a
 * page's rows (a member responsible for one document in ten), the leading projects' rows
 * together give the window's end.
 */
import type { Knex } from 'knex'

export interface LeadWindow {
  from: string
  to: string
}

export interface LeadWindowQuery {
  /** The projects the caller holds (granted_project_id), as whereProjectAccess joins them. */
  granted: Knex.QueryBuilder
  /** A new query of the matching rows of the account whose key is not null: no order, no columns. */
  rows: () => Knex.QueryBuilder
  /** The same, for one project's first key, where the planner needs telling which index holds the key in order (fromIndex). */
  projectRows?: () => Knex.QueryBuilder
  /** The same, for the rows of the few leading projects (the window's end), where the planner needs telling. */
  leadingRows?: () => Knex.QueryBuilder
  /** The rows' project and key columns, e.g. `folders.project_id`, `folders.symbol`. */
  project: string
  key: string
  /** The key as the list sorts it (its collation): SQL for a column reference. */
  order?: (column: string) => string
  upTo: number
}

/**
 * How many of the leading projects (by first key) may make the window together when the
 * lead alone holds fewer than `upTo` matching rows (a member responsible for one document in
 * ten, a filter that meets one in eight): past that, the page is sorted from all.
 */
export const LEAD_PROJECTS = 16

/** The window of keys that holds the first `upTo` rows with a key, or null when the leading projects hold fewer. */
export const leadWindow = async (knex: Knex, query: LeadWindowQuery): Promise<LeadWindow | null> => {
  const { granted, rows, projectRows = rows, leadingRows = rows, project, key, order = (column) => column, upTo } = query
  const firstKey = projectRows().whereRaw('?? = ??', [project, 'held.granted_project_id']).orderByRaw(order(key)).limit(1).select(key)
  // Distinct (each project is once already): SQLite then reads the derived table once, rather
  // than asking each project's first key again in the outer WHERE and ORDER BY.
  const heads = knex.from(granted.clone().as('held')).distinct('held.granted_project_id as project_id', firstKey.as('first_key'))
  // Projects without a matching row sort last and are dropped here: a WHERE on first_key would be
  // pushed into `heads` by SQLite, asking each project's first key twice.
  const leading = (
    (await knex
      .from(heads.as('heads'))
      .orderByRaw('first_key is null')
      .orderByRaw(order('first_key'))
      .limit(LEAD_PROJECTS)
      .select('project_id', 'first_key')) as { project_id: number; first_key: string | null }[]
  ).filter((head): head is { project_id: number; first_key: string } => head.first_key !== null)
  // The `upTo`-th key of the lead project, else of the leading projects' rows together: `upTo` rows lie up to it.
  for (const count of [1, LEAD_PROJECTS]) {
    if (count > 1 && leading.length < 2) break
    const ids = leading.slice(0, count).map((head) => head.project_id)
    const last = await leadingRows().whereIn(project, ids).orderByRaw(order(key)).offset(upTo - 1).first(knex.raw('?? as last_key', [key]))
    if (last) return { from: leading[0]!.first_key, to: last.last_key }
  }
  return null
}

/** Confines `query` to rows whose key lies in the window (and, with `orNull`, those without one). */
export const withinWindow = (query: Knex.QueryBuilder, window: LeadWindow, key: string, { order = (column: string) => column, orNull = false } = {}) =>
  query.where((within) => {
    within.whereRaw(`${order(key)} between ? and ?`, [window.from, window.to])
    if (orNull) within.orWhereNull(key)
  })

/**
 * `table as alias` read through `index`: a hint where the planner's statistics mislead it
 * (SQLite's `indexed by`, MySQL's `force index`), as for a project's first file name, which
 * both took from the search index (account, project, revision) and sorted each project's
 * files (SQLite 135 ms, MariaDB 520 ms for 240 projects) instead of reading the name index
 * in order to the first match (3 and 16 ms).
 */
export const fromIndex = (knex: Knex, table: string, alias: string, index: string) =>
  knex.from(knex.raw(knex.client.config.client === 'better-sqlite3' ? '?? as ?? indexed by ??' : '?? as ?? force index (??)', [table, alias, index]))

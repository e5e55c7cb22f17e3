/**
 * The documents' groups of GET /search (spec part2 §2 "Search"; the kit's `searchProviders`):
 * documents with a word of their number or title that starts with the text, and files with
 * such a word in their name, in any case (the word indexes, words.ts), over the projects the
 * caller holds VIEW on (the kit's whereProjectAccess, in SQL, as the documents list), each
 * group counted to the kit's SEARCH_COUNT_UP_TO and its first `limit` hits sorted in SQL
 * (the kit's firstHits: among the few hits found, or in order among many).
 * Like the projects' group it answers nothing to a caller the Projects and Documents menu
 * entries are not shown to (canSeeProjects).
 *
 * A document's hit is "number - title" and opens its page, /project/{projectId}/documents/{id};
 * a file's is its name with its document's number (or title), and opens that document's
 * files, /project/{projectId}/documents/{documentId}/files. The files are those the
 * document's Files tab lists: no COMMENT files, none kept with an archived revision.
 */
import type { AppParams, Application, SearchProvider } from '@app/plugin-kit'
import { SEARCH_COUNT_UP_TO, callerFlags, currentUser, firstHits, whereProjectAccess, wordMatch } from '@app/plugin-kit'
import type { Knex } from 'knex'
import { anyCase, byNameThenId } from './any-case'
import { fromIndex, leadWindow, withinWindow } from './lead-window'
import { FILE_MANAGER_FILES_INDEX } from './migrations/016-file-manager-index'
import { FILE_WORDS, FOLDER_WORDS } from './words'

/** A document's name as lists show it. */
const documentTitle = (symbol: string | null, name: string) => (symbol ? `${symbol} - ${name}` : name)

/** Whether the caller may open the lists these groups stand beside (the search asks as the caller). */
const maySearch = async (app: Application, params: AppParams) => (await callerFlags(app, params)).canSeeProjects

export const documentsSearch: SearchProvider = {
  group: 'documents',
  module: 'document',
  async search(app, params, text, limit) {
    if (!(await maySearch(app, params))) return undefined
    const caller = currentUser(params)
    const knex = app.get('knex')
    const titled = await wordMatch(knex, FOLDER_WORDS, { accountId: caller.accountId, idColumn: 'folders.id', textColumn: 'folders.search_key' }, text)
    const matching = () => titled(knex('folders').where('folders.account_id', caller.accountId))
    const hits = matching()
    const { granted } = await app.get('access').grantedProjects(caller, 'VIEW')
    await whereProjectAccess(app, caller, hits, { level: 'VIEW', column: 'folders.project_id', accountColumn: 'folders.account_id', granted })
    const { rows, total, capped } = await firstHits<{ id: number; project_id: number; symbol: string | null; name: string }>(hits, 'folders.id', SEARCH_COUNT_UP_TO, async (ids) => {
      if (!limit) return []
      const first = ids ? knex('folders').whereIn('folders.id', ids) : hits.clone()
      // Among many, a member's first hits lie between two numbers (lead-window.ts); unnumbered ones sort first.
      const window = !ids && granted ? await leadWindow(knex, { granted, rows: () => matching().whereNotNull('folders.symbol'), project: 'folders.project_id', key: 'folders.symbol', upTo: limit }) : null
      if (window) withinWindow(first, window, 'folders.symbol', { orNull: true })
      return await first
        .select('folders.id', 'folders.project_id', 'folders.symbol', 'folders.name')
        .orderBy([{ column: 'folders.symbol' }, { column: 'folders.name' }, { column: 'folders.id' }])
        .limit(limit)
    })
    return {
      group: 'documents',
      total,
      totalCapped: capped,
      items: rows.map((row) => ({ id: Number(row.id), title: documentTitle(row.symbol, row.name), href: `/project/${row.project_id}/documents/${row.id}` })),
    }
  },
}

export const filesSearch: SearchProvider = {
  group: 'files',
  module: 'document',
  async search(app, params, text, limit) {
    if (!(await maySearch(app, params))) return undefined
    const caller = currentUser(params)
    const knex = app.get('knex')
    const named = await wordMatch(knex, FILE_WORDS, { accountId: caller.accountId, idColumn: 'ff.id', textColumn: 'ff.name_key' }, text)
    const matchingIn = (files: Knex.QueryBuilder) => named(files.where('ff.account_id', caller.accountId).whereNot('ff.file_type', 'COMMENT').whereNull('ff.revision_id'))
    const matching = () => matchingIn(knex('folder_files as ff'))
    const hits = matching()
    const { granted } = await app.get('access').grantedProjects(caller, 'VIEW')
    await whereProjectAccess(app, caller, hits, { level: 'VIEW', column: 'ff.project_id', accountColumn: 'ff.account_id', granted })
    const order = anyCase(knex)
    const projectRows = () => matchingIn(fromIndex(knex, 'folder_files', 'ff', FILE_MANAGER_FILES_INDEX))
    type FileHit = { id: number; name: string; folder_id: number; project_id: number; symbol: string | null; folder_name: string }
    const { rows, total, capped } = await firstHits<FileHit>(hits, 'ff.id', SEARCH_COUNT_UP_TO, async (ids) => {
      if (!limit) return []
      const first = ids ? knex('folder_files as ff').whereIn('ff.id', ids) : hits.clone()
      // Among many, a member's first hits lie between two names (lead-window.ts).
      const window = !ids && granted ? await leadWindow(knex, { granted, rows: matching, projectRows, project: 'ff.project_id', key: 'ff.name', order, upTo: limit }) : null
      if (window) withinWindow(first, window, 'ff.name', { order })
      // The first hits chosen from the search index alone (ids and names), then only they are read with their documents:
      // joined before the sort, every matching file's row and document were read.
      return await knex
        .from(
          first
            .select('ff.id', 'ff.name')
            // In any case, alike on both databases, read in order from the name index (014-file-name-index.ts).
            .orderByRaw(byNameThenId(knex, 'ff'))
            .limit(limit)
            .as('hit'),
        )
        .join('folder_files as file', 'file.id', 'hit.id')
        .join('folders as f', 'f.id', 'file.folder_id')
        .select('hit.id', 'hit.name', 'file.folder_id', 'file.project_id', 'f.symbol', 'f.name as folder_name')
        .orderByRaw(byNameThenId(knex, 'hit'))
    })
    return {
      group: 'files',
      total,
      totalCapped: capped,
      items: rows.map((row) => ({
        id: Number(row.id),
        title: `${row.name} (${row.symbol ?? row.folder_name})`,
        href: `/project/${row.project_id}/documents/${row.folder_id}/files`,
      })),
    }
  },
}

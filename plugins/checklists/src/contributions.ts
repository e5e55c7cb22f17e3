/**
 * What checklists give the rest of the product through the kit's extension points: a
 * project with checklists is kept (part2 §5 "A project with content cannot be deleted"), a
 * document made from a checklist is kept while the checklist names it, and the /search
 * page's Checklists group.
 */
import type { DocumentDeleteBlocker, ProjectDeleteBlocker, SearchProvider } from '@app/plugin-kit'
import { BLOCK_LIST_LIMIT, SEARCH_COUNT_UP_TO, callerFlags, currentUser, firstHits, whereContains, whereProjectAccess } from '@app/plugin-kit'

export const projectChecklistsBlock: ProjectDeleteBlocker = {
  async find(app, project) {
    const titles: string[] = await app
      .get('knex')('checklists')
      .where({ account_id: project.accountId, project_id: project.id })
      .orderBy([{ column: 'title' }, { column: 'id' }])
      .limit(BLOCK_LIST_LIMIT)
      .pluck('title')
    return titles.map((title) => ({ reason: 'has checklist', item: title }))
  },
}

export const checklistFolderBlock: DocumentDeleteBlocker = {
  async find(app, document) {
    const titles: string[] = await app
      .get('knex')('checklists')
      .where({ account_id: document.accountId, folder_id: document.id })
      .orderBy([{ column: 'title' }, { column: 'id' }])
      .limit(BLOCK_LIST_LIMIT)
      .pluck('title')
    return titles.map((title) => ({ reason: 'is the folder of checklist', item: title }))
  },
}

/**
 * The Checklists group of GET /search: checklists whose title contains the text, in any
 * case, of the projects the caller holds VIEW on (in SQL), counted to the kit's
 * SEARCH_COUNT_UP_TO and the first sorted by title (the kit's firstHits, as the documents' groups). Like the projects' group, nothing for a caller the Projects menu is not shown to.
 */
export const checklistsSearch: SearchProvider = {
  group: 'checklists',
  module: 'checklist',
  async search(app, params, text, limit) {
    if (!(await callerFlags(app, params)).canSeeProjects) return undefined
    const caller = currentUser(params)
    const knex = app.get('knex')
    const query = whereContains(knex('checklists as c').where('c.account_id', caller.accountId), ['c.title'], text)
    await whereProjectAccess(app, caller, query, { level: 'VIEW', column: 'c.project_id', accountColumn: 'c.account_id' })
    const { rows, total, capped } = await firstHits<{ id: number; project_id: number; title: string }>(query, 'c.id', SEARCH_COUNT_UP_TO, async (ids) =>
      limit
        ? await (ids ? knex('checklists as c').whereIn('c.id', ids) : query.clone())
            .select('c.id', 'c.project_id', 'c.title')
            .orderBy([{ column: 'c.title' }, { column: 'c.id' }])
            .limit(limit)
        : [],
    )
    return {
      group: 'checklists',
      total,
      totalCapped: capped,
      items: rows.map((row) => ({ id: Number(row.id), title: row.title, href: `/project/${row.project_id}/checklists/${row.id}` })),
    }
  },
}

/**
 * A linked thing is kept (spec part1 §8 "is linked to"): a document (the documents plugin
 * asks every plugin whose rows point at documents) and a project (the projects plugin asks
 * every plugin whose rows belong to projects). Each names the other ends of its links, at
 * most BLOCK_LIST_LIMIT: by their labels when they are in the same project as the thing
 * being deleted (its deleter sees that project), else only by module and id, so a refusal
 * never shows the name of something in a project the deleter may not see.
 *
 * A link whose other end no longer exists (deleted by a path that asked no blocker, or in
 * a race with the link's creation) keeps nothing: it is removed here, so nothing dangling
 * remains once its surviving end goes too.
 */
import { type Application, BLOCK_LIST_LIMIT, type DocumentDeleteBlocker, type ProjectDeleteBlocker } from '@app/plugin-kit'
import { type LinkEnd, type LinkRow, otherEnd, targetOf } from './services/links/links.class'

/** Rows read at a time while looking for the ones to name. */
const PAGE = 100

const linkedTo = async (app: Application, accountId: number, end: LinkEnd, projectId: number) => {
  const knex = app.get('knex')
  const named: { reason: string; item: string }[] = []
  let after = 0
  while (named.length < BLOCK_LIST_LIMIT) {
    const rows: LinkRow[] = await knex('links')
      .where('account_id', accountId)
      .where((either) => either.where({ from_module: end.module, from_id: end.id }).orWhere({ to_module: end.module, to_id: end.id }))
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
    if (!rows.length) break
    after = Number(rows.at(-1)!.id)
    const others = rows.map((row) => ({ row, other: otherEnd(row, end) }))
    const byModule = new Map<string, number[]>()
    for (const { other } of others) byModule.set(other.module, [...(byModule.get(other.module) ?? []), other.id])
    const found = new Map<string, Map<number, { label: string; projectId: number }> | undefined>()
    for (const [module, ids] of byModule) found.set(module, await targetOf(app, module)?.find(app, accountId, ids))
    const gone: number[] = []
    for (const { row, other } of others) {
      const items = found.get(other.module)
      const item = items?.get(other.id)
      // A module no plugin answers for any more keeps its links, by module and id.
      if (items && !item) gone.push(Number(row.id))
      else named.push({ reason: 'is linked to', item: item && item.projectId === projectId ? item.label : `${other.module} #${other.id}` })
    }
    if (gone.length) await knex('links').where('account_id', accountId).whereIn('id', gone).delete()
  }
  return named.slice(0, BLOCK_LIST_LIMIT)
}

export const documentLinksBlock: DocumentDeleteBlocker = {
  find: (app, document) => linkedTo(app, document.accountId, { module: 'document', id: document.id }, document.projectId),
}

export const projectLinksBlock: ProjectDeleteBlocker = {
  find: (app, project) => linkedTo(app, project.accountId, { module: 'project', id: project.id }, project.id),
}

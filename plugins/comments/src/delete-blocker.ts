/**
 * A thing's comments keep it (spec part1 §8's "has comment by"): a project's (the projects
 * plugin refuses to delete a project with content, and asks every plugin whose rows belong
 * to projects) and a document's notes (the documents plugin asks every plugin whose rows
 * point at documents). This one answers who commented, at most BLOCK_LIST_LIMIT of them.
 */
import { type Application, BLOCK_LIST_LIMIT, type DocumentDeleteBlocker, type ProjectDeleteBlocker } from '@app/plugin-kit'

/** The authors of the comments on one thing, each once, by name ("a former member" once they have left the account). */
const commentedBy = async (app: Application, accountId: number, module: string, moduleId: number) => {
  const authors: { author_id: number | null }[] = await app
    .get('knex')('comments')
    .where({ account_id: accountId, module, module_id: moduleId })
    .distinct('author_id')
    .limit(BLOCK_LIST_LIMIT)
  if (!authors.length) return []
  const people = await app.get('core').membersById(accountId, authors.filter((a) => a.author_id !== null).map((a) => Number(a.author_id)))
  return authors.map((a) => {
    const person = a.author_id === null ? undefined : people.get(Number(a.author_id))
    return { reason: 'has comment by', item: person ? `${person.firstName} ${person.lastName}`.trim() || person.username : 'a former member' }
  })
}

export const projectCommentsBlock: ProjectDeleteBlocker = {
  find: (app, project) => commentedBy(app, project.accountId, 'project', project.id),
}

/** A document's notes are comments on the module `folder` (the documents plugin's comment target). */
export const documentNotesBlock: DocumentDeleteBlocker = {
  find: (app, document) => commentedBy(app, document.accountId, 'folder', document.id),
}

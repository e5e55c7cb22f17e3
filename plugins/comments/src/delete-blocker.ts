/**
 * A project's comments keep it (spec part1 §8's "has comment by"): the projects plugin
 * refuses to delete a project with content, and asks every plugin whose rows belong to
 * projects; this one answers who commented, at most BLOCK_LIST_LIMIT of them.
 */
import { BLOCK_LIST_LIMIT, type ProjectDeleteBlocker } from '@app/plugin-kit'

export const projectCommentsBlock: ProjectDeleteBlocker = {
  async find(app, project) {
    const authors: { author_id: number | null }[] = await app
      .get('knex')('comments')
      .where({ account_id: project.accountId, module: 'project', module_id: project.id })
      .distinct('author_id')
      .limit(BLOCK_LIST_LIMIT)
    if (!authors.length) return []
    const people = await app.get('core').membersById(project.accountId, authors.filter((a) => a.author_id !== null).map((a) => Number(a.author_id)))
    return authors.map((a) => {
      const person = a.author_id === null ? undefined : people.get(Number(a.author_id))
      return { reason: 'has comment by', item: person ? `${person.firstName} ${person.lastName}`.trim() || person.username : 'a former member' }
    })
  },
}

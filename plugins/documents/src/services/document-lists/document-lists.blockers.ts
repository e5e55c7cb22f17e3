/**
 * What binders keep: a document in a binder is not deleted (part1 §8 "is in document
 * list", naming the binder), and a project with binders is not deleted (part2 §5 "A
 * project with content cannot be deleted": its binders are content its people made, as
 * its documents are; `has document list`, naming each). At most BLOCK_LIST_LIMIT each.
 */
import { BLOCK_LIST_LIMIT, type DocumentDeleteBlocker, type ProjectDeleteBlocker } from '@app/plugin-kit'

export const documentInListBlock: DocumentDeleteBlocker = {
  async find(app, document) {
    const names: string[] = await app
      .get('knex')('document_list_items as i')
      .join('document_lists as l', 'l.id', 'i.list_id')
      .where({ 'i.folder_id': document.id, 'i.account_id': document.accountId })
      .orderBy([{ column: 'l.name_key' }, { column: 'l.id' }])
      .limit(BLOCK_LIST_LIMIT)
      .pluck('l.name')
    return names.map((name) => ({ reason: 'is in document list', item: name }))
  },
}

export const projectListsBlock: ProjectDeleteBlocker = {
  async find(app, project) {
    const names: string[] = await app
      .get('knex')('document_lists')
      .where({ account_id: project.accountId, project_id: project.id })
      .orderBy([{ column: 'name_key' }, { column: 'id' }])
      .limit(BLOCK_LIST_LIMIT)
      .pluck('name')
    return names.map((name) => ({ reason: 'has document list', item: name }))
  },
}

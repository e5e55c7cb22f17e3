/**
 * Notes on documents (spec part1 §3 "Note", §7 GET and POST /comments/{module}/{moduleId}):
 * the comments plugin's `/comments/folder/:folderId`, through the kit's `commentTargets`.
 * As the document itself, a document's notes are read, and added, with VIEW on its
 * project; its project's administrators change or remove anyone's. A document of another
 * account, or none, is not found; with the documents module switched off for the account,
 * its documents' notes are refused like its services. The notes' changes go to the
 * document's project's event log.
 */
import type { Application, CommentTarget } from '@app/plugin-kit'
import { accessRank, currentUser, moduleEnabled } from '@app/plugin-kit'
import { Forbidden, NotFound } from '@feathersjs/errors'

/** The project of a document of the account, if it is one. */
const projectOfFolder = async (app: Application, accountId: number, folderId: number): Promise<number | undefined> => {
  const row = await app.get('knex')('folders').where({ id: folderId, account_id: accountId }).first('project_id')
  return row ? Number(row.project_id) : undefined
}

export const folderComments: CommentTarget = {
  module: 'folder',
  async access(app, params, folderId) {
    const user = currentUser(params)
    if (!moduleEnabled(user, 'document')) throw new Forbidden('Module document is not enabled for this account')
    const projectId = await projectOfFolder(app, user.accountId, folderId)
    if (projectId === undefined) throw new NotFound(`No record found for id '${folderId}'`)
    const level = await app.get('access').projectLevel(user, projectId)
    if (accessRank(level) < accessRank('VIEW')) throw new Forbidden('This needs VIEW access to the project')
    return { administer: accessRank(level) >= accessRank('ADMINISTER') }
  },
  projectOf: (app, accountId, folderId) => projectOfFolder(app, accountId, folderId),
}

/**
 * Comments on projects (`/comments/project/:projectId`, the comments plugin's): a project's
 * comments are read, and added, with VIEW on it; its administrators change or remove
 * anyone's. A project of another account, or none, is not found; with the project module
 * switched off for the account, the comments of its projects are refused like its services.
 */
import { Forbidden, NotFound } from '@feathersjs/errors'
import type { CommentTarget } from '@app/plugin-kit'
import { accessRank, currentUser, moduleEnabled } from '@app/plugin-kit'

export const projectComments: CommentTarget = {
  module: 'project',
  async access(app, params, projectId) {
    const user = currentUser(params)
    if (!moduleEnabled(user, 'project')) throw new Forbidden('Module project is not enabled for this account')
    if ((await app.get('projects')?.accountOf(projectId)) !== user.accountId) throw new NotFound(`No record found for id '${projectId}'`)
    const level = await app.get('access').projectLevel(user, projectId)
    if (accessRank(level) < accessRank('VIEW')) throw new Forbidden('This needs VIEW access to the project')
    return { administer: accessRank(level) >= accessRank('ADMINISTER') }
  },
  projectOf: async (app, accountId, projectId) => ((await app.get('projects')?.accountOf(projectId)) === accountId ? projectId : undefined),
}

/** POST /contexts/{contextId}: a token of the same session for another account the caller is an enabled member of. */
import { Forbidden } from '@feathersjs/errors'
import { defineAction } from '@app/plugin-kit'
import { issueToken } from '../../auth/sessions'
import { contextSwitchPath } from './context-switch.shared'

export const contextSwitchService = defineAction({
  path: contextSwitchPath,
  scope: { kind: 'own-user', why: "Issues a token for one of the caller's own accounts." },
  run: async ({ app, caller, ids: { contextId } }) => {
    const member = await app
      .get('knex')('account_users as au')
      .join('accounts as a', 'a.id', 'au.account_id')
      .where({ 'au.user_id': caller.id, 'au.account_id': contextId, 'au.enabled': true, 'a.enabled': true })
      .first('au.id')
    if (!member) throw new Forbidden('You do not belong to this account')
    return { accessToken: await issueToken(app, caller.id, contextId, 'access', caller.sessionId) }
  },
})

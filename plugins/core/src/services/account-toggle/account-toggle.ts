/**
 * A global admin opens or closes an account: opening tells its admins by mail, closing
 * ends every session in it at once.
 */
import { BadRequest, NotFound } from '@feathersjs/errors'
import { defineAction } from '@app/plugin-kit'
import { revokeAccountSessions } from '../../auth/sessions'
import { sendAccountOpenedMail } from '../../signup'
import { accountTogglePath } from './account-toggle.shared'

export const accountToggleService = defineAction({
  path: accountTogglePath,
  scope: { kind: 'platform', why: 'Global admins open and close any account.' },
  flags: ['canManageAccounts'],
  run: async ({ app, caller, ids: { accountId } }) => {
    const knex = app.get('knex')
    const account = await knex('accounts').where({ id: accountId }).first('id', 'enabled')
    if (!account) throw new NotFound(`No record found for id '${accountId}'`)
    if (accountId === caller.accountId && account.enabled) throw new BadRequest('You cannot disable the account you are signed in to')
    const enabled = !account.enabled
    await knex('accounts').where({ id: accountId }).update({ enabled, trial: enabled ? false : undefined })
    if (enabled) await sendAccountOpenedMail(app, accountId)
    else await revokeAccountSessions(knex, accountId)
    return { id: accountId, enabled }
  },
})

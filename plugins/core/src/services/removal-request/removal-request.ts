/**
 * POST /accountusers/{userId}/toggleRequestRemoval (spec part1 §2, §6): everyone asks
 * for their own removal; whoever may act on a member (core's rule, the declared target)
 * sets or clears theirs too (the user details page).
 */
import { Conflict, NotFound } from '@feathersjs/errors'
import { defineAction } from '@app/plugin-kit'
import { USER_MESSAGES, accountUser } from '../../account-user'
import { removalRequestPath } from './removal-request.shared'

export const removalRequestService = defineAction({
  path: removalRequestPath,
  scope: {
    kind: 'own-user',
    why: "The caller's own membership's removal request in their current account; whoever may act on a member toggles theirs, another account's user answers 404.",
  },
  target: { action: 'removalRequest', userFrom: 'userId' },
  run: async ({ app, caller, ids: { userId } }) => {
    if (userId !== caller.id && (await accountUser(app, caller.accountId, userId)).anonymous) throw new Conflict(USER_MESSAGES.alreadyAnonymous)
    const knex = app.get('knex')
    const where = { account_id: caller.accountId, user_id: userId }
    // Flipped in one statement, so two quick clicks give two toggles, never one lost.
    const changed = await knex('account_users')
      .where(where)
      .update({ removal_requested: knex.raw('case when removal_requested then ? else ? end', [false, true]) })
    if (Number(changed) !== 1) throw new NotFound(`No record found for id '${userId}'`)
    const row = await knex('account_users').where(where).first('removal_requested')
    return { userId, removalRequested: Boolean(row.removal_requested) }
  },
})

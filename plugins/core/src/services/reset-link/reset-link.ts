/**
 * POST /accountusers/{accountId}/reset-link/{userId}: an account admin never sets a
 * member's password (ASVS 6.4.6); they mail the member the ordinary reset link.
 */
import { Conflict } from '@feathersjs/errors'
import { defineAction } from '@app/plugin-kit'
import { takeAttempts } from '../../auth/rate-limit'
import { personOf } from '../../identity'
import { RESET_REQUEST_LIMIT, mailResetLink, resetRequestKey } from '../../user-tokens'
import { USER_MESSAGES, accountUser } from '../../account-user'
import { RESET_LINK_SENT } from './reset-link.schema'
import { resetLinkPath } from './reset-link.shared'

export const resetLinkService = defineAction({
  path: resetLinkPath,
  scope: { kind: 'tenant', routeParam: 'accountId' },
  flags: ['canManageUsers'],
  // Whom the caller may send one: core's rule of who may act on whom (a member's, never a global admin's).
  target: { action: 'membership', userFrom: 'userId' },
  run: async ({ app, caller, ids: { userId } }) => {
    const knex = app.get('knex')
    const member = await accountUser(app, caller.accountId, userId)
    if (member.anonymous) throw new Conflict(USER_MESSAGES.alreadyAnonymous)
    const person = await personOf(knex, userId)
    // The same hourly limit as the forgotten-password page: nobody floods a mailbox.
    await takeAttempts(knex, [{ key: resetRequestKey(person.username), limit: RESET_REQUEST_LIMIT }])
    await mailResetLink(app, person)
    return { userId, message: RESET_LINK_SENT }
  },
})

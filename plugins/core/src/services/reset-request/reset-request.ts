/**
 * POST /passwordreset/requestReset?email=… mails a single-use reset link to a known,
 * enabled person; every address gets the same answer, as fast.
 */
import { TooManyRequests } from '@feathersjs/errors'
import { defineAction } from '@app/plugin-kit'
import { takeAttempts } from '../../auth/rate-limit'
import { RESET_REQUEST_LIMIT, mailResetLink, resetRequestKey } from '../../user-tokens'
import { RESET_REQUESTED, requestResetQuerySchema } from './reset-request.schema'
import { resetRequestPath } from './reset-request.shared'

export const resetRequestService = defineAction({
  path: resetRequestPath,
  public: true,
  scope: { kind: 'none', why: 'Signed-out request for a reset link; answers the same whether the e-mail exists or not.' },
  query: requestResetQuerySchema,
  run: async ({ app, params }) => {
    const email = String(params.query?.email ?? '').trim().toLowerCase()
    const knex = app.get('knex')
    let limited = false
    try {
      await takeAttempts(knex, [{ key: resetRequestKey(email), limit: RESET_REQUEST_LIMIT }])
    } catch (error) {
      if (!(error instanceof TooManyRequests)) throw error
      limited = true
    }
    // The same reads happen for every address; only a known one gets a token and a mail.
    const user = await knex('users').where({ username: email }).first('id', 'username', 'first_name', 'enabled', 'anonymous')
    if (!limited && user && user.enabled && !user.anonymous) {
      // Not awaited: how long a mail server takes must not tell whether the address exists.
      mailResetLink(app, { ...user, id: Number(user.id) }).catch((error: unknown) =>
        app.get('logger').error({ err: error }, 'Sending the password-reset mail failed'),
      )
    }
    return { message: RESET_REQUESTED }
  },
})

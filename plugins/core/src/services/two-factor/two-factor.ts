/**
 * POST /authentication/two-factor: the second sign-in step. The challenge token from
 * the password step names the user; a right code spends it for an access token.
 */
import { NotAuthenticated } from '@feathersjs/errors'
import { defineAction } from '@app/plugin-kit'
import { returnAttempts, takeAttempts } from '../../auth/rate-limit'
import { issueToken } from '../../auth/sessions'
import { acceptCode } from '../../auth/totp'
import { twoFactorSchema } from './two-factor.schema'
import { twoFactorPath } from './two-factor.shared'

/** Wrong codes per user; per client address they count against RATE_LIMIT_ADDRESS, so one address cannot try 5 on each of many users. */
const TOTP_LIMIT = { max: 5, windowSeconds: 900 }

export const twoFactorService = defineAction({
  path: twoFactorPath,
  public: true,
  scope: { kind: 'none', why: 'Second sign-in step; the challenge token names the user.' },
  data: twoFactorSchema,
  run: async ({ app, data, params }) => {
    const user = await app.service('authentication').userOf({ ...params, authentication: { strategy: 'jwt', accessToken: data.challengeToken } }, 'challenge')
    const knex = app.get('knex')
    const attempts = [
      { key: `totp:${user.id}`, limit: TOTP_LIMIT },
      { key: `totp:ip:${params.ip ?? 'internal'}`, limit: app.get('config').rateLimit.perAddress },
    ]
    // Counted before the code is checked, so parallel guesses meet the limit like a sequence.
    await takeAttempts(knex, attempts)
    if ((await acceptCode(app, user.id, data.code)) !== 'accepted') return { valid: false }
    await returnAttempts(knex, attempts)
    // The challenge is spent: it cannot be used for a second token, even by a concurrent call.
    const spent = await knex('sessions').where({ id: user.sessionId, revoked: false }).update({ revoked: true })
    if (Number(spent) !== 1) throw new NotAuthenticated('Your session has ended, please sign in again')
    return { valid: true, accessToken: await issueToken(app, user.id, user.accountId, 'access', user.sessionId) }
  },
})

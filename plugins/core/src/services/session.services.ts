/**
 * Session endpoints beside POST/DELETE /api/authentication: token check, the
 * two-factor step and enrolment, and account contexts.
 */
import { BadRequest, Forbidden, NotAuthenticated } from '@feathersjs/errors'
import type { AppParams, Application, ServiceDefinition } from '@app/plugin-kit'
import { currentUser , routeId } from '@app/plugin-kit'
import type { AuthService } from '../auth/authentication'
import { returnAttempts, takeAttempts } from '../auth/rate-limit'
import { issueToken } from '../auth/sessions'
import { acceptCode, newSecret } from '../auth/totp'
import { twoFactorConfirmSchema, twoFactorSchema } from './schemas'
import { assertCurrentPassword, personOf } from '../identity'
import { currentPasswordSchema } from './identity.services'

const auth = (app: Application) => app.service('authentication') as unknown as AuthService
/** Wrong codes per user; per client address they count against RATE_LIMIT_ADDRESS, so one address cannot try 5 on each of many users. */
const TOTP_LIMIT = { max: 5, windowSeconds: 900 }

export const sessionServices: ServiceDefinition[] = [
  {
    path: 'authentication/validate',
    methods: ['find'],
    scope: { kind: 'own-user', why: "Answers whether the caller's own token is live." },
    service: () => ({ find: async () => ({ valid: true }) }),
  },
  {
    path: 'authentication/two-factor',
    methods: ['create'],
    public: ['create'],
    scope: { kind: 'none', why: 'Second sign-in step; the challenge token names the user.' },
    schemas: { data: twoFactorSchema },
    service: (app) => ({
      async create(data: { challengeToken: string; code: string }, params: AppParams) {
        const user = await auth(app).userOf({ ...params, authentication: { strategy: 'jwt', accessToken: data.challengeToken } }, 'challenge')
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
    }),
  },
  {
    path: 'two-factor/enrolment',
    methods: ['create'],
    scope: { kind: 'own-user', why: "Starts two-factor set-up for the caller's own login." },
    schemas: { data: currentPasswordSchema },
    service: (app) => ({
      async create(data: { currentPassword?: string }, params: AppParams) {
        const user = currentUser(params)
        // Starting again switches two-factor off until confirmed: that needs the current password (identity.ts).
        const person = await personOf(app.get('knex'), user.id)
        if (person.two_factor_enabled) await assertCurrentPassword(app, person, data.currentPassword)
        const { secret, sealed, otpauthUri } = newSecret(app, user.id, user.username)
        // The secret waits unconfirmed: two-factor turns on only when a code from it is confirmed.
        await app.get('knex')('users').where({ id: user.id }).update({ two_factor_secret: sealed, two_factor_enabled: false })
        return { secret, otpauthUri }
      },
    }),
  },
  {
    path: 'two-factor/confirmation',
    methods: ['create'],
    scope: { kind: 'own-user', why: "Confirms two-factor set-up for the caller's own login." },
    schemas: { data: twoFactorConfirmSchema },
    service: (app) => ({
      async create(data: { code: string }, params: AppParams) {
        const user = currentUser(params)
        const accepted = await acceptCode(app, user.id, data.code)
        if (accepted === 'none') throw new BadRequest('Start the two-factor set-up first')
        if (accepted === 'refused') throw new BadRequest('Validation failed', { errors: { code: 'The code is not valid, try the current one' } })
        await app.get('knex')('users').where({ id: user.id }).update({ two_factor_enabled: true })
        return { hasTwoFactor: true }
      },
    }),
  },
  {
    path: 'contexts/:contextId',
    methods: ['create'],
    scope: { kind: 'own-user', why: "Issues a token for one of the caller's own accounts." },
    service: (app) => ({
      async create(_data: unknown, params: AppParams) {
        const user = currentUser(params)
        const contextId = routeId(params, 'contextId')
        const member = await app
          .get('knex')('account_users as au')
          .join('accounts as a', 'a.id', 'au.account_id')
          .where({ 'au.user_id': user.id, 'au.account_id': contextId, 'au.enabled': true, 'a.enabled': true })
          .first('au.id')
        if (!member) throw new Forbidden('You do not belong to this account')
        return { accessToken: await issueToken(app, user.id, contextId, 'access', user.sessionId) }
      },
    }),
  },
  {
    path: 'contexts',
    methods: ['find'],
    scope: { kind: 'own-user', why: 'Lists the accounts the caller belongs to.' },
    service: (app) => ({
      async find(params: AppParams) {
        const user = currentUser(params)
        const rows = await app
          .get('knex')('account_users as au')
          .join('accounts as a', 'a.id', 'au.account_id')
          .where({ 'au.user_id': user.id, 'au.enabled': true, 'a.enabled': true })
          .orderBy('a.company')
          .select('a.id as contextId', 'a.company as name')
        return rows.map((r: any) => ({ contextId: Number(r.contextId), name: r.name }))
      },
    }),
  },
]


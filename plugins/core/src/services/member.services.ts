/**
 * Memberships (account users) and privileges: the toggles, the caller's language
 * and the privileges table. The users list, the wizard and editing are in
 * accountusers.services.ts; roles in roles.services.ts; per-user grants in
 * privileges.services.ts.
 */
import { BadRequest, Conflict, Forbidden, NotFound } from '@feathersjs/errors'
import type { AppParams, Application, Language, ServiceDefinition } from '@app/plugin-kit'
import { TableService, currentUser , routeId } from '@app/plugin-kit'
import { querySyntax } from '@feathersjs/typebox'
import { privilegeSchema } from './schemas'
import { LANGUAGES } from '@app/plugin-kit/shared'
import { assertCurrentPassword, assertMayChangeIdentityOf, personOf, switchTwoFactorOff, tellPerson } from '../identity'
import { currentPasswordSchema } from './password/password.schema'

/** The caller's account's membership of `userId`, or 404. */
const membership = async (app: Application, accountId: number, userId: number) => {
  const row = await app.get('knex')('account_users').where({ account_id: accountId, user_id: userId }).first('id', 'enabled')
  if (!row) throw new NotFound(`No record found for id '${userId}'`)
  return row
}

export const memberServices: ServiceDefinition[] = [
  {
    path: 'accountusers/:accountId/toggle/:userId',
    methods: ['create'],
    scope: { kind: 'tenant', routeParam: 'accountId' },
    flags: { create: ['canManageUsers'] },
    targets: { create: { action: 'membership', userFrom: 'userId' } },
    service: (app) => ({
      async create(_data: unknown, params: AppParams) {
        const caller = currentUser(params)
        const userId = routeId(params, 'userId')
        if (userId === caller.id) throw new BadRequest('You cannot disable yourself')
        const member = await membership(app, caller.accountId, userId)
        const enabled = !member.enabled
        const knex = app.get('knex')
        await knex('account_users').where({ id: member.id }).update({ enabled })
        // A disabled user's tokens for this account end now, not at their expiry.
        if (!enabled) await knex('sessions').where({ user_id: userId, account_id: caller.accountId }).update({ revoked: true })
        return { userId, enabled }
      },
    }),
  },
  {
    path: 'accountusers/:accountId/toggle/:userId/2fa',
    methods: ['create'],
    scope: { kind: 'tenant', routeParam: 'accountId' },
    flags: { create: ['canManageUsers'] },
    // Two-factor is the person's (identity.ts): another's only for a global admin; one's own off with the current password.
    schemas: { data: currentPasswordSchema },
    service: (app) => ({
      async create(data: { currentPassword?: string }, params: AppParams) {
        const caller = currentUser(params)
        const userId = routeId(params, 'userId')
        await membership(app, caller.accountId, userId)
        await assertMayChangeIdentityOf(app, params, userId)
        const knex = app.get('knex')
        const person = await personOf(knex, userId)
        // Turning it off clears the secret (a lost phone); turning it on needs the user's own set-up.
        if (person.two_factor_enabled) {
          if (userId === caller.id) await assertCurrentPassword(app, person, data.currentPassword)
          await switchTwoFactorOff(knex, userId)
          await tellPerson(app, person, 'twoFactorOff')
          return { userId, hasTwoFactor: false }
        }
        if (!person.two_factor_secret) throw new Conflict('The user must set up two-factor sign-in from their profile first')
        await knex('users').where({ id: userId }).update({ two_factor_enabled: true })
        return { userId, hasTwoFactor: true }
      },
    }),
  },
  {
    path: 'accountusers/:userId/language/:language',
    methods: ['create'],
    scope: { kind: 'own-user', why: "Saves the caller's own interface language." },
    service: (app) => ({
      async create(_data: unknown, params: AppParams) {
        const caller = currentUser(params)
        if (routeId(params, 'userId') !== caller.id) throw new Forbidden('You can only change your own language')
        const language = params.route?.language as Language
        if (!LANGUAGES.includes(language))
          throw new BadRequest('Validation failed', { errors: { language: `Must be one of ${LANGUAGES.join(', ')}` } })
        await app.get('knex')('users').where({ id: caller.id }).update({ language })
        return { language }
      },
    }),
  },
  {
    path: 'privileges',
    methods: ['find', 'get'],
    scope: { kind: 'tenant' },
    flags: { find: ['canManageSettings'], get: ['canManageSettings'] },
    schemas: { query: querySyntax(privilegeSchema) as any, result: privilegeSchema },
    service: (app) => new TableService({ Model: app.get('knex'), name: 'privileges', result: privilegeSchema }),
  },
]


/**
 * A member's role, access level and whether the membership is enabled, set from the users
 * list; and the list's two-factor switch, which is the person's (identity.ts).
 */
import { BadRequest, Conflict, NotFound } from '@feathersjs/errors'
import type { Application, ServiceDefinition } from '@app/plugin-kit'
import { defineAction } from '@app/plugin-kit'
import { USER_ACCESS_LEVELS, type UserAccessLevel } from '@app/plugin-kit/shared'
import { roleGroupOf } from '../../acting'
import { USER_MESSAGES, accountUser, assertCallerMayGive, fieldError } from '../../account-user'
import { assertCurrentPassword, assertMayChangeIdentityOf, personOf, switchTwoFactorOff, tellPerson } from '../../identity'
import { currentPasswordSchema } from '../password/password.schema'
import { changeAccessLevelPath, changeRolePath, toggleMemberPath, toggleTwoFactorPath } from './membership.shared'

/** The caller's account's membership of `userId`, or 404. */
const membership = async (app: Application, accountId: number, userId: number) => {
  const row = await app.get('knex')('account_users').where({ account_id: accountId, user_id: userId }).first('id', 'enabled')
  if (!row) throw new NotFound(`No record found for id '${userId}'`)
  return row
}

const accountScope = { kind: 'tenant', routeParam: 'accountId' } as const
const actsOnMember = { action: 'membership', userFrom: 'userId' } as const

/** POST /accountusers/{accountId}/securitygroups/{userId}/{groupId}: the user's role, one of the account's. */
const changeRole = defineAction({
  path: changeRolePath,
  scope: accountScope,
  flags: ['canManageUsers'],
  target: actsOnMember,
  run: async ({ app, caller, params, ids }) => {
    const userId = ids.userId!
    const knex = app.get('knex')
    await accountUser(app, caller.accountId, userId)
    const roleGroup = await roleGroupOf(knex, caller.accountId, ids.groupId!)
    if (roleGroup === 'missing') throw fieldError('groupId', USER_MESSAGES.groupFailed)
    await assertCallerMayGive(app, params, { roleGroup })
    await knex('account_users').where({ account_id: caller.accountId, user_id: userId }).update({ role_id: ids.groupId })
    return accountUser(app, caller.accountId, userId)
  },
})

/**
 * POST /accountusers/{accountId}/accesslevel/{userId}/{level} (the spec names no call):
 * ACCESS, SALES_ADMIN and ACCOUNT_ADMIN for settings or accounts managers; giving or
 * taking GLOBAL_ADMIN only for global admins (the rule: nobody else acts on one).
 */
const changeAccessLevel = defineAction({
  path: changeAccessLevelPath,
  scope: accountScope,
  flags: ['canManageSettings', 'canManageAccounts'],
  target: actsOnMember,
  run: async ({ app, caller, params, ids }) => {
    const userId = ids.userId!
    const level = String(params.route?.level) as UserAccessLevel
    if (!USER_ACCESS_LEVELS.includes(level)) throw fieldError('level', `Must be one of ${USER_ACCESS_LEVELS.join(', ')}`)
    await accountUser(app, caller.accountId, userId)
    if (userId === caller.id) throw new BadRequest(USER_MESSAGES.selfLevel)
    await assertCallerMayGive(app, params, { level })
    await app.get('knex')('account_users').where({ account_id: caller.accountId, user_id: userId }).update({ access_level: level })
    return accountUser(app, caller.accountId, userId)
  },
})

/** POST /accountusers/{accountId}/toggle/{userId}: enables or disables the membership. */
const toggleMember = defineAction({
  path: toggleMemberPath,
  scope: accountScope,
  flags: ['canManageUsers'],
  target: actsOnMember,
  run: async ({ app, caller, ids }) => {
    const userId = ids.userId!
    if (userId === caller.id) throw new BadRequest('You cannot disable yourself')
    const member = await membership(app, caller.accountId, userId)
    const enabled = !member.enabled
    const knex = app.get('knex')
    await knex('account_users').where({ id: member.id }).update({ enabled })
    // A disabled user's tokens for this account end now, not at their expiry.
    if (!enabled) await knex('sessions').where({ user_id: userId, account_id: caller.accountId }).update({ revoked: true })
    return { userId, enabled }
  },
})

/**
 * POST /accountusers/{accountId}/toggle/{userId}/2fa. Two-factor is the person's
 * (identity.ts): another's only for a global admin; one's own off with the current password.
 */
const toggleTwoFactor = defineAction({
  path: toggleTwoFactorPath,
  scope: accountScope,
  flags: ['canManageUsers'],
  data: currentPasswordSchema,
  run: async ({ app, caller, params, data, ids }) => {
    const userId = ids.userId!
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
})

export const membershipServices: ServiceDefinition[] = [changeRole, changeAccessLevel, toggleMember, toggleTwoFactor]

/** A user leaves the account: anonymised (their person is gone) or their membership removed. */
import { BadRequest, Conflict, NotFound } from '@feathersjs/errors'
import type { AppParams, Application } from '@app/plugin-kit'
import { TableService, currentUser, nowIso, routeId } from '@app/plugin-kit'
import { USER_MESSAGES, accountUser } from '../../account-user'
import { revokeUserSessions } from '../../auth/sessions'
import { refreshMemberKeys } from '../../member-keys'

/** A table service whose DELETE acts on the user in the path (DELETE /accountusers/{userId}/…) rather than on an id. */
abstract class UserPathRemoval extends TableService {
  constructor(protected readonly app: Application) {
    super({ Model: app.get('knex'), name: 'account_users', id: 'user_id' })
  }
  protected abstract act(userId: number, params: AppParams): Promise<unknown>
  override async remove(id: any, params?: any): Promise<any> {
    if (id !== null) throw new NotFound(`No record found for id '${String(id)}'`)
    return this.act(routeId(params, 'userId'), params)
  }
}

/** DELETE /accountusers/{userId}/anonymous: personal data replaced, sign-in impossible, tokens revoked. */
export class AnonymiseUserService extends UserPathRemoval {
  protected async act(userId: number, params: AppParams) {
    const caller = currentUser(params)
    const knex = this.app.get('knex')
    const target = await accountUser(this.app, caller.accountId, userId)
    if (userId === caller.id) throw new BadRequest(USER_MESSAGES.selfAnonymise)
    if (target.anonymous) throw new Conflict(USER_MESSAGES.alreadyAnonymous)
    const elsewhere = await knex('account_users').where({ user_id: userId }).andWhereNot('account_id', caller.accountId).first('id')
    if (elsewhere) throw new Conflict(USER_MESSAGES.otherAccounts)
    await knex.transaction(async (trx) => {
      await trx('users').where({ id: userId }).update({
        username: `anonymous-${userId}@anonymous.invalid`,
        password_hash: null,
        first_name: 'Anonymous',
        last_name: 'User',
        acronym: `X${userId}`,
        two_factor_secret: null,
        two_factor_enabled: false,
        enabled: false,
        anonymous: true,
      })
      await trx('account_users').where({ user_id: userId }).update({ enabled: false, removal_requested: false })
      await refreshMemberKeys(trx, userId)
      await trx('user_tokens').where({ user_id: userId }).whereNull('used_at').update({ used_at: nowIso() })
      await revokeUserSessions(trx, userId)
    })
    return accountUser(this.app, caller.accountId, userId)
  }
}

/** DELETE /accountusers/{userId}/remove: the user leaves the current account (their grants in it too). */
export class RemoveMembershipService extends UserPathRemoval {
  protected async act(userId: number, params: AppParams) {
    const caller = currentUser(params)
    const knex = this.app.get('knex')
    const target = await accountUser(this.app, caller.accountId, userId)
    if (userId === caller.id) throw new BadRequest(USER_MESSAGES.selfRemove)
    await knex.transaction(async (trx) => {
      await trx('privileges').where({ account_id: caller.accountId, user_id: userId }).delete()
      await trx('account_users').where({ account_id: caller.accountId, user_id: userId }).delete()
      await trx('sessions').where({ user_id: userId, account_id: caller.accountId }).update({ revoked: true })
    })
    return target
  }
}

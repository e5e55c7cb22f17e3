/**
 * The new-user wizard's submit and its plain variants. A new e-mail makes a new person
 * with a welcome link to choose their password; an e-mail someone has registered adds
 * that person to the caller's account instead (one identity, several memberships): their
 * names, acronym, language and password stay theirs, so the wizard's are not used, and
 * the mail tells them they were added. A member already (enabled or not), or an
 * anonymised person, answers 409.
 */
import { Conflict } from '@feathersjs/errors'
import type { AppParams, Application } from '@app/plugin-kit'
import { MESSAGES, currentUser, nowIso } from '@app/plugin-kit'
import type { Knex } from 'knex'
import { roleGroupOf } from '../../acting'
import {
  USER_MESSAGES,
  accountUser,
  acronymConflict,
  acronymTaken,
  assertCallerMayGive,
  assertResourcesOfAccount,
  checkedBody,
  fieldError,
  isMemberOf,
  personByEmail,
} from '../../account-user'
import { memberKeys } from '../../member-keys'
import { mailAdded, mailWelcome } from './new-user.mail'
import type { NewUser, emptyUserSchema, newUserSchema } from './new-user.schema'

const emailTaken = () => new Conflict(USER_MESSAGES.emailTaken, { errors: { email: USER_MESSAGES.emailTaken } })

/** Initials, then a number, until the account has no such acronym. */
const freeAcronym = async (knex: Knex, accountId: number, firstName: string, lastName: string) => {
  const initials = `${firstName.trim()[0] ?? ''}${lastName.trim().slice(0, 2)}`.toUpperCase()
  for (let n = 0; ; n++) {
    const candidate = n === 0 ? initials : `${initials}${n + 1}`
    if (!(await acronymTaken(knex, accountId, candidate))) return candidate
  }
}

/** POST with a body of `schema`: the new member, as the users list shows them. */
export const createUser = (app: Application, schema: typeof newUserSchema | typeof emptyUserSchema) => ({
  async create(body: unknown, params: AppParams) {
    const data: NewUser = checkedBody(schema, body)
    const caller = currentUser(params)
    const knex = app.get('knex')
    const email = data.email.trim().toLowerCase()
    if (data.repeatEmail !== undefined && data.repeatEmail.trim().toLowerCase() !== email) throw fieldError('repeatEmail', MESSAGES.emailsMismatch)
    const existing = await personByEmail(knex, email)
    if (existing && (existing.anonymous || (await isMemberOf(knex, caller.accountId, Number(existing.id))))) throw emailTaken()
    let roleId = data.roleId ?? null
    const roleGroup = roleId === null ? 'USER' : await roleGroupOf(knex, caller.accountId, roleId)
    if (roleGroup === 'missing') throw fieldError('roleId', USER_MESSAGES.groupFailed)
    // A company administrator makes ordinary users of its own companies, with grants on them only.
    await assertCallerMayGive(app, params, { roleGroup, companyId: data.companyId ?? null, grants: data.privileges ?? [] })
    const companyIds = [...(data.privileges ?? []).filter((p) => p.resource === 'COMPANY').map((p) => p.resourceId), ...(data.companyId ? [data.companyId] : [])]
    await assertResourcesOfAccount(app, caller.accountId, 'COMPANY', [...new Set(companyIds)])
    const projectIds = (data.privileges ?? []).filter((p) => p.resource === 'PROJECT').map((p) => p.resourceId)
    await assertResourcesOfAccount(app, caller.accountId, 'PROJECT', [...new Set(projectIds)])
    const acronym = existing ? existing.acronym : data.acronym?.trim().toUpperCase()
    if (acronym && (await acronymTaken(knex, caller.accountId, acronym))) throw acronymConflict()
    roleId ??= (await knex('roles').where({ account_id: caller.accountId, security_group: 'USER' }).orderBy('id').first('id'))?.id ?? null

    let userId: number
    try {
      userId = await knex.transaction(async (trx) => {
        const now = nowIso()
        let person = existing
        if (!person) {
          const fields = {
            username: email,
            first_name: data.firstName.trim(),
            last_name: data.lastName.trim(),
            acronym: acronym || (await freeAcronym(trx, caller.accountId, data.firstName, data.lastName)),
          }
          const [id] = await trx('users').insert({ ...fields, password_hash: null, language: data.language ?? caller.language, enabled: true, created_at: now })
          person = { id, ...fields }
        }
        const id = Number(person.id)
        await trx('account_users').insert({
          account_id: caller.accountId,
          user_id: id,
          role_id: roleId,
          company_id: data.companyId ?? null,
          access_level: 'ACCESS',
          enabled: true,
          created_at: now,
          created_by: caller.id,
          ...memberKeys(person),
        })
        for (const p of data.privileges ?? [])
          await trx('privileges').insert({ account_id: caller.accountId, user_id: id, name: null, resource: p.resource, resource_id: p.resourceId, action: p.action })
        return id
      })
    } catch (error) {
      // Two wizards submitting the same e-mail at once: the unique indexes answer for the loser.
      const again = await personByEmail(knex, email)
      if (again && (!existing || (await isMemberOf(knex, caller.accountId, Number(again.id))))) throw emailTaken()
      // Anything else is logged once by the error handler, and answered as an outage (503) or an internal error.
      throw error
    }
    await (existing ? mailAdded(app, caller, email) : mailWelcome(app, caller, userId, email, data.firstName.trim()))
    return accountUser(app, caller.accountId, userId)
  },
})

/**
 * The person's identity (identity.ts): their password, login e-mail and two-factor
 * sign-in, changed by themselves with their current password or by a global admin;
 * and the password-reset link an account admin sends instead of setting a password.
 *
 * POST /accountusers/pwd/{userId}            own (currentPassword) or a global admin's
 * POST /accountusers/{userId}/username       own: mails a confirmation link; a global admin's applies at once
 * POST /emailchange/confirm                  public: the link from that mail applies the change
 * POST /two-factor/off                       own, with the current password
 * POST /accountusers/{accountId}/reset-link/{userId}  a user manager mails a member the reset link
 */

import type { Application, AppParams, ServiceDefinition } from '@app/plugin-kit'
import { currentUser, nowIso , routeId } from '@app/plugin-kit'
import { Field, MESSAGES } from '@app/plugin-kit/shared'
import { BadRequest, Conflict } from '@feathersjs/errors'
import { Type } from '@sinclair/typebox'
import type { Knex } from 'knex'
import { hashPassword } from '../auth/passwords'
import { takeAttempts } from '../auth/rate-limit'
import { revokeUserSessions } from '../auth/sessions'
import {
  assertCurrentPassword,
  assertMayChangeIdentityOf,
  newPasswordError,
  type Person,
  personalWords,
  personOf,
  switchTwoFactorOff,
  tellPerson,
} from '../identity'
import { refreshMemberKeys } from '../member-keys'
import { EMAIL_TAKEN } from '../signup'
import { accountUser, USER_MESSAGES } from '../account-user'
import { createUserToken, hashToken, mailResetLink, RESET_REQUEST_LIMIT, RESET_TTL_MS, resetRequestKey } from './passwordreset.services'

export const EMAIL_CHANGE_FAILED = 'This link is no longer valid: ask for the change again on your profile page'
export const EMAIL_CHANGED = 'Your e-mail was changed: sign in with the new address'
export const RESET_LINK_SENT = 'A password reset link was sent to the user'

const currentPassword = () => Type.Optional(Type.String({ maxLength: 100 }))

export const changePasswordSchema = Type.Object(
  {
    // Needed for one's own password; a global admin setting someone else's leaves it out.
    currentPassword: currentPassword(),
    // minLength 1 answers "required" for an empty entry; the password rule follows in the service.
    password: Type.String({ minLength: 1, maxLength: 100 }),
    repeatPassword: Type.String({ minLength: 1, maxLength: 100 }),
  },
  { additionalProperties: false },
)
export const changeUsernameSchema = Type.Object({ username: Field.email(), currentPassword: currentPassword() }, { additionalProperties: false })
export const confirmEmailSchema = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false })
export const currentPasswordSchema = Type.Object({ currentPassword: currentPassword() }, { additionalProperties: false })
const emptyBodySchema = Type.Object({}, { additionalProperties: false })

const isDuplicate = (error: any) => error?.code === 'ER_DUP_ENTRY' || String(error?.code).startsWith('SQLITE_CONSTRAINT')
const validationFailed = (errors: Record<string, string>) => new BadRequest('Validation failed', { errors })

/** The spec's order after "required": the password rule, then the repeat equal; with the current password when it is one's own. */
const passwordErrors = async (data: { currentPassword?: string; password: string; repeatPassword: string }, person: Person, own: boolean) => {
  const errors: Record<string, string> = {}
  if (own && !data.currentPassword) errors.currentPassword = MESSAGES.required
  const weak = await newPasswordError(data.password, personalWords(person))
  if (weak) errors.password = weak
  if (data.repeatPassword !== data.password) errors.repeatPassword = MESSAGES.passwordsMismatch
  return errors
}

/** The person in the path whose identity the caller changes (after the rule's yes), and whether it is the caller's own. */
const identityTarget = async (app: Application, params: AppParams) => {
  const caller = currentUser(params)
  const userId = routeId(params, 'userId')
  await assertMayChangeIdentityOf(app, params, userId)
  const knex = app.get('knex')
  return { caller, userId, own: userId === caller.id, knex, person: await personOf(knex, userId) }
}

const changePassword = (app: Application) => ({
  async create(data: { currentPassword?: string; password: string; repeatPassword: string }, params: AppParams) {
    const { caller, userId, own, knex, person } = await identityTarget(app, params)
    const errors = await passwordErrors(data, person, own)
    if (Object.keys(errors).length) throw validationFailed(errors)
    if (own) await assertCurrentPassword(app, person, data.currentPassword)

    const passwordHash = await hashPassword(data.password)
    await knex.transaction(async (trx) => {
      await trx('users').where({ id: userId }).update({ password_hash: passwordHash })
      // Every other token of the user ends; the caller's own stays, so the page they are on keeps working.
      const others = trx('sessions').where({ user_id: userId, revoked: false })
      await (own ? others.whereNot({ id: caller.sessionId }) : others).update({ revoked: true })
    })
    await tellPerson(app, person, 'password')
    return { userId }
  },
})

/** The address is someone else's login: 409, as sign-up and the users form answer. */
const assertAddressFree = async (knex: Knex, username: string, userId: number) => {
  if (await knex('users').where({ username }).whereNot({ id: userId }).first('id'))
    throw new Conflict(EMAIL_TAKEN, { errors: { username: EMAIL_TAKEN } })
}

/** Sets the login e-mail; two changes to one address at once: the unique index decides, with the same answer. */
const applyUsername = async (trx: Knex, userId: number, username: string) => {
  await trx('users')
    .where({ id: userId })
    .update({ username })
    .catch((error: unknown) => {
      if (isDuplicate(error)) throw new Conflict(EMAIL_TAKEN, { errors: { username: EMAIL_TAKEN } })
      throw error
    })
  await refreshMemberKeys(trx, userId)
}

/** The old address hears of every change, so a taken-over account does not go unnoticed; a failed mail is logged. */
const tellOldAddress = (app: Application, person: Person, newUsername: string, applied: boolean) =>
  app
    .get('mailer')
    .send({
      to: person.username,
      subject: applied ? 'Your sign-in e-mail was changed' : 'A change of your sign-in e-mail was requested',
      text: applied
        ? `Hello ${person.first_name},\n\nThe e-mail you sign in with was changed to ${newUsername} by an administrator. If you did not expect this, contact your administrator.\n`
        : `Hello ${person.first_name},\n\nSomeone signed in as you asked to change the e-mail you sign in with to ${newUsername}. The change is made only when the link sent to that address is opened.\n\nIf it was not you, change your password now and tell your administrator.\n`,
    })
    .catch((error: unknown) => app.get('logger').error({ err: error }, 'Sending the e-mail change notice failed'))

const changeUsername = (app: Application) => ({
  async create(data: { username: string; currentPassword?: string }, params: AppParams) {
    const { userId, own, knex, person } = await identityTarget(app, params)
    // Proven before anything about the address is told: a borrowed session learns nothing.
    if (own) await assertCurrentPassword(app, person, data.currentPassword)
    const username = data.username.trim().toLowerCase()
    await assertAddressFree(knex, username, userId)

    if (!own) {
      // A global admin's change applies at once: they answer for the address.
      await knex.transaction((trx) => applyUsername(trx, userId, username))
      await tellOldAddress(app, person, username, true)
      return { userId, username, pendingUsername: null }
    }
    // Only the newest request stands: an earlier link stops working.
    await knex('user_tokens').where({ user_id: userId, kind: 'email' }).whereNull('used_at').update({ used_at: nowIso() })
    const token = await createUserToken(app, userId, 'email', RESET_TTL_MS, username)
    const link = `${app.get('config').publicUrl}/confirmEmail/${token}`
    await app.get('mailer').send({
      to: username,
      subject: 'Confirm your new sign-in e-mail',
      text: `Hello ${person.first_name},\n\nTo sign in with this address from now on, open this link within 24 hours:\n\n${link}\n\nIf you did not ask for this, ignore this e-mail; nothing changes.\n`,
      link,
    })
    await tellOldAddress(app, person, username, false)
    return { userId, username: person.username, pendingUsername: username }
  },
})

/** The link from the new address: applies the change once, if the address is still free, and ends every session. */
const confirmEmail = (app: Application) => ({
  async create(data: { token: string }) {
    const knex = app.get('knex')
    const usable = (q: Knex.QueryBuilder) =>
      q.where({ token_hash: hashToken(data.token), kind: 'email' }).whereNull('used_at').andWhere('expires_at', '>', Date.now())
    const found = await usable(knex('user_tokens')).first('id', 'user_id', 'new_username')
    if (!found?.new_username) throw new BadRequest(EMAIL_CHANGE_FAILED)
    const userId = Number(found.user_id)
    const username = String(found.new_username)
    await knex.transaction(async (trx) => {
      // Spent first, conditionally: a link opened twice at once applies once.
      const spent = await usable(trx('user_tokens')).andWhere({ id: found.id }).update({ used_at: nowIso() })
      if (Number(spent) !== 1) throw new BadRequest(EMAIL_CHANGE_FAILED)
      if (!(await trx('users').where({ id: userId, anonymous: false }).first('id'))) throw new BadRequest(EMAIL_CHANGE_FAILED)
      // Taken meanwhile: 409, and the rollback leaves the link as it was.
      await assertAddressFree(trx, username, userId)
      await applyUsername(trx, userId, username)
      await revokeUserSessions(trx, userId)
    })
    return { message: EMAIL_CHANGED, username }
  },
})

const twoFactorOff = (app: Application) => ({
  async create(data: { currentPassword?: string }, params: AppParams) {
    const caller = currentUser(params)
    const knex = app.get('knex')
    const person = await personOf(knex, caller.id)
    await assertCurrentPassword(app, person, data.currentPassword)
    await switchTwoFactorOff(knex, caller.id)
    await tellPerson(app, person, 'twoFactorOff')
    return { userId: caller.id, hasTwoFactor: false }
  },
})

const sendResetLink = (app: Application) => ({
  async create(_data: unknown, params: AppParams) {
    const caller = currentUser(params)
    const userId = routeId(params, 'userId')
    const knex = app.get('knex')
    const member = await accountUser(app, caller.accountId, userId)
    if (member.anonymous) throw new Conflict(USER_MESSAGES.alreadyAnonymous)
    const person = await personOf(knex, userId)
    // The same hourly limit as the forgotten-password page: nobody floods a mailbox.
    const key = resetRequestKey(person.username)
    await takeAttempts(knex, [{ key, limit: RESET_REQUEST_LIMIT }])
    await mailResetLink(app, person)
    return { userId, message: RESET_LINK_SENT }
  },
})

export const identityServices: ServiceDefinition[] = [
  {
    path: 'accountusers/pwd/:userId',
    methods: ['create'],
    scope: {
      kind: 'own-user',
      why: "The caller's own password (with the current one); a global admin may set anyone's, everyone else gets 403 for another id.",
    },
    schemas: { data: changePasswordSchema },
    service: changePassword,
  },
  {
    path: 'accountusers/:userId/username',
    methods: ['create'],
    scope: {
      kind: 'own-user',
      why: "The caller's own login e-mail (with the current password, confirmed from the new address); a global admin may change anyone's, everyone else gets 403.",
    },
    schemas: { data: changeUsernameSchema },
    service: changeUsername,
  },
  {
    path: 'emailchange/confirm',
    methods: ['create'],
    public: ['create'],
    scope: { kind: 'none', why: 'Signed out or in; the single-use token from the confirmation mail names the user and the new address.' },
    schemas: { data: confirmEmailSchema },
    service: confirmEmail,
  },
  {
    path: 'two-factor/off',
    methods: ['create'],
    scope: { kind: 'own-user', why: "Switches the caller's own two-factor sign-in off, with their current password." },
    schemas: { data: currentPasswordSchema },
    service: twoFactorOff,
  },
  {
    path: 'accountusers/:accountId/reset-link/:userId',
    methods: ['create'],
    scope: { kind: 'tenant', routeParam: 'accountId' },
    flags: { create: ['canManageUsers'] },
    // Whom the caller may send one: core's rule of who may act on whom (a member's, never a global admin's).
    targets: { create: { action: 'membership', userFrom: 'userId' } },
    schemas: { data: emptyBodySchema },
    service: sendResetLink,
  },
]

/**
 * Forgotten password and the new-user welcome (spec part1 §4, §7, §8):
 * POST /api/passwordreset/requestReset?email=… mails a single-use link;
 * POST /api/passwordreset/changePassword and /changePasswordAndUserDetails spend it.
 *
 * Only the sha256 of a link's token is stored (table user_tokens); a spent link
 * ends every session of its user.
 */
import { createHash, randomBytes } from 'node:crypto'
import { BadRequest, TooManyRequests } from '@feathersjs/errors'
import type { AppParams, Application, ServiceDefinition } from '@app/plugin-kit'
import { nowIso } from '@app/plugin-kit'
import { Field, MESSAGES } from '@app/plugin-kit/shared'
import { Type } from '@sinclair/typebox'
import { hashPassword } from '../auth/passwords'
import { takeAttempts } from '../auth/rate-limit'
import { revokeUserSessions } from '../auth/sessions'
import { refreshMemberKeys } from '../member-keys'
import { newPasswordError, personalWords } from '../identity'

export const RESET_REQUESTED =
  'An email was sent to the provided email (if it exists), please check your mail account for further instructions'
export const RESET_FAILED =
  'Unable to reset your password, please try to get a new password-reset email by using the forgotten password page'
export const RESET_DONE = 'Password was successfully reset'

/** A reset link lives one day. */
export const RESET_TTL_MS = 24 * 3600_000
/** Requests per e-mail address, counted whether or not the address exists: nobody floods a mailbox. */
export const RESET_REQUEST_LIMIT = { max: 5, windowSeconds: 3600 }

/** A reset link, a new user's welcome, or the confirmation of a new login e-mail (identity.services.ts). */
export type UserTokenKind = 'reset' | 'welcome' | 'email'

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** The forgot-password form's rule: longer than 4 characters with an at-sign after the first one. */
export const requestResetQuerySchema = Type.Object(
  {
    email: Type.String({ maxLength: 254, pattern: '^(?=[\\s\\S]{5})[\\s\\S]+@', errorMessage: MESSAGES.email }),
  },
  { additionalProperties: false },
)
const emptyBodySchema = Type.Object({}, { additionalProperties: false })

// Required here; the password rule (length, common passwords) is checked in the service against the person's own words.
const newPassword = () => Type.String({ minLength: 1, maxLength: 100 })
const tokenField = () => Type.String({ minLength: 1, maxLength: 200 })

export const changePasswordSchema = Type.Object({ token: tokenField(), password: newPassword() }, { additionalProperties: false })
export const changePasswordAndDetailsSchema = Type.Object(
  {
    token: tokenField(),
    password: newPassword(),
    firstName: Field.text({ maxLength: 100 }),
    lastName: Field.text({ maxLength: 100 }),
  },
  { additionalProperties: false },
)

/** Stores a new single-use token for the user and returns it; only its hash is kept. An 'email' token carries the new address. */
export const createUserToken = async (app: Application, userId: number, kind: UserTokenKind, ttlMs = RESET_TTL_MS, newUsername?: string) => {
  const token = randomBytes(32).toString('base64url')
  await app.get('knex')('user_tokens').insert({
    user_id: userId,
    kind,
    token_hash: hashToken(token),
    expires_at: Date.now() + ttlMs,
    used_at: null,
    created_at: nowIso(),
    new_username: newUsername ?? null,
  })
  return token
}

/** Reset links asked for one address, by its owner or by an admin, share one limit. */
export const resetRequestKey = (email: string) => `reset:email:${email}`

/** A new reset link to the person's login e-mail. */
export const mailResetLink = async (app: Application, user: { id: number; username: string; first_name: string }) => {
  const token = await createUserToken(app, user.id, 'reset')
  const link = `${app.get('config').publicUrl}/changePassword/${token}`
  await app.get('mailer').send({
    to: user.username,
    subject: 'Reset your password',
    text: `Hello ${user.first_name},\n\nSomeone asked to reset the password of your account. To choose a new password, open this link within 24 hours:\n\n${link}\n\nIf it was not you, ignore this e-mail; your password stays as it is.\n`,
    link,
  })
}

const requestReset = (app: Application) => ({
  async create(_data: unknown, params: AppParams) {
    const email = String(params.query?.email ?? '').trim().toLowerCase()
    const knex = app.get('knex')
    const key = resetRequestKey(email)
    let limited = false
    try {
      await takeAttempts(knex, [{ key, limit: RESET_REQUEST_LIMIT }])
    } catch (error) {
      if (!(error instanceof TooManyRequests)) throw error
      limited = true
    }
    // The same reads happen for every address; only a known one gets a token and a mail.
    const user = await knex('users').where({ username: email }).first('id', 'username', 'first_name', 'enabled', 'anonymous')
    if (!limited && user && user.enabled && !user.anonymous) {
      // Not awaited: how long a mail server takes must not tell whether the address exists.
      mailResetLink(app, { ...user, id: Number(user.id) }).catch((error: unknown) => app.get('logger').error({ err: error }, 'Sending the password-reset mail failed'))
    }
    return { message: RESET_REQUESTED }
  },
})

interface ChangeData {
  token: string
  password: string
  firstName?: string
  lastName?: string
}

/** Spends a token of one of `kinds`: sets the password (and names), ends every session of the user. */
const changePassword = (app: Application, kinds: UserTokenKind[], withDetails: boolean) => ({
  async create(data: ChangeData) {
    const knex = app.get('knex')
    const tokenHash = hashToken(data.token)
    const usable = (q: any, now: number) =>
      q.where({ token_hash: tokenHash }).whereIn('kind', kinds).whereNull('used_at').andWhere('expires_at', '>', now)
    // Checked before hashing, so a bad link costs no argon2 work.
    const found = await usable(knex('user_tokens'), Date.now()).first('id', 'user_id')
    if (!found) throw new BadRequest(RESET_FAILED)
    const person = await knex('users').where({ id: found.user_id }).first('username', 'first_name', 'last_name')
    const words = [...personalWords(person ?? { username: '' }), data.firstName, data.lastName]
    const weak = await newPasswordError(data.password, words)
    if (weak) throw new BadRequest('Validation failed', { errors: { password: weak } })
    const passwordHash = await hashPassword(data.password)

    await knex.transaction(async (trx) => {
      const now = nowIso()
      // Marking it used first, conditionally, is what makes the token single-use under concurrent calls.
      const spent = await usable(trx('user_tokens'), Date.now()).andWhere({ id: found.id }).update({ used_at: now })
      if (Number(spent) !== 1) throw new BadRequest(RESET_FAILED)
      const userId = Number(found.user_id)
      const user = await trx('users').where({ id: userId }).first('id', 'anonymous')
      if (!user || user.anonymous) throw new BadRequest(RESET_FAILED)
      const changes: Record<string, unknown> = { password_hash: passwordHash }
      if (withDetails) {
        changes.first_name = data.firstName!.trim()
        changes.last_name = data.lastName!.trim()
      }
      await trx('users').where({ id: userId }).update(changes)
      if (withDetails) await refreshMemberKeys(trx, userId)
      // Other links sent before this one are spent too: the password they were for is gone.
      await trx('user_tokens').where({ user_id: userId }).whereNull('used_at').update({ used_at: now })
      await revokeUserSessions(trx, userId)
    })
    return { message: RESET_DONE }
  },
})

export const passwordResetServices: ServiceDefinition[] = [
  {
    path: 'passwordreset/requestReset',
    methods: ['create'],
    public: ['create'],
    scope: { kind: 'none', why: 'Signed-out request for a reset link; answers the same whether the e-mail exists or not.' },
    schemas: { data: emptyBodySchema, query: requestResetQuerySchema },
    service: (app) => requestReset(app),
  },
  {
    path: 'passwordreset/changePassword',
    methods: ['create'],
    public: ['create'],
    scope: { kind: 'none', why: 'Signed out; the single-use token from the reset mail names the user.' },
    schemas: { data: changePasswordSchema },
    service: (app) => changePassword(app, ['reset'], false),
  },
  {
    path: 'passwordreset/changePasswordAndUserDetails',
    methods: ['create'],
    public: ['create'],
    scope: { kind: 'none', why: 'Signed out; the single-use token from the reset or welcome mail names the user.' },
    schemas: { data: changePasswordAndDetailsSchema },
    service: (app) => changePassword(app, ['reset', 'welcome'], true),
  },
]

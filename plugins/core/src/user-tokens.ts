/**
 * Single-use links mailed to a person (table user_tokens): a password reset, a new
 * user's welcome, the confirmation of a new login e-mail. Only a token's sha256 is kept.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Application } from '@app/plugin-kit'
import { nowIso } from '@app/plugin-kit'

/** A reset link lives one day. */
export const RESET_TTL_MS = 24 * 3600_000
/** A welcome link lives a week: a new user may not read mail the same day. */
const WELCOME_TTL_MS = 7 * 24 * 3600_000
/** Requests per e-mail address, counted whether or not the address exists: nobody floods a mailbox. */
export const RESET_REQUEST_LIMIT = { max: 5, windowSeconds: 3600 }

/** A reset link, a new user's welcome, or the confirmation of a new login e-mail (services/username). */
export type UserTokenKind = 'reset' | 'welcome' | 'email'

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

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

/** A new person's single-use link to /welcomeNewUser/{token}, where they choose a password; alive a week. */
export const welcomeLink = async (app: Application, userId: number) =>
  `${app.get('config').publicUrl}/welcomeNewUser/${await createUserToken(app, userId, 'welcome', WELCOME_TTL_MS)}`

/** Where a registered person signs in as before and switches account. */
export const signInLink = (app: Application) => `${app.get('config').publicUrl}/`

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

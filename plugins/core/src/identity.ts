/**
 * A person's identity — login e-mail (username), password, two-factor sign-in — is one
 * for every account they belong to. Only the person (proving their current password)
 * or a global admin changes it; an account admin never does, and may send a
 * password-reset link instead (ASVS 6.4.6).
 */

import type { Application, AppParams, AuthUser } from '@app/plugin-kit'
import { currentUser, MESSAGES, passwordProblem } from '@app/plugin-kit'
import { BadRequest, NotFound } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { assertMayActOn } from './acting'
import { verifyPassword } from './auth/passwords'
import { returnAttempts, takeAttempts } from './auth/rate-limit'

export const IDENTITY_MESSAGES = {
  noEditAccess: 'You do not have access to edit this user',
  userNotFound: 'User not found',
} as const

/** A person as the identity endpoints need them; the words a password must not be made of. */
export interface Person {
  id: number
  username: string
  first_name: string
  last_name: string
  two_factor_enabled: boolean | number
  two_factor_secret: string | null
}

const fieldError = (field: string, message: string) => new BadRequest('Validation failed', { errors: { [field]: message } })

/** The person (not anonymised), or 404. */
export const personOf = async (knex: Knex, userId: number): Promise<Person> => {
  const row = await knex('users')
    .where({ id: userId, anonymous: false })
    .first('id', 'username', 'first_name', 'last_name', 'two_factor_enabled', 'two_factor_secret')
  if (!row) throw new NotFound(IDENTITY_MESSAGES.userNotFound)
  return { ...row, id: Number(row.id) }
}

export const personalWords = (person: { username: string; first_name?: string; last_name?: string }) => [
  person.username,
  person.first_name,
  person.last_name,
]

/** The password rule's message for `field`, if the new password breaks it (plugins/kit password.ts). */
export const newPasswordError = async (password: string, userInputs: (string | undefined)[]) =>
  (await passwordProblem(password, { userInputs }))?.message

/**
 * Someone else's identity: only a global admin, and the same 403 for everyone else
 * whoever the target is (it tells nothing about them).
 */
export const assertMayChangeIdentityOf = (app: Application, params: AppParams, userId: number) =>
  assertMayActOn(app.get('knex'), currentUser(params), userId, 'identity')

/** The person whose identity the caller changes (once the rule above says yes), and whether it is the caller's own. */
export const identityTarget = async (app: Application, caller: AuthUser, userId: number) => {
  const knex = app.get('knex')
  await assertMayActOn(knex, caller, userId, 'identity')
  return { own: userId === caller.id, person: await personOf(knex, userId) }
}

/**
 * The person's current password, as a change of their own identity needs. It is an attempt
 * of the username's sign-in limit (the key auth/authentication.ts counts), taken before the
 * check and handed back when right, so this is no side door for guessing it.
 */
export const assertCurrentPassword = async (app: Application, person: Pick<Person, 'id' | 'username'>, currentPassword: string | undefined) => {
  if (!currentPassword) throw fieldError('currentPassword', MESSAGES.required)
  const knex = app.get('knex')
  const attempts = [{ key: `signin:user:${person.username}`, limit: app.get('config').rateLimit.perUser }]
  await takeAttempts(knex, attempts)
  const row = await knex('users').where({ id: person.id }).first('password_hash')
  if (!(await verifyPassword(row?.password_hash, currentPassword))) throw fieldError('currentPassword', MESSAGES.currentPasswordWrong)
  await returnAttempts(knex, attempts)
}

/** Two-factor off: the secret goes too (a lost phone), so turning it on again needs a new set-up. */
export const switchTwoFactorOff = (knex: Knex, userId: number) =>
  knex('users').where({ id: userId }).update({ two_factor_enabled: false, two_factor_secret: null })

const CHANGE_MAILS = {
  password: {
    subject: 'Your password was changed',
    text: 'The password of your account was changed.',
  },
  twoFactorOff: {
    subject: 'Two-factor sign-in was switched off',
    text: 'Two-factor sign-in was switched off for your account: a password alone now signs you in.',
  },
} as const

/**
 * The person hears of every change to how they sign in (ASVS 6.3.7), so one made by
 * someone else does not go unnoticed. Sent after the change is saved: a mail that fails
 * is logged, and the change stands.
 */
export const tellPerson = (app: Application, person: Pick<Person, 'username' | 'first_name'>, change: keyof typeof CHANGE_MAILS) =>
  app
    .get('mailer')
    .send({
      to: person.username,
      subject: CHANGE_MAILS[change].subject,
      text: `Hello ${person.first_name},\n\n${CHANGE_MAILS[change].text} If it was not you, choose a new password through "Forgot your password?" on the sign-in page and tell your administrator.\n`,
    })
    .catch((error: unknown) => app.get('logger').error({ err: error }, `Sending the "${CHANGE_MAILS[change].subject}" mail failed`))

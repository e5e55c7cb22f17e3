/**
 * Sign-up (spec part1 §1, §5): a disabled trial account with its first admin,
 * a mail now and another when a global admin opens the account.
 */
import { BadRequest } from '@feathersjs/errors'
import type { AppParams, Application } from '@app/plugin-kit'
import { MESSAGES, isUniqueViolation, nowIso } from '@app/plugin-kit'
import { hashPassword } from './auth/passwords'
import { takeAttempts } from './auth/rate-limit'
import { insertAccountWithAdmin } from './services/accounts/new-account'
import type { SignUp } from './services/accounts/accounts.schema'
import { newPasswordError } from './identity'

/** The profile's answer to a change of login e-mail to a taken one (sign-up never tells). */
export const EMAIL_TAKEN = 'Email is already registered'

/** The one answer to every well-formed sign-up, new e-mail or registered: it must not tell which. */
export const SIGN_UP_ANSWER = { message: 'An e-mail has been sent to you. You will get another e-mail when your account is opened.' }

export const signUp = async (app: Application, data: SignUp, params?: AppParams) => {
  const errors: Record<string, string> = {}
  if (data.repeatEmail.trim().toLowerCase() !== data.email.trim().toLowerCase()) errors.repeatEmail = MESSAGES.emailsMismatch
  const weak = await newPasswordError(data.password, [data.email, data.firstName, data.lastName, data.company])
  if (weak) errors.password = weak
  if (data.repeatPassword !== data.password) errors.repeatPassword = MESSAGES.passwordsMismatch
  if (Object.keys(errors).length) throw new BadRequest('Validation failed', { errors })

  const knex = app.get('knex')
  // Per client address (RATE_LIMIT_SIGNUP): a few trials from one office, not a script filling the table.
  await takeAttempts(knex, [{ key: `signup:ip:${params?.ip ?? 'internal'}`, limit: app.get('config').signUpLimit }])
  const username = data.email.trim().toLowerCase()
  // Hashed either way, so a registered e-mail answers as late as a new one.
  const passwordHash = await hashPassword(data.password)
  const existing = await knex('users').where({ username }).first('id')
  const created =
    !existing &&
    (await createAccount(app, data, username, passwordHash, nowIso()).then(
      () => true,
      (error) => {
        // Two sign-ups with one e-mail at the same moment: the unique index decides, and the loser is the registered case.
        if (isUniqueViolation(error)) return false
        throw error
      },
    ))
  await (created ? sendRegisteredMail(app, data, username) : sendAlreadyRegisteredMail(app, username))
  return SIGN_UP_ANSWER
}

const sendRegisteredMail = (app: Application, data: SignUp, username: string) =>
  app.get('mailer').send({
    to: username,
    subject: 'Your trial account is registered',
    text: `Hello ${data.firstName},\n\nThank you for registering ${data.company}. We will send you another e-mail as soon as your account is opened.\n\n${app.get('config').publicUrl}\n`,
  })

/** Tells the owner of a registered e-mail that someone tried to sign up with it; nothing else changes. */
const sendAlreadyRegisteredMail = async (app: Application, username: string) => {
  const owner = await app.get('knex')('users').where({ username, anonymous: false }).first('first_name')
  if (!owner) return
  const { publicUrl } = app.get('config')
  await app.get('mailer').send({
    to: username,
    subject: 'Someone tried to sign up with your e-mail address',
    text: `Hello ${owner.first_name},\n\nSomeone tried to register a new trial account with this e-mail address, which already has an account. Nothing was changed.\n\nIf it was you, sign in at ${publicUrl}/ or choose a new password at ${publicUrl}/forgotpassword. If it was not you, you need not do anything.\n`,
  })
}

/** The account, its roles, its first admin and its default modules, all or nothing. */
const createAccount = (app: Application, data: SignUp, username: string, passwordHash: string, now: string) =>
  app.get('knex').transaction(async (trx) => {
    const account = {
      account_no: `T${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1296).toString(36).toUpperCase()}`,
      company: data.company.trim(),
      website: data.website || null,
      phone: data.phone,
      email: username,
      country: data.country,
      enabled: false,
      trial: true,
    }
    const admin = { username, firstName: data.firstName, lastName: data.lastName, passwordHash }
    return (await insertAccountWithAdmin(app, trx, account, admin, now)).accountId
  })

/** Tells the account's admins that a global admin opened their account. */
export const sendAccountOpenedMail = async (app: Application, accountId: number) => {
  const knex = app.get('knex')
  const admins = await knex('account_users as au')
    .join('users as u', 'u.id', 'au.user_id')
    .where({ 'au.account_id': accountId, 'au.access_level': 'ACCOUNT_ADMIN', 'u.anonymous': false })
    .select('u.username', 'u.first_name')
  const link = `${app.get('config').publicUrl}/`
  for (const admin of admins)
    await app.get('mailer').send({
      to: admin.username,
      subject: 'Your account is open',
      text: `Hello ${admin.first_name},\n\nYour account is now open. Sign in at ${link}\n`,
      link,
    })
}

/**
 * Sign-up (spec part1 §1, §5): a disabled trial account with its first admin,
 * a mail now and another when a global admin opens the account.
 */
import { BadRequest, Conflict } from '@feathersjs/errors'
import type { AppParams, Application } from '@app/plugin-kit'
import { MESSAGES, nowIso } from '@app/plugin-kit'
import { hashPassword } from './auth/passwords'
import { insertAccountWithAdmin } from './services/new-account'
import type { SignUp } from './services/schemas'

export const EMAIL_TAKEN = 'Email is already registered'

export const signUp = async (app: Application, data: SignUp, _params?: AppParams) => {
  const errors: Record<string, string> = {}
  if (data.repeatEmail.trim().toLowerCase() !== data.email.trim().toLowerCase()) errors.repeatEmail = MESSAGES.emailsMismatch
  if (data.repeatPassword !== data.password) errors.repeatPassword = MESSAGES.passwordsMismatch
  if (Object.keys(errors).length) throw new BadRequest('Validation failed', { errors })

  const knex = app.get('knex')
  const username = data.email.trim().toLowerCase()
  if (await knex('users').where({ username }).first('id')) throw new Conflict(EMAIL_TAKEN)

  const passwordHash = await hashPassword(data.password)
  const now = nowIso()
  const accountId = await createAccount(app, data, username, passwordHash, now).catch((error) => {
    // Two sign-ups with one e-mail at the same moment: the unique index decides, with the same answer.
    if (error?.code === 'ER_DUP_ENTRY' || String(error?.code).startsWith('SQLITE_CONSTRAINT')) throw new Conflict(EMAIL_TAKEN)
    throw error
  })
  const config = app.get('config')
  await app.get('mailer').send({
    to: username,
    subject: 'Your trial account is registered',
    text: `Hello ${data.firstName},\n\nThank you for registering ${data.company}. We will send you another e-mail as soon as your account is opened.\n\n${config.publicUrl}\n`,
  })
  return {
    id: accountId,
    message: 'An e-mail has been sent to you. You will get another e-mail when your account is opened.',
  }
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

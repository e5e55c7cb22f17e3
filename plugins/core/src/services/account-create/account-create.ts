/**
 * The global admin's new account (spec part1 §2, §7): an open account created with its
 * first admin (a new person, welcomed by mail to choose a password from the link, or a
 * registered one, told they were added).
 */
import { randomUUID } from 'node:crypto'
import { Conflict } from '@feathersjs/errors'
import type { Application } from '@app/plugin-kit'
import { defineAction, isUniqueViolation, nowIso } from '@app/plugin-kit'
import { EMAIL_TAKEN } from '../../signup'
import { signInLink, welcomeLink } from '../../user-tokens'
import { accountWithCounts } from '../accounts/account-list'
import { type FirstAdmin, type RegisteredAdmin, insertAccountWithAdmin } from '../accounts/new-account'
import { type AccountCreate, accountCreateSchema } from './account-create.schema'
import { accountCreatePath } from './account-create.shared'

/** Account numbers of accounts a global admin creates: A and the id, so they never collide. */
const accountNumberOf = (id: number) => `A${String(id).padStart(6, '0')}`

const blankToNull = (value: string | undefined) => (value?.trim() ? value.trim() : null)

/** The account (open, not a trial), its roles, its first admin (new without a password, or registered), and the default modules. */
const insertAccount = (app: Application, data: AccountCreate, admin: FirstAdmin | RegisteredAdmin) =>
  app.get('knex').transaction(async (trx) => {
    // The number derives from the id, which exists only after the insert: a unique placeholder first.
    const account = {
      account_no: `N${randomUUID().replace(/-/g, '').slice(0, 19)}`,
      company: data.company.trim(),
      website: blankToNull(data.website),
      phone: blankToNull(data.phone),
      email: blankToNull(data.email)?.toLowerCase() ?? null,
      address: blankToNull(data.address),
      zip: blankToNull(data.zip),
      city: blankToNull(data.city),
      country: blankToNull(data.country),
      enabled: true,
      trial: false,
    }
    const created = await insertAccountWithAdmin(app, trx, account, admin, nowIso())
    await trx('accounts').where({ id: created.accountId }).update({ account_no: accountNumberOf(created.accountId) })
    return created
  })

/** The welcome mail with a single-use link to /welcomeNewUser/{token}, where the admin sets a password. */
const sendWelcomeMail = async (app: Application, userId: number, to: string, firstName: string, company: string) => {
  const link = await welcomeLink(app, userId)
  await app.get('mailer').send({
    to,
    subject: 'Welcome',
    text: `Hello ${firstName},\n\nAn account for ${company} has been opened for you. To choose your password and sign in, open this link within 7 days:\n\n${link}\n`,
    link,
  })
}

/** A registered person made the new account's admin: they sign in as before and switch to it. */
const sendAddedMail = async (app: Application, to: string, firstName: string, company: string) => {
  const link = signInLink(app)
  await app.get('mailer').send({
    to,
    subject: `You were added to ${company}`,
    text: `Hello ${firstName},\n\nAn account for ${company} has been opened with you as its admin. Sign in with your e-mail and password as before, then choose ${company} from the account menu:\n\n${link}\n`,
    link,
  })
}

/**
 * A new e-mail makes a new person, welcomed with a link to choose their password; a
 * registered one makes that person the admin (one identity, several memberships, as
 * creating a user does): their names and password stay theirs, and the mail tells them.
 */
export const accountCreateService = defineAction({
  path: accountCreatePath,
  scope: { kind: 'platform', why: 'Global admins open new accounts; the caller names no existing account.' },
  flags: ['canManageAccounts'],
  data: accountCreateSchema,
  run: async ({ app, data }) => {
    const knex = app.get('knex')
    const username = data.adminEmail.trim().toLowerCase()
    const registered = await knex('users').where({ username }).first('id', 'username', 'first_name', 'last_name', 'acronym', 'anonymous')
    if (registered?.anonymous) throw new Conflict(EMAIL_TAKEN)
    const admin = registered ? { registered } : { username, firstName: data.adminFirstName, lastName: data.adminLastName, passwordHash: null }
    const { accountId, userId } = await insertAccount(app, data, admin).catch((error) => {
      // The same new e-mail added twice at once: the unique index decides, with the same answer.
      if (isUniqueViolation(error)) throw new Conflict(EMAIL_TAKEN)
      throw error
    })
    const company = data.company.trim()
    const mail = registered ? sendAddedMail(app, username, registered.first_name, company) : sendWelcomeMail(app, userId, username, data.adminFirstName.trim(), company)
    // The account exists either way; a mail server that fails is logged, and the admin can ask for a reset link.
    await mail.catch((error: unknown) => app.get('logger').error({ err: error }, 'Sending the welcome mail failed'))
    return accountWithCounts(app, accountId)
  },
})

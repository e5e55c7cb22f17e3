/**
 * The global admin's new account (spec part1 §2, §7): an open account created with its
 * first admin, who is welcomed by mail and chooses a password from the link.
 */
import { randomUUID } from 'node:crypto'
import { Conflict } from '@feathersjs/errors'
import type { Application } from '@app/plugin-kit'
import { defineAction, nowIso } from '@app/plugin-kit'
import { EMAIL_TAKEN, isDuplicate } from '../../signup'
import { WELCOME_TTL_MS, createUserToken } from '../../user-tokens'
import { accountWithCounts } from '../accounts/account-list'
import { insertAccountWithAdmin } from '../accounts/new-account'
import { type AccountCreate, accountCreateSchema } from './account-create.schema'
import { accountCreatePath } from './account-create.shared'

/** Account numbers of accounts a global admin creates: A and the id, so they never collide. */
const accountNumberOf = (id: number) => `A${String(id).padStart(6, '0')}`

const blankToNull = (value: string | undefined) => (value?.trim() ? value.trim() : null)

/** The account (open, not a trial), its roles, its first admin without a password, and the default modules. */
const insertAccount = (app: Application, data: AccountCreate, username: string) =>
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
    const admin = { username, firstName: data.adminFirstName, lastName: data.adminLastName, passwordHash: null }
    const created = await insertAccountWithAdmin(app, trx, account, admin, nowIso())
    await trx('accounts').where({ id: created.accountId }).update({ account_no: accountNumberOf(created.accountId) })
    return created
  })

/** The welcome mail with a single-use link to /welcomeNewUser/{token}, where the admin sets a password. */
const sendWelcomeMail = async (app: Application, userId: number, to: string, firstName: string, company: string) => {
  const token = await createUserToken(app, userId, 'welcome', WELCOME_TTL_MS)
  const link = `${app.get('config').publicUrl}/welcomeNewUser/${token}`
  await app.get('mailer').send({
    to,
    subject: 'Welcome',
    text: `Hello ${firstName},\n\nAn account for ${company} has been opened for you. To choose your password and sign in, open this link within 7 days:\n\n${link}\n`,
    link,
  })
}

export const accountCreateService = defineAction({
  path: accountCreatePath,
  scope: { kind: 'platform', why: 'Global admins open new accounts; the caller names no existing account.' },
  flags: ['canManageAccounts'],
  data: accountCreateSchema,
  run: async ({ app, data }) => {
    const knex = app.get('knex')
    const username = data.adminEmail.trim().toLowerCase()
    if (await knex('users').where({ username }).first('id')) throw new Conflict(EMAIL_TAKEN)
    const { accountId, userId } = await insertAccount(app, data, username).catch((error) => {
      // The same e-mail added twice at once: the unique index decides, with the same answer.
      if (isDuplicate(error)) throw new Conflict(EMAIL_TAKEN)
      throw error
    })
    // The account exists either way; a mail server that fails is logged, and the admin can ask for a reset link.
    await sendWelcomeMail(app, userId, username, data.adminFirstName.trim(), data.company.trim()).catch((error: unknown) =>
      app.get('logger').error({ err: error }, 'Sending the welcome mail failed'),
    )
    return accountWithCounts(app, accountId)
  },
})

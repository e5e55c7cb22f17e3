/** The mails a new member gets: a welcome link for a new person, a note for someone registered already. */
import type { Application, AuthUser } from '@app/plugin-kit'
import { signInLink, welcomeLink } from '../../user-tokens'

const accountName = async (app: Application, accountId: number) =>
  (await app.get('knex')('accounts').where({ id: accountId }).first('company'))?.company ?? 'the service'

const send = (app: Application, mail: { to: string; subject: string; text: string; link: string }) =>
  app
    .get('mailer')
    .send(mail)
    .catch((error: unknown) => app.get('logger').error({ err: error }, 'Sending the welcome mail failed'))

/** A new person: a link to choose their password, alive a week. */
export const mailWelcome = async (app: Application, caller: AuthUser, userId: number, email: string, firstName: string) => {
  const link = await welcomeLink(app, userId)
  const account = await accountName(app, caller.accountId)
  const text = `Hello ${firstName},\n\n${caller.firstName} ${caller.lastName} has made you a user of ${account}. To choose your password and sign in, open this link within 7 days:\n\n${link}\n`
  await send(app, { to: email, subject: `Welcome to ${account}`, text, link })
}

/** A person who has an identity already: told where they were added; they sign in as before and switch account. */
export const mailAdded = async (app: Application, caller: AuthUser, email: string) => {
  const link = signInLink(app)
  const account = await accountName(app, caller.accountId)
  const text = `Hello,\n\n${caller.firstName} ${caller.lastName} has added you to ${account}. Sign in with your e-mail and password as before, then choose ${account} from the account menu:\n\n${link}\n`
  await send(app, { to: email, subject: `You were added to ${account}`, text, link })
}

/**
 * POST /accountusers/{userId}/username: one's own login e-mail, with the current
 * password, takes effect from a link mailed to the new address; a global admin's change
 * of someone's applies at once. The old address hears of either.
 */
import type { Application } from '@app/plugin-kit'
import { defineAction, nowIso } from '@app/plugin-kit'
import { type Person, assertCurrentPassword, identityTarget } from '../../identity'
import { RESET_TTL_MS, createUserToken } from '../../user-tokens'
import { applyUsername, assertAddressFree } from './login-email'
import { changeUsernameSchema } from './username.schema'
import { usernamePath } from './username.shared'

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

export const usernameService = defineAction({
  path: usernamePath,
  scope: {
    kind: 'own-user',
    why: "The caller's own login e-mail (with the current password, confirmed from the new address); a global admin may change anyone's, everyone else gets 403.",
  },
  data: changeUsernameSchema,
  run: async ({ app, caller, ids: { userId }, data }) => {
    const { own, person } = await identityTarget(app, caller, userId)
    const knex = app.get('knex')
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

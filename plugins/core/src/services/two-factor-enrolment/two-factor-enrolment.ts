/** POST /two-factor/enrolment: a new secret for one's own login, waiting for a code that confirms it. */
import { defineAction } from '@app/plugin-kit'
import { newSecret } from '../../auth/totp'
import { assertCurrentPassword, personOf } from '../../identity'
import { currentPasswordSchema } from '../password/password.schema'
import { twoFactorEnrolmentPath } from './two-factor-enrolment.shared'

export const twoFactorEnrolmentService = defineAction({
  path: twoFactorEnrolmentPath,
  scope: { kind: 'own-user', why: "Starts two-factor set-up for the caller's own login." },
  data: currentPasswordSchema,
  run: async ({ app, caller, data }) => {
    // Starting again switches two-factor off until confirmed: that needs the current password (identity.ts).
    const person = await personOf(app.get('knex'), caller.id)
    if (person.two_factor_enabled) await assertCurrentPassword(app, person, data.currentPassword)
    const { secret, sealed, otpauthUri } = newSecret(app, caller.id, caller.username)
    // The secret waits unconfirmed: two-factor turns on only when a code from it is confirmed.
    await app.get('knex')('users').where({ id: caller.id }).update({ two_factor_secret: sealed, two_factor_enabled: false })
    return { secret, otpauthUri }
  },
})

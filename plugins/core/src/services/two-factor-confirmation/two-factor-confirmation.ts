/** POST /two-factor/confirmation: a valid code from the new secret turns two-factor on (and spends its step). */
import { BadRequest } from '@feathersjs/errors'
import { defineAction } from '@app/plugin-kit'
import { acceptCode } from '../../auth/totp'
import { twoFactorConfirmSchema } from './two-factor-confirmation.schema'
import { twoFactorConfirmationPath } from './two-factor-confirmation.shared'

export const twoFactorConfirmationService = defineAction({
  path: twoFactorConfirmationPath,
  scope: { kind: 'own-user', why: "Confirms two-factor set-up for the caller's own login." },
  data: twoFactorConfirmSchema,
  run: async ({ app, caller, data }) => {
    const accepted = await acceptCode(app, caller.id, data.code)
    if (accepted === 'none') throw new BadRequest('Start the two-factor set-up first')
    if (accepted === 'refused') throw new BadRequest('Validation failed', { errors: { code: 'The code is not valid, try the current one' } })
    await app.get('knex')('users').where({ id: caller.id }).update({ two_factor_enabled: true })
    return { hasTwoFactor: true }
  },
})

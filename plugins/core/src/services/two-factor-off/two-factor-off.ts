/** POST /two-factor/off: one's own two-factor sign-in off, with the current password; the person is told. */
import { defineAction } from '@app/plugin-kit'
import { assertCurrentPassword, personOf, switchTwoFactorOff, tellPerson } from '../../identity'
import { currentPasswordSchema } from '../password/password.schema'
import { twoFactorOffPath } from './two-factor-off.shared'

export const twoFactorOffService = defineAction({
  path: twoFactorOffPath,
  scope: { kind: 'own-user', why: "Switches the caller's own two-factor sign-in off, with their current password." },
  data: currentPasswordSchema,
  run: async ({ app, caller, data }) => {
    const knex = app.get('knex')
    const person = await personOf(knex, caller.id)
    await assertCurrentPassword(app, person, data.currentPassword)
    await switchTwoFactorOff(knex, caller.id)
    await tellPerson(app, person, 'twoFactorOff')
    return { userId: caller.id, hasTwoFactor: false }
  },
})

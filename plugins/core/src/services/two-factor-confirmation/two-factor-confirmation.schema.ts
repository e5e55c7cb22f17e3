/** The code that confirms a two-factor set-up, browser-safe. */
import { Type } from '@sinclair/typebox'
import { totpCode } from '../two-factor/two-factor.schema'

export const twoFactorConfirmSchema = Type.Object({ code: totpCode() }, { additionalProperties: false })

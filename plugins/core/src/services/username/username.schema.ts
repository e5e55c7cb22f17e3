/** One's own login e-mail, or a global admin changing someone's (spec part1 §2), browser-safe. */
import { Field } from '@app/plugin-kit/shared'
import { Type } from '@sinclair/typebox'
import { currentPasswordField } from '../password/password.schema'

export const changeUsernameSchema = Type.Object({ username: Field.email(), currentPassword: currentPasswordField() }, { additionalProperties: false })

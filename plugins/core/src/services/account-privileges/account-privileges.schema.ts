/** Browser-safe: an account's grants list and a role's catalogue switch. */
import { Field } from '@app/plugin-kit/shared'
import { Type } from '@sinclair/typebox'

/** GET /accounts/{accountId}/privileges: resource-specific grants (default) or global ones, of a role or a user. */
export const accountGrantsQuerySchema = Type.Object(
  {
    resourceSpecific: Type.Boolean({ default: true }),
    roleId: Type.Optional(Field.id()),
    userId: Type.Optional(Field.id()),
    $limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 500 })),
    $skip: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { additionalProperties: false },
)

/** POST /accounts/{accountId}/privileges/toggle/{privilegeId}: the role switched. */
export const roleToggleSchema = Type.Object({ roleId: Field.id() }, { additionalProperties: false })

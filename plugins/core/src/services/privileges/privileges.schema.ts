/** Browser-safe: a row of the privileges table as GET /privileges answers it. */
import { Field, PRIVILEGE_ACTIONS, PRIVILEGE_RESOURCES } from '@app/plugin-kit/shared'
import { type Static, Type } from '@sinclair/typebox'

export const privilegeSchema = Type.Object(
  {
    id: Type.Integer(),
    accountId: Type.Integer(),
    userId: Type.Union([Type.Integer(), Type.Null()]),
    roleId: Type.Union([Type.Integer(), Type.Null()]),
    name: Type.Union([Type.String(), Type.Null()]),
    resource: Field.enumOf(PRIVILEGE_RESOURCES),
    resourceId: Type.Union([Type.Integer(), Type.Null()]),
    action: Field.enumOf(PRIVILEGE_ACTIONS),
  },
  { additionalProperties: false },
)
export type Privilege = Static<typeof privilegeSchema>

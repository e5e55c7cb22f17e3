/** Browser-safe: what add, remove and add-or-modify-action name, and a grant as the calls answer it. */
import { Field, PRIVILEGE_ACTIONS, PRIVILEGE_RESOURCES, type PrivilegeResource } from '@app/plugin-kit/shared'
import { type Static, Type } from '@sinclair/typebox'

export const grantSchema = Type.Object(
  {
    action: Field.enumOf(PRIVILEGE_ACTIONS),
    resource: Field.enumOf(PRIVILEGE_RESOURCES),
    resourceId: Type.Optional(Field.nullable(Field.id())),
    name: Type.Optional(Field.nullable(Type.String({ minLength: 1, maxLength: 40 }))),
  },
  { additionalProperties: false },
)
export type GrantData = Static<typeof grantSchema>

/** GET /accountusers/{userId}/privileges?projectId= */
export const userPrivilegesQuerySchema = Type.Object(
  { projectId: Type.Optional(Field.id()), $limit: Type.Optional(Type.Integer()) },
  { additionalProperties: false },
)

/** One grant of a user: global (no row) or on the named project or company. */
export interface UserGrant {
  id: number
  userId: number | null
  roleId: number | null
  name: string | null
  resource: PrivilegeResource
  resourceId: number | null
  action: string
  /** The project's or company's name; null for a global grant or a row whose plugin is not installed. */
  resourceName?: string | null
}

/**
 * Roles (user groups, spec part1 §3 and §6), browser-safe: what GET /api/roles answers
 * and what POST and PATCH accept.
 */
import { Field } from '@app/plugin-kit/shared'
import { type Static, Type } from '@sinclair/typebox'

export const SECURITY_GROUPS = ['ADMIN', 'USER'] as const
export type SecurityGroup = (typeof SECURITY_GROUPS)[number]

/**
 * The roles every account has. Their names are reserved (no other role may take them)
 * and they are neither renamed, regrouped nor removed, so the name says which they are.
 */
export const BUILT_IN_ROLES: readonly { name: string; securityGroup: SecurityGroup }[] = [
  { name: 'Administrators', securityGroup: 'ADMIN' },
  { name: 'Basic', securityGroup: 'USER' },
]

export const ROLE_NAME = { minLength: 2, maxLength: 100 } as const

export const ROLE_MESSAGES = {
  duplicate: 'A role with this name already exists',
  builtIn: 'A built-in role cannot be changed or removed',
  inUse: 'The role is given to users; give them another role first',
} as const

const columns = {
  id: Type.Integer(),
  accountId: Type.Integer(),
  name: Type.String(),
  securityGroup: Field.enumOf(SECURITY_GROUPS),
  createdAt: Type.String(),
}

/** The table's columns: what a query may filter and sort on. */
export const roleColumnsSchema = Type.Object(columns, { additionalProperties: false })

export const roleSchema = Type.Object(
  {
    ...columns,
    /** One of BUILT_IN_ROLES: listed always, never renamed or removed. */
    builtIn: Type.Boolean(),
  },
  { additionalProperties: false },
)
export type Role = Static<typeof roleSchema>

export const roleDataSchema = Type.Object(
  { name: Field.text(ROLE_NAME), securityGroup: Type.Optional(Field.enumOf(SECURITY_GROUPS)) },
  { additionalProperties: false },
)
export const rolePatchSchema = Type.Partial(roleDataSchema, { additionalProperties: false })
export type RoleData = Static<typeof roleDataSchema>

export const isBuiltInRole = (role: { name: string }) => BUILT_IN_ROLES.some((builtIn) => builtIn.name === role.name)

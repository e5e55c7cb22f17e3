/** Browser-safe: one user of an account as the account-user calls answer it, the list's query and the edit form. */
import { Field, type UserAccessLevel } from '@app/plugin-kit/shared'
import { Type } from '@sinclair/typebox'

/** GET /api/accountusers/{accountId} (a page of these) and GET /api/accountusers/user/{userId}. */
export interface AccountUser {
  id: number
  accountId: number
  username: string
  firstName: string
  lastName: string
  acronym: string
  language: string
  hasTwoFactor: boolean
  anonymous: boolean
  roleId: number | null
  roleName: string | null
  securityGroup: string | null
  companyId: number | null
  companyName: string | null
  accessLevel: UserAccessLevel
  enabled: boolean
  removalRequested: boolean
  createdAt: string
  createdBy: number | null
}

export const listQuerySchema = Type.Object(
  {
    filter: Type.Optional(Type.String({ maxLength: 100 })),
    includeSystem: Type.Boolean({ default: false }),
    onlyEditable: Type.Boolean({ default: true }),
    /** Only the members who asked for their removal (true) or who did not (false); both when left out. */
    removalRequested: Type.Optional(Type.Boolean()),
    $limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 500 })),
    $skip: Type.Optional(Type.Integer({ minimum: 0 })),
    $sort: Type.Optional(Type.Record(Type.String(), Type.Integer({ minimum: -1, maximum: 1 }))),
  },
  { additionalProperties: false },
)

/** PUT /api/accountusers/{accountId}: the edit form. */
export const editUserSchema = Type.Object(
  {
    id: Field.id(),
    username: Field.email(),
    firstName: Field.text({ minLength: 3, maxLength: 100 }),
    lastName: Field.text({ minLength: 3, maxLength: 100 }),
    acronym: Field.text({ maxLength: 20 }),
    language: Type.Optional(Field.enumOf(['ENGLISH', 'FINNISH', 'NORWEGIAN', 'POLISH', 'SWEDISH'] as const)),
    companyId: Type.Optional(Field.nullable(Field.id())),
  },
  { additionalProperties: false },
)

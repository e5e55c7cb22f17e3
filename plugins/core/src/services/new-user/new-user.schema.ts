/** Browser-safe: the new-user wizard's body, with or without the privileges step. */
import { Field, MESSAGES, PRIVILEGE_ACTIONS } from '@app/plugin-kit/shared'
import { type Static, Type } from '@sinclair/typebox'

const privilegeItem = Type.Object(
  {
    resource: Field.enumOf(['PROJECT', 'COMPANY'] as const),
    resourceId: Field.id(),
    action: Field.enumOf(PRIVILEGE_ACTIONS, { errorMessage: MESSAGES.required }),
  },
  { additionalProperties: false },
)
const newUserFields = {
  email: Field.email(),
  repeatEmail: Type.Optional(Field.email()),
  firstName: Field.text({ minLength: 2, maxLength: 100 }),
  lastName: Field.text({ minLength: 2, maxLength: 100 }),
  acronym: Type.Optional(Field.text({ maxLength: 20 })),
  language: Type.Optional(Field.enumOf(['ENGLISH', 'FINNISH', 'NORWEGIAN', 'POLISH', 'SWEDISH'] as const)),
  roleId: Type.Optional(Field.id()),
  companyId: Type.Optional(Field.nullable(Field.id())),
}
/** POST /accountusers/{accountId} and /createEmptyUser. */
export const emptyUserSchema = Type.Object(newUserFields, { additionalProperties: false })
/** POST /accountusers/{accountId}/createUserWithPrivileges: the wizard's submit. */
export const newUserSchema = Type.Object(
  { ...newUserFields, privileges: Type.Optional(Type.Array(privilegeItem, { maxItems: 500 })) },
  { additionalProperties: false },
)
export type NewUser = Static<typeof newUserSchema>

/** The users of a company, and the account users the add box suggests (spec part1 §7). Browser-safe. */
import { type Static, Type } from '@sinclair/typebox'

/** A user as the company's users and access tabs list them. */
export const companyUserSchema = Type.Object(
  {
    userId: Type.Integer(),
    username: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    acronym: Type.String(),
    enabled: Type.Boolean(),
    anonymous: Type.Boolean(),
  },
  { additionalProperties: false },
)
export type CompanyUser = Static<typeof companyUserSchema>
export type CompanyUserWithAccess = CompanyUser & { action: string }

export const companyUserDataSchema = Type.Object(
  { username: Type.String({ minLength: 4, maxLength: 254 }) },
  { additionalProperties: false, examples: [{ username: 'user@demo.test' }] },
)
export type CompanyUserData = Static<typeof companyUserDataSchema>

export const companyUsersQuerySchema = Type.Object(
  {
    $limit: Type.Optional(Type.Integer({ minimum: 0 })),
    $skip: Type.Optional(Type.Integer({ minimum: 0 })),
    filter: Type.Optional(Type.String({ maxLength: 200 })),
    /** users-with-access: leave anonymised users out (spec default true). */
    anonymousFilter: Type.Optional(Type.Boolean({ default: true })),
  },
  { additionalProperties: false },
)

export const COMPANY_USER_MESSAGES = {
  userNotFound: 'User not found',
  alreadyUser: 'The user is already a user of this company',
} as const

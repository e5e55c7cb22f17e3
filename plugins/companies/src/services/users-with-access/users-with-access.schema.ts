/** A user's access to one company (spec part1 §3 "company access", "company administer"). Browser-safe. */
import { ACCESS_LEVELS, Field, PRIVILEGE_ACTIONS } from '@app/plugin-kit/shared'
import { type Static, Type } from '@sinclair/typebox'
import { companyUserSchema } from '../company-users/company-users.schema'

const level = () => Field.enumOf(ACCESS_LEVELS)

/** GET, PUT and DELETE /companies/{companyId}/users-with-access/{userId}. */
export const userAccessSchema = Type.Object(
  {
    ...companyUserSchema.properties,
    /** What the user holds on the company in all: the highest of the two below. */
    action: level(),
    /** The user's own grant on the company: what the access page sets. */
    ownAction: level(),
    /** From their role or from named privileges on the company, which the access page leaves alone. */
    otherAction: level(),
  },
  { additionalProperties: false },
)
export type UserAccess = Static<typeof userAccessSchema>

/** PUT body: the level the user gets (NONE is DELETE). */
export const userAccessDataSchema = Type.Object(
  { action: Field.enumOf(PRIVILEGE_ACTIONS) },
  { additionalProperties: false, examples: [{ action: 'ACCESS' }] },
)
export type UserAccessData = Static<typeof userAccessDataSchema>

/** The two levels the spec names for a company (part1 §6), lowest first. */
export const COMPANY_ACCESS_LEVELS = ['ACCESS', 'ADMINISTER'] as const

export const USER_ACCESS_MESSAGES = {
  /** Spec part1 §8, worded as there: removing access the user does not hold. */
  noAccess: 'User has noe access to this company',
  userNotFound: 'User not found',
  administerOnly: "Only the company's administrators may give or take administer access",
} as const

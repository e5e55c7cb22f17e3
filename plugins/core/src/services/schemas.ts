/**
 * Core schemas (browser-safe): what the API answers and accepts for accounts, sign-up,
 * modules and two-factor sign-in (roles: roles.schema.ts; each user-management service's
 * in its folder's .schema.ts).
 */
import {
  ALWAYS_ON_MODULES,
  Field,
  MESSAGES,
} from '@app/plugin-kit/shared'
import { type Static, Type } from '@sinclair/typebox'

export const accountSchema = Type.Object(
  {
    id: Type.Integer(),
    accountNo: Type.String(),
    company: Type.String(),
    website: Type.Union([Type.String(), Type.Null()]),
    phone: Type.Union([Type.String(), Type.Null()]),
    email: Type.Union([Type.String(), Type.Null()]),
    address: Type.Union([Type.String(), Type.Null()]),
    zip: Type.Union([Type.String(), Type.Null()]),
    city: Type.Union([Type.String(), Type.Null()]),
    country: Type.Union([Type.String(), Type.Null()]),
    enabled: Type.Boolean(),
    trial: Type.Boolean(),
    createdAt: Type.String(),
  },
  { additionalProperties: false },
)
export type Account = Static<typeof accountSchema>

/** Account info an account admin may change (spec part1 §3). */
export const accountPatchSchema = Type.Object(
  {
    company: Type.Optional(Field.text({ minLength: 2, maxLength: 200 })),
    website: Type.Optional(Field.website()),
    phone: Type.Optional(Field.phone()),
    email: Type.Optional(Field.email()),
    address: Type.Optional(Field.optionalText(200)),
    zip: Type.Optional(Field.optionalText(20)),
    city: Type.Optional(Field.optionalText(100)),
    country: Type.Optional(Type.String({ pattern: '^([A-Z]{2})?$', errorMessage: 'Choose a country from the list' })),
  },
  { additionalProperties: false },
)

/** PUT /accounts: the details with the account's id, or without it for the caller's current account. */
export const accountSaveSchema = Type.Object({ ...accountPatchSchema.properties, id: Type.Optional(Field.id()) }, { additionalProperties: false })

/** The sign-up form (spec part1 §3 and §5). */
export const signUpSchema = Type.Object(
  {
    firstName: Field.text({ maxLength: 100 }),
    lastName: Field.text({ maxLength: 100 }),
    email: Field.email(),
    repeatEmail: Field.email(),
    // Required here; the password rule (identity.ts) follows in signup.ts.
    password: Type.String({ minLength: 1, maxLength: 100 }),
    repeatPassword: Type.String({ minLength: 1, maxLength: 100 }),
    company: Field.text({ maxLength: 200 }),
    website: Type.Optional(Field.website()),
    country: Type.String({ minLength: 1, pattern: '^[A-Z]{2}$', errorMessage: MESSAGES.required }),
    phone: Field.phone(),
  },
  { additionalProperties: false },
)
export type SignUp = Static<typeof signUpSchema>

export const moduleSwitchSchema = Type.Object(
  {
    modules: Type.Array(
      Type.Object({ id: Type.String({ minLength: 1, maxLength: 40 }), enabled: Type.Boolean() }, { additionalProperties: false }),
      { maxItems: 50 },
    ),
  },
  { additionalProperties: false },
)

export const twoFactorSchema = Type.Object(
  { challengeToken: Type.String({ minLength: 1, maxLength: 2000 }), code: Type.String({ pattern: '^[0-9]{6}$', errorMessage: MESSAGES.digits }) },
  { additionalProperties: false },
)
export const twoFactorConfirmSchema = Type.Object(
  { code: Type.String({ pattern: '^[0-9]{6}$', errorMessage: MESSAGES.digits }) },
  { additionalProperties: false },
)

export { ALWAYS_ON_MODULES }

/**
 * Accounts (tenants), browser-safe: what GET /api/accounts answers (the global admin's
 * list with its counts, or the caller's own account), what sign-up (POST) takes, and
 * the account details an account admin changes (PATCH, PUT).
 */
import { Field, MESSAGES } from '@app/plugin-kit/shared'
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


export const ACCOUNT_SORT_FIELDS = ['accountNo', 'company', 'createdAt', 'enabled', 'userCount', 'fileCount', 'mbUsed'] as const
export type AccountSortField = (typeof ACCOUNT_SORT_FIELDS)[number]

const direction = () => Type.Optional(Type.Integer({ enum: [1, -1] }))

export const accountListQuerySchema = Type.Object(
  {
    /** Larger asks are capped at 500, like every list. */
    $limit: Type.Optional(Type.Integer({ minimum: 0 })),
    $skip: Type.Optional(Type.Integer({ minimum: 0 })),
    $sort: Type.Optional(
      Type.Object(Object.fromEntries(ACCOUNT_SORT_FIELDS.map((f) => [f, direction()])), { additionalProperties: false }),
    ),
    /** Matched case-insensitively against the company name and the account number. */
    filter: Type.Optional(Type.String({ maxLength: 100 })),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
export type AccountListQuery = Static<typeof accountListQuerySchema> & { id?: number; $sort?: Partial<Record<AccountSortField, number>> }

export const accountListRowSchema = Type.Object(
  { ...accountSchema.properties, userCount: Type.Integer(), fileCount: Type.Integer(), mbUsed: Type.Number() },
  { additionalProperties: false },
)
export type AccountListRow = Static<typeof accountListRowSchema>

export interface AccountPage {
  total: number
  limit: number
  skip: number
  data: AccountListRow[]
}

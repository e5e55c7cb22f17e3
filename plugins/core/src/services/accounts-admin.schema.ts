/**
 * Browser-safe schemas of the global admin's account calls: the accounts list query
 * and rows, the new-account form, and the support manuals; and the home page's
 * dashboard info.
 */
import { COUNTRY_PATTERN, EMAIL_PATTERN, Field, MESSAGES, PHONE_PATTERN } from '@app/plugin-kit/shared'
import { type Static, Type } from '@sinclair/typebox'
import { accountSchema } from './schemas'

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

/** Optional contact fields: empty is fine, anything else must match the spec's rule. */
const optionalPattern = (pattern: string, maxLength: number, errorMessage: string) =>
  Type.Optional(Type.String({ maxLength, pattern: `(^$)|(${pattern})`, errorMessage }))

export const COUNTRY_MESSAGE = 'Choose a country from the list'

/** The global admin's new-account form: the account and its first admin user. */
export const accountCreateSchema = Type.Object(
  {
    company: Field.text({ maxLength: 200 }),
    website: Type.Optional(Field.website()),
    phone: optionalPattern(PHONE_PATTERN, 40, MESSAGES.phone),
    email: optionalPattern(EMAIL_PATTERN, 254, MESSAGES.email),
    address: Type.Optional(Field.optionalText(200)),
    zip: Type.Optional(Field.optionalText(20)),
    city: Type.Optional(Field.optionalText(100)),
    /** Required, as in the sign-up's account form (spec part1 §5): a code of the country list. */
    country: Type.String({ minLength: 1, pattern: COUNTRY_PATTERN, errorMessage: COUNTRY_MESSAGE }),
    adminEmail: Field.email(),
    adminFirstName: Field.text({ minLength: 2, maxLength: 100 }),
    adminLastName: Field.text({ minLength: 2, maxLength: 100 }),
  },
  { additionalProperties: false },
)
export type AccountCreate = Static<typeof accountCreateSchema>

export interface ModuleSwitch {
  id: string
  enabled: boolean
  alwaysOn: boolean
}

export interface SupportManualRow {
  id: number
  name: string
  /** Where the browser downloads it (with its bearer token). */
  link: string
}

/**
 * GET /dashboard/info (spec part2 §3 "Dashboard info", §7): the home page's counts of the
 * caller's current account. A count the caller may not see is left out. projectCount
 * and squareMeters come with the projects module.
 */
export const dashboardInfoSchema = Type.Object(
  {
    /** The companies list's total, for callers who may open it. */
    companyCount: Type.Optional(Type.Integer({ minimum: 0 })),
    /** The users list's total (its default query), for callers who may open it. */
    userCount: Type.Optional(Type.Integer({ minimum: 0 })),
    /** Bytes of the account's files, for its administrators. */
    storage: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { additionalProperties: false },
)
export type DashboardInfo = Static<typeof dashboardInfoSchema>

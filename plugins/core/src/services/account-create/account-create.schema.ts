/** The global admin's new-account form (spec part1 §2, §7), browser-safe. */
import { COUNTRY_PATTERN, EMAIL_PATTERN, Field, MESSAGES, PHONE_PATTERN } from '@app/plugin-kit/shared'
import { type Static, Type } from '@sinclair/typebox'

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

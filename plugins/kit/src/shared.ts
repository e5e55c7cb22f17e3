/**
 * Browser-safe part of the plugin kit: ids, enumerations, the spec's validation
 * messages, schema helpers and the password rule. Imports nothing but TypeBox (and
 * the password estimator on first use), so remotes can use it.
 */
import { type TSchema, Type } from '@sinclair/typebox'

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type PasswordProblem, passwordProblem } from './password'

/** The most values one repeated query key carries (`?id=1&id=2…`): the API reads that many as an array. */
export const QUERY_ARRAY_LIMIT = 500

/** The tenant modules an account switches on and off (ARCHITECTURE "Registration"). */
export const TENANT_MODULES = ['core', 'project', 'document', 'checklist', 'product', 'sales', 'skyview', 'buildings'] as const
export type TenantModule = (typeof TENANT_MODULES)[number]
/** Modules that cannot be switched off: without them nobody can sign in. */
export const ALWAYS_ON_MODULES: readonly TenantModule[] = ['core']

export const LANGUAGES = ['ENGLISH', 'FINNISH', 'NORWEGIAN', 'POLISH', 'SWEDISH'] as const
export type Language = (typeof LANGUAGES)[number]

/** Project access, lowest first: a higher level includes the lower ones. */
export const ACCESS_LEVELS = ['NONE', 'ACCESS', 'VIEW', 'DOWNLOAD', 'EDIT', 'ADMINISTER'] as const
export type AccessLevel = (typeof ACCESS_LEVELS)[number]
export const accessRank = (level: AccessLevel) => ACCESS_LEVELS.indexOf(level)

export const PRIVILEGE_ACTIONS = ['ACCESS', 'VIEW', 'DOWNLOAD', 'EDIT', 'ADMINISTER'] as const
export type PrivilegeAction = (typeof PRIVILEGE_ACTIONS)[number]
export const PRIVILEGE_RESOURCES = ['PROJECT', 'COMPANY', 'ACCOUNT', 'GLOBAL_ADMIN', 'SYSTEM'] as const
export type PrivilegeResource = (typeof PRIVILEGE_RESOURCES)[number]

/** A user's level in an account (spec part1 §4). */
export const USER_ACCESS_LEVELS = ['ACCESS', 'SALES_ADMIN', 'ACCOUNT_ADMIN', 'GLOBAL_ADMIN'] as const
export type UserAccessLevel = (typeof USER_ACCESS_LEVELS)[number]

export const MENU_FLAGS = [
  'canSeeCompany',
  'canSeeProjects',
  'canManageUsers',
  'canManageCompanyUsers',
  'canManageCompany',
  'canManageProjects',
  'canManageSettings',
  'canManageAccounts',
] as const
export type MenuFlag = (typeof MENU_FLAGS)[number]
export type MenuFlags = Record<MenuFlag, boolean>

/** Validation messages exactly as spec part1 §5 words them; {min} and {max} are filled in. */
export const MESSAGES = {
  required: 'This field is required',
  email: 'This field value must be a valid email address',
  minLength: 'You must enter at least {min} characters',
  maxLength: 'The maximum number of characters is {max}',
  name: 'Please enter only letters, spaces or dashes',
  phone: 'Not a phone number (+XX XXX XXX XXX)',
  website: 'Please enter a valid website URL',
  passwordsMismatch: 'Passwords do not match',
  emailsMismatch: 'Emails do not match',
  digits: 'Only digits allowed',
  integer: 'Only valid numbers (no comma)',
  min: 'Needs to be at least {min}',
  max: 'Can be maximum {max}',
  decimal: 'Invalid number, please use . for decimals',
  /** Not in the spec's table: an enumeration value outside its list. */
  oneOf: 'Must be one of {values}',
  /** Not in the spec's table: a field the API does not know. */
  unknownField: 'Unknown field',
  /** Not in the spec's table: the password rule (password.ts). */
  commonPassword: 'This password is too common or too easy to guess',
  /** Not in the spec's table: a change of one's own password, e-mail or two-factor proves the current password. */
  currentPasswordWrong: 'The current password is not correct',
  /** Not in the spec's table: text with control, direction-override or invisible characters. */
  controlCharacters: 'Please do not use control or invisible characters',
  /** Not in the spec's table: a date (epoch milliseconds) outside the years DATE_RANGE spans. */
  dateRange: 'Enter a date between the years 1900 and 2199',
} as const

/** The dates a record may carry (epoch milliseconds): from 1 January 1900 to the end of 2199, every one a date a spreadsheet shows. */
export const DATE_RANGE = { minimum: Date.UTC(1900, 0, 1), maximum: Date.UTC(2200, 0, 1) - 1 } as const

export const formatMessage = (template: string, values: Record<string, unknown>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? `{${key}}`))

/** Spec: a local part of letters, digits and . _ + -, and a top-level domain of 2 to 6 letters. */
export const EMAIL_PATTERN = '^[A-Za-z0-9._+-]+@[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)*\\.[A-Za-z]{2,6}$'
/** "+XX XXX XXX XXX": an optional plus, then digits in groups separated by spaces or dashes. */
export const PHONE_PATTERN = '^\\+?[0-9]{1,4}([ -]?[0-9]{1,4}){1,6}$'
export const WEBSITE_PATTERN = '^(https?://)?([A-Za-z0-9-]+\\.)+[A-Za-z]{2,}(:[0-9]{1,5})?(/[^\\s]*)?$'

/**
 * Text without characters that hide or disguise what it says: C0 and C1 controls (tabs
 * and line breaks too: names are one line), DEL, the bidirectional overrides and isolates
 * (U+202A–U+202E, U+2066–U+2069) that reorder how a name reads, and the invisible
 * zero-width space, direction marks, word joiner and BOM. The zero-width (non-)joiners
 * U+200C/U+200D stay: scripts and emoji need them.
 */
export const PLAIN_TEXT_PATTERN = '^[^\\u0000-\\u001f\\u007f-\\u009f\\u200b\\u200e\\u200f\\u202a-\\u202e\\u2060\\u2066-\\u2069\\ufeff]*$'

/** Why a file name is refused (fileNameProblem), in the API's words, so a remote can say them in its language. */
export const FILE_NAME_MESSAGES = {
  path: 'A file name cannot contain / or \\, start with a drive (C:), or be . or ..',
  tooLong: 'A file name can be at most 255 bytes long',
} as const

const plainText = { pattern: PLAIN_TEXT_PATTERN, errorMessage: MESSAGES.controlCharacters }

/** Schema helpers that carry the spec's message for their rule (read by the kit's validator). */
export const Field = {
  /** A required, non-blank, one-line string: an empty value answers "This field is required". */
  text: (options: { minLength?: number; maxLength: number }) =>
    Type.String({ minLength: options.minLength ?? 1, maxLength: options.maxLength, ...plainText }),
  optionalText: (maxLength: number) => Type.String({ maxLength, ...plainText }),
  email: () => Type.String({ minLength: 1, maxLength: 254, pattern: EMAIL_PATTERN, errorMessage: MESSAGES.email }),
  phone: () => Type.String({ minLength: 1, maxLength: 40, pattern: PHONE_PATTERN, errorMessage: MESSAGES.phone }),
  website: () => Type.String({ maxLength: 255, pattern: `(^$)|(${WEBSITE_PATTERN})`, errorMessage: MESSAGES.website }),
  enumOf: <T extends readonly string[]>(values: T, options: object = {}) =>
    Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options }),
  id: () => Type.Integer({ minimum: 1 }),
  nullable: <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]),
}

/** The body of a 400 validation answer: one message per field, first failing rule wins. */
export type FieldErrors = Record<string, string>

/** A calendar day: month 1–12. */
export interface CalendarDay {
  year: number
  month: number
  day: number
}

const BARE_DAY = /^(\d{4})-(\d{2})-(\d{2})$/
const dayFormats = new Map<string, Intl.DateTimeFormat>()
const dayFormat = (timeZone: string | undefined) => {
  const key = timeZone ?? ''
  const known = dayFormats.get(key)
  if (known) return known
  const format = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' })
  dayFormats.set(key, format)
  return format
}

/**
 * The one rule for the day of a date, on screens and in exports alike (spec part1 §1
 * only fixes how it is written): a stored instant is the day it falls on in the viewer's
 * time zone (the browser's own; the browser sends it with an export), and a bare
 * `YYYY-MM-DD` is that day wherever it is read. Null for no or an unreadable value.
 */
export const calendarDay = (value: string | number | Date | null | undefined, timeZone?: string): CalendarDay | null => {
  if (value === null || value === undefined || value === '') return null
  const bare = typeof value === 'string' ? BARE_DAY.exec(value) : null
  if (bare) return { year: Number(bare[1]), month: Number(bare[2]), day: Number(bare[3]) }
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) return null
  const parts = dayFormat(timeZone).formatToParts(date)
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value)
  return { year: part('year'), month: part('month'), day: part('day') }
}

/** An IANA zone name as Intl knows it ("Europe/Helsinki"); anything else is UTC. */
export const knownTimeZone = (value: unknown): string => {
  if (typeof value !== 'string' || value === '') return 'UTC'
  try {
    return new Intl.DateTimeFormat('en-GB', { timeZone: value }).resolvedOptions().timeZone
  } catch {
    return 'UTC'
  }
}

/** The query of an Excel export: the viewer's time zone, so its dates are the days the screens show. */
export const exportQueryFields = {
  timeZone: Type.Optional(Type.String({ maxLength: 64, pattern: '^[A-Za-z0-9_+\\-/]+$' })),
}
export const exportQuerySchema = Type.Object(exportQueryFields, { additionalProperties: false })

/** ISO 3166-1 alpha-2 codes and Kosovo (XK): the spec's list of about 250 countries. */
export const COUNTRY_CODES = [
  'AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AQ', 'AR', 'AS', 'AT', 'AU', 'AW', 'AX', 'AZ', 'BA', 'BB', 'BD', 'BE',
  'BF', 'BG', 'BH', 'BI', 'BJ', 'BL', 'BM', 'BN', 'BO', 'BQ', 'BR', 'BS', 'BT', 'BV', 'BW', 'BY', 'BZ', 'CA', 'CC', 'CD',
  'CF', 'CG', 'CH', 'CI', 'CK', 'CL', 'CM', 'CN', 'CO', 'CR', 'CU', 'CV', 'CW', 'CX', 'CY', 'CZ', 'DE', 'DJ', 'DK', 'DM',
  'DO', 'DZ', 'EC', 'EE', 'EG', 'EH', 'ER', 'ES', 'ET', 'FI', 'FJ', 'FK', 'FM', 'FO', 'FR', 'GA', 'GB', 'GD', 'GE', 'GF',
  'GG', 'GH', 'GI', 'GL', 'GM', 'GN', 'GP', 'GQ', 'GR', 'GS', 'GT', 'GU', 'GW', 'GY', 'HK', 'HM', 'HN', 'HR', 'HT', 'HU',
  'ID', 'IE', 'IL', 'IM', 'IN', 'IO', 'IQ', 'IR', 'IS', 'IT', 'JE', 'JM', 'JO', 'JP', 'KE', 'KG', 'KH', 'KI', 'KM', 'KN',
  'KP', 'KR', 'KW', 'KY', 'KZ', 'LA', 'LB', 'LC', 'LI', 'LK', 'LR', 'LS', 'LT', 'LU', 'LV', 'LY', 'MA', 'MC', 'MD', 'ME',
  'MF', 'MG', 'MH', 'MK', 'ML', 'MM', 'MN', 'MO', 'MP', 'MQ', 'MR', 'MS', 'MT', 'MU', 'MV', 'MW', 'MX', 'MY', 'MZ', 'NA',
  'NC', 'NE', 'NF', 'NG', 'NI', 'NL', 'NO', 'NP', 'NR', 'NU', 'NZ', 'OM', 'PA', 'PE', 'PF', 'PG', 'PH', 'PK', 'PL', 'PM',
  'PN', 'PR', 'PS', 'PT', 'PW', 'PY', 'QA', 'RE', 'RO', 'RS', 'RU', 'RW', 'SA', 'SB', 'SC', 'SD', 'SE', 'SG', 'SH', 'SI',
  'SJ', 'SK', 'SL', 'SM', 'SN', 'SO', 'SR', 'SS', 'ST', 'SV', 'SX', 'SY', 'SZ', 'TC', 'TD', 'TF', 'TG', 'TH', 'TJ', 'TK',
  'TL', 'TM', 'TN', 'TO', 'TR', 'TT', 'TV', 'TW', 'TZ', 'UA', 'UG', 'UM', 'US', 'UY', 'UZ', 'VA', 'VC', 'VE', 'VG', 'VI',
  'VN', 'VU', 'WF', 'WS', 'XK', 'YE', 'YT', 'ZA', 'ZM', 'ZW',
] as const
export type CountryCode = (typeof COUNTRY_CODES)[number]

/** One pattern for the schema, so a wrong code answers one message rather than 250 choices. */
export const COUNTRY_PATTERN = `^(|${COUNTRY_CODES.join("|")})$`

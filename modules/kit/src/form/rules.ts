/**
 * The rules of one field, checked in the order of spec part1 §5: required, minLength,
 * maxLength, min, max, minDate and maxDate, then the format rules (email, decimal,
 * pattern), then the custom synchronous check; the asynchronous check runs last, in the model.
 */
import { EMAIL_PATTERN, MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PHONE_PATTERN, WEBSITE_PATTERN, passwordProblem } from '@app/plugin-kit/shared'
import { decimalSign, formatDate } from '../format'
import { DEFAULT_LOCALE, type Locale } from '../i18n'

export type FieldStatus = 'Ok' | 'Warning' | 'Error'

/**
 * An i18n key (namespace `kit` for the generic ones, or fully qualified `ns:key`) or
 * already-translated text, with the {min} and {max} it names.
 */
export interface FieldMessage {
  key: string
  values?: { min?: number | string; max?: number | string }
}

export interface FieldRules<V> {
  required?: boolean
  email?: boolean
  minLength?: number
  maxLength?: number
  min?: number
  max?: number
  minDate?: Date
  maxDate?: Date
  /** A decimal number written with a point, or with the language's own decimal sign ("65,01" in Finnish). */
  decimal?: boolean
  pattern?: { regex: RegExp; message: string }
  validate?: (value: unknown, values: V) => string | null
  validateAsync?: (value: unknown, values: V) => Promise<string | null>
}

/** The spec's patterns with their messages, ready for the `pattern` rule. */
export const PATTERNS = {
  email: { regex: new RegExp(EMAIL_PATTERN), message: 'validation.email' },
  name: { regex: /^[\p{L}\p{M}]+([ -]+[\p{L}\p{M}]+)*$/u, message: 'validation.name' },
  phone: { regex: new RegExp(PHONE_PATTERN), message: 'validation.phone' },
  website: { regex: new RegExp(WEBSITE_PATTERN), message: 'validation.website' },
  digits: { regex: /^\d+$/, message: 'validation.digits' },
  integer: { regex: /^-?\d+$/, message: 'validation.integer' },
} satisfies Record<string, { regex: RegExp; message: string }>

/** Arrays must be non-empty and text non-blank; numbers, booleans and dates count as filled. */
export const isFilled = (value: unknown): boolean => {
  if (value === null || value === undefined) return false
  if (typeof value === 'string') return value.trim() !== ''
  if (Array.isArray(value)) return value.length > 0
  return true
}

const lengthOf = (value: unknown): number | null =>
  typeof value === 'string' || Array.isArray(value) ? value.length : null

/** Digits with at most one decimal sign, no grouping; `-` or the typographic minus some languages write. */
const DECIMAL = /^[-\u2212]?\d+([.,]\d+)?$/

/**
 * A decimal the form holds as text as the number the API receives: a point or a comma
 * as the decimal sign (the `decimal` rule has refused a comma where the language does
 * not write one, so it is never a thousands separator here). Null when it is none.
 */
export const parseDecimal = (text: string): number | null => {
  const trimmed = text.trim()
  return DECIMAL.test(trimmed) ? Number(trimmed.replace('\u2212', '-').replace(',', '.')) : null
}

/** A point always; a comma only where the language writes decimals with one, so English "1,234" is not read as 1.234. */
const isDecimal = (text: string, locale: Locale) => {
  const sign = decimalSign(locale)
  const trimmed = text.trim()
  return parseDecimal(trimmed) !== null && (sign === ',' || !trimmed.includes(','))
}

const numberOf = (value: unknown): number | null => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  return typeof value === 'string' ? parseDecimal(value) : null
}

/** Dates compare by calendar day, so "today" is not before a minimum of today. */
const dayOf = (value: unknown): number | null => {
  const date = value instanceof Date ? value : typeof value === 'string' || typeof value === 'number' ? new Date(value) : null
  if (!date || Number.isNaN(date.getTime())) return null
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime()
}

const message = (key: string, values?: FieldMessage['values']): FieldMessage => (values ? { key, values } : { key })

/**
 * Every rule but the asynchronous check, first failure wins. An empty optional field
 * is valid: only `required` looks at emptiness. `locale` is the language the value was typed in.
 */
export const checkSync = <V>(value: unknown, values: V, rules: FieldRules<V> = {}, locale: Locale = DEFAULT_LOCALE): FieldMessage | null => {
  if (!isFilled(value)) return rules.required ? message('validation.required') : null
  const length = lengthOf(value)
  if (rules.minLength !== undefined && length !== null && length < rules.minLength)
    return message('validation.minLength', { min: rules.minLength })
  if (rules.maxLength !== undefined && length !== null && length > rules.maxLength)
    return message('validation.maxLength', { max: rules.maxLength })
  const number = numberOf(value)
  if (rules.min !== undefined && number !== null && number < rules.min) return message('validation.min', { min: rules.min })
  if (rules.max !== undefined && number !== null && number > rules.max) return message('validation.max', { max: rules.max })
  const day = dayOf(value)
  if (rules.minDate && day !== null && day < (dayOf(rules.minDate) ?? day))
    return message('validation.minDate', { min: formatDate(rules.minDate) })
  if (rules.maxDate && day !== null && day > (dayOf(rules.maxDate) ?? day))
    return message('validation.maxDate', { max: formatDate(rules.maxDate) })
  if (rules.email && !PATTERNS.email.regex.test(String(value))) return message(PATTERNS.email.message)
  if (rules.decimal && !isDecimal(String(value), locale)) return message('validation.decimal')
  if (rules.pattern && !rules.pattern.regex.test(String(value))) return message(rules.pattern.message)
  const custom = rules.validate?.(value, values)
  return custom ? message(custom) : null
}

/** The generic messages the kit translates, by the spec's English wording the API answers with. */
const SERVER_MESSAGES: [keyof typeof MESSAGES, RegExp][] = (
  [
    'required',
    'email',
    'minLength',
    'maxLength',
    'name',
    'phone',
    'website',
    'passwordsMismatch',
    'emailsMismatch',
    'digits',
    'integer',
    'min',
    'max',
    'decimal',
    'commonPassword',
    'currentPasswordWrong',
    'controlCharacters',
    'dateRange',
  ] as const
).map((key) => {
  const escaped = MESSAGES[key].replace(/[.*+?^$()|[\]\\]/g, '\\$&')
  return [key, new RegExp(`^${escaped.replace(/\{(min|max)\}/g, '(?<$1>\\S+)')}$`)]
})

const boundOf = (raw: string) => (Number.isFinite(Number(raw)) ? Number(raw) : raw)

/** A field message of the API (English text) as a kit message, so it shows in the user's language. */
export const fromServerMessage = (text: string): FieldMessage => {
  for (const [key, pattern] of SERVER_MESSAGES) {
    const match = pattern.exec(text)
    if (!match) continue
    const groups = match.groups
    if (groups?.min !== undefined) return message(`validation.${key}`, { min: boundOf(groups.min) })
    if (groups?.max !== undefined) return message(`validation.${key}`, { max: boundOf(groups.max) })
    return message(`validation.${key}`)
  }
  return message(text)
}

/**
 * A new password's rules, the API's own (plugins/kit password.ts): the length at once,
 * then the common-password check, whose estimator loads on the first check. `words`
 * gives the person's own e-mail and names from the form's values.
 */
export const passwordRules = <V>(words: (values: V) => (string | null | undefined)[] = () => []): FieldRules<V> => ({
  required: true,
  minLength: PASSWORD_MIN_LENGTH,
  maxLength: PASSWORD_MAX_LENGTH,
  validateAsync: async (value, values) => {
    const problem = await passwordProblem(String(value), { userInputs: words(values) })
    return problem ? `validation.${problem.key}` : null
  },
})

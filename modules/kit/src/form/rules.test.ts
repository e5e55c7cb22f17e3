import { describe, expect, it } from 'vitest'
import { checkSync, fromServerMessage, isFilled, PATTERNS, parseDecimal, passwordRules } from './rules'

const check = (value: unknown, rules: Parameters<typeof checkSync>[2], values: Record<string, unknown> = {}) =>
  checkSync(value, values, rules)

describe('isFilled', () => {
  it('treats blank text, empty arrays and missing values as empty', () => {
    for (const value of ['', '   ', [], null, undefined]) expect(isFilled(value)).toBe(false)
  })

  it('counts numbers, booleans and dates as filled, zero and false included', () => {
    for (const value of [0, false, true, new Date(0), 'a', [0]]) expect(isFilled(value)).toBe(true)
  })
})

describe('checkSync, one rule at a time', () => {
  it('required', () => {
    expect(check('', { required: true })).toEqual({ key: 'validation.required' })
    expect(check([], { required: true })).toEqual({ key: 'validation.required' })
    expect(check(0, { required: true })).toBeNull()
    expect(check(false, { required: true })).toBeNull()
  })

  it('leaves an empty optional field alone whatever its other rules', () => {
    expect(check('', { minLength: 3, email: true, validate: () => 'nope' })).toBeNull()
  })

  it('minLength and maxLength carry {min} and {max}, for text and arrays', () => {
    expect(check('ab', { minLength: 3 })).toEqual({ key: 'validation.minLength', values: { min: 3 } })
    expect(check('abc', { minLength: 3 })).toBeNull()
    expect(check('abcd', { maxLength: 3 })).toEqual({ key: 'validation.maxLength', values: { max: 3 } })
    expect(check([1, 2, 3, 4], { maxLength: 3 })).toEqual({ key: 'validation.maxLength', values: { max: 3 } })
  })

  it('min and max compare numbers and numeric text', () => {
    expect(check(-91, { min: -90 })).toEqual({ key: 'validation.min', values: { min: -90 } })
    expect(check('90.5', { max: 90 })).toEqual({ key: 'validation.max', values: { max: 90 } })
    expect(check('45', { min: -90, max: 90 })).toBeNull()
  })

  it('minDate and maxDate compare calendar days and name the bound as DD/MM/YYYY', () => {
    const minDate = new Date(2024, 5, 10, 15, 30)
    expect(check('2024-06-09', { minDate })).toEqual({ key: 'validation.minDate', values: { min: '10/06/2024' } })
    expect(check(new Date(2024, 5, 10, 8), { minDate })).toBeNull()
    const maxDate = new Date(2024, 0, 31)
    expect(check(new Date(2024, 1, 1), { maxDate })).toEqual({ key: 'validation.maxDate', values: { max: '31/01/2024' } })
  })

  it('email follows the spec pattern (letters, digits and . _ + - ; a TLD of 2 to 6 letters)', () => {
    expect(check('first.last+tag@example.co.uk', { email: true })).toBeNull()
    expect(check('user@example.c', { email: true })).toEqual({ key: 'validation.email' })
    expect(check('user@example.abcdefg', { email: true })).toEqual({ key: 'validation.email' })
    expect(check('us er@example.com', { email: true })).toEqual({ key: 'validation.email' })
  })

  it('decimal takes a point in every language and a comma where the language writes one', () => {
    const decimal = { decimal: true, min: -90, max: 90 }
    expect(checkSync('65.01', {}, decimal, 'en-GB')).toBeNull()
    expect(checkSync('65,01', {}, decimal, 'en-GB')).toEqual({ key: 'validation.decimal' })
    for (const locale of ['fi-FI', 'no-NO', 'pl-PL', 'se-SE'] as const) {
      expect(checkSync('65,01', {}, decimal, locale), locale).toBeNull()
      expect(checkSync('65.01', {}, decimal, locale), locale).toBeNull()
    }
    expect(checkSync('-65,5', {}, decimal, 'se-SE')).toBeNull()
    expect(checkSync('1,2,3', {}, decimal, 'fi-FI')).toEqual({ key: 'validation.decimal' })
    expect(checkSync('1 234,5', {}, decimal, 'fi-FI')).toEqual({ key: 'validation.decimal' })
    expect(checkSync('abc', {}, decimal, 'fi-FI')).toEqual({ key: 'validation.decimal' })
  })

  it('min and max read a decimal comma as the number it is', () => {
    expect(checkSync('90,5', {}, { decimal: true, max: 90 }, 'fi-FI')).toEqual({ key: 'validation.max', values: { max: 90 } })
    expect(checkSync('-90,01', {}, { decimal: true, min: -90 }, 'pl-PL')).toEqual({ key: 'validation.min', values: { min: -90 } })
  })

  it('pattern answers with its own message', () => {
    expect(check('12a', { pattern: PATTERNS.digits })).toEqual({ key: 'validation.digits' })
    expect(check('123', { pattern: PATTERNS.digits })).toBeNull()
  })

  it('validate sees the whole form', () => {
    const rules = { validate: (value: unknown, values: { password?: unknown }) => (value === values.password ? null : 'validation.passwordsMismatch') }
    expect(checkSync('secret1', { password: 'secret2' }, rules)).toEqual({ key: 'validation.passwordsMismatch' })
    expect(checkSync('secret1', { password: 'secret1' }, rules)).toBeNull()
  })
})

describe('checkSync rule order', () => {
  const never = () => 'custom'

  it('required before everything', () => {
    expect(check('  ', { required: true, minLength: 3, validate: never })).toEqual({ key: 'validation.required' })
  })

  it('minLength before maxLength before the format rules before validate', () => {
    expect(check('a', { minLength: 2, email: true, validate: never })?.key).toBe('validation.minLength')
    expect(check('abcdef', { maxLength: 5, email: true, validate: never })?.key).toBe('validation.maxLength')
    expect(check('abc', { maxLength: 5, email: true, validate: never })?.key).toBe('validation.email')
    expect(check('a@b.fi', { email: true, validate: never })?.key).toBe('custom')
  })

  it('min before max before the dates before validate', () => {
    expect(check(5, { min: 10, max: 1, validate: never })?.key).toBe('validation.min')
    expect(check(5, { max: 1, validate: never })?.key).toBe('validation.max')
    expect(check('2020-01-01', { minDate: new Date(2021, 0, 1), validate: never })?.key).toBe('validation.minDate')
  })
})

describe('PATTERNS', () => {
  it('name: letters, spaces and dashes, any alphabet', () => {
    expect(PATTERNS.name.regex.test('Åsa Öberg-Łukasz')).toBe(true)
    expect(PATTERNS.name.regex.test('R2-D2')).toBe(false)
  })

  it('phone, website and integer', () => {
    expect(PATTERNS.phone.regex.test('+358 40 123 4567')).toBe(true)
    expect(PATTERNS.phone.regex.test('call me')).toBe(false)
    expect(PATTERNS.website.regex.test('https://example.com/path')).toBe(true)
    expect(PATTERNS.website.regex.test('not a site')).toBe(false)
    expect(PATTERNS.integer.regex.test('-12')).toBe(true)
    expect(PATTERNS.integer.regex.test('1,5')).toBe(false)
  })
})

describe('parseDecimal', () => {
  it('gives the number the API receives, from a point or a comma', () => {
    expect(parseDecimal(' 65,01 ')).toBe(65.01)
    expect(parseDecimal('65.01')).toBe(65.01)
    expect(parseDecimal('\u221225,5')).toBe(-25.5)
    expect(parseDecimal('12')).toBe(12)
  })

  it('gives null for what is not one decimal', () => {
    for (const text of ['', '1,2,3', '1.2.3', '1 234', '12e3', ',5']) expect(parseDecimal(text), text).toBeNull()
  })
})

describe('fromServerMessage', () => {
  it('turns the spec wording the API answers with into kit keys with their bounds', () => {
    expect(fromServerMessage('This field is required')).toEqual({ key: 'validation.required' })
    expect(fromServerMessage('You must enter at least 3 characters')).toEqual({ key: 'validation.minLength', values: { min: 3 } })
    expect(fromServerMessage('The maximum number of characters is 100')).toEqual({ key: 'validation.maxLength', values: { max: 100 } })
    expect(fromServerMessage('Needs to be at least -90')).toEqual({ key: 'validation.min', values: { min: -90 } })
    expect(fromServerMessage('Not a phone number (+XX XXX XXX XXX)')).toEqual({ key: 'validation.phone' })
  })

  it('keeps any other message as text', () => {
    expect(fromServerMessage('Email is already registered')).toEqual({ key: 'Email is already registered' })
  })
})

describe('passwordRules, the API rule in the forms', () => {
  const rules = passwordRules<{ email: string }>((values) => [values.email])

  it('8 to 100 characters at once', () => {
    const values = { email: '' }
    expect(checkSync('Xq7#pL2', values, rules)).toEqual({ key: 'validation.minLength', values: { min: 8 } })
    expect(checkSync('x'.repeat(101), values, rules)).toEqual({ key: 'validation.maxLength', values: { max: 100 } })
    expect(checkSync('', values, rules)).toEqual({ key: 'validation.required' })
  })

  it('common passwords and the own e-mail, after the estimator loads', async () => {
    const values = { email: 'anna.virtanen@example.fi' }
    expect(await rules.validateAsync!('password1', values)).toBe('validation.commonPassword')
    expect(await rules.validateAsync!('anna.virtanen@example.fi', values)).toBe('validation.commonPassword')
    expect(await rules.validateAsync!('spruce-and-granite', values)).toBeNull()
  })

  it("the API's answers show in the user's language", () => {
    expect(fromServerMessage('This password is too common or too easy to guess')).toEqual({ key: 'validation.commonPassword' })
    expect(fromServerMessage('The current password is not correct')).toEqual({ key: 'validation.currentPasswordWrong' })
    expect(fromServerMessage('Enter a date between the years 1900 and 2199')).toEqual({ key: 'validation.dateRange' })
  })
})

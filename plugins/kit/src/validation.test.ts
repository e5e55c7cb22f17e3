/** The spec's field messages for each schema rule (part1 §5), straight from Ajv's errors. */
import { Type } from '@sinclair/typebox'
import { describe, expect, test } from 'vitest'
import { Field, MESSAGES } from './shared'
import { compile } from './validation'

const schema = Type.Object(
  {
    name: Field.text({ maxLength: 5 }),
    code: Type.Optional(Type.String({ minLength: 3, maxLength: 10 })),
    email: Type.Optional(Field.email()),
    phone: Type.Optional(Field.phone()),
    website: Type.Optional(Field.website()),
    count: Type.Optional(Type.Integer({ minimum: 1, maximum: 10 })),
    ratio: Type.Optional(Type.Number({ exclusiveMinimum: 0, exclusiveMaximum: 1 })),
    kind: Type.Optional(Field.enumOf(['A', 'B'] as const)),
    flag: Type.Optional(Type.Boolean()),
    nested: Type.Optional(Type.Object({ inner: Type.Integer() }, { additionalProperties: false })),
    maybe: Type.Optional(Field.nullable(Type.Integer({ maximum: 3 }))),
  },
  { additionalProperties: false },
)
const check = compile(schema, 'data')
const errorsOf = (value: unknown) => {
  const result = check(value)
  return result.ok ? {} : result.errors
}

describe('toFieldErrors', () => {
  test('a valid value has no errors', () => {
    expect(check({ name: 'Ab', email: 'a.b+c@x.fi', phone: '+358 40 123 4567', website: 'www.example.com', count: 3, ratio: 0.5 })).toEqual({ ok: true })
    expect(check({ name: 'Ab', website: '' })).toEqual({ ok: true })
  })

  test.each([
    ['missing', {}, 'name', MESSAGES.required],
    ['empty', { name: '' }, 'name', MESSAGES.required],
    ['too long', { name: 'abcdef' }, 'name', 'The maximum number of characters is 5'],
    ['too short', { name: 'a', code: 'ab' }, 'code', 'You must enter at least 3 characters'],
    ['email', { name: 'a', email: 'nope' }, 'email', MESSAGES.email],
    ['email TLD', { name: 'a', email: 'a@b.toolongtld' }, 'email', MESSAGES.email],
    ['phone', { name: 'a', phone: 'call me' }, 'phone', MESSAGES.phone],
    ['website', { name: 'a', website: 'not a site' }, 'website', MESSAGES.website],
    ['integer', { name: 'a', count: 1.5 }, 'count', MESSAGES.integer],
    ['integer given text', { name: 'a', count: 'x' }, 'count', MESSAGES.integer],
    ['minimum', { name: 'a', count: 0 }, 'count', 'Needs to be at least 1'],
    ['maximum', { name: 'a', count: 11 }, 'count', 'Can be maximum 10'],
    ['exclusive minimum', { name: 'a', ratio: 0 }, 'ratio', 'Needs to be at least 0'],
    ['exclusive maximum', { name: 'a', ratio: 1 }, 'ratio', 'Can be maximum 1'],
    ['number', { name: 'a', ratio: 'half' }, 'ratio', MESSAGES.decimal],
    ['enum', { name: 'a', kind: 'C' }, 'kind', 'Must be one of A, B'],
    ['boolean', { name: 'a', flag: 'yes' }, 'flag', 'Must be a boolean'],
    ['unknown field', { name: 'a', extra: 1 }, 'extra', MESSAGES.unknownField],
    ['nested unknown field', { name: 'a', nested: { inner: 1, other: 2 } }, 'nested.other', MESSAGES.unknownField],
    ['nested missing', { name: 'a', nested: {} }, 'nested.inner', MESSAGES.required],
    ['nested type', { name: 'a', nested: { inner: 'x' } }, 'nested.inner', MESSAGES.integer],
    ['nullable branch', { name: 'a', maybe: 4 }, 'maybe', 'Can be maximum 3'],
  ])('%s', (_label, value, field, message) => {
    expect(errorsOf(value)[field]).toBe(message)
  })

  test('keeps the first message of each field and reports every field', () => {
    const errors = errorsOf({ name: '', count: 0, extra: true })
    expect(errors).toEqual({ name: MESSAGES.required, count: 'Needs to be at least 1', extra: MESSAGES.unknownField })
  })

  test('anyOf summaries do not hide the real message', () => {
    expect(Object.values(errorsOf({ name: 'a', maybe: 4 }))).not.toContain('must match a schema in anyOf')
  })
})

describe('query validation', () => {
  const query = compile(Type.Object({ count: Type.Optional(Type.Integer({ minimum: 0 })) }, { additionalProperties: false }), 'query')
  test('coerces strings from the query string', () => {
    const value: Record<string, unknown> = { count: '5' }
    expect(query(value)).toEqual({ ok: true })
    expect(value.count).toBe(5)
  })
  test('rejects what cannot be coerced, and unknown fields', () => {
    expect(query({ count: 'x', other: 1 })).toEqual({ ok: false, errors: { count: MESSAGES.integer, other: MESSAGES.unknownField } })
  })
})

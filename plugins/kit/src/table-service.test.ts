/** The camelCase API over snake_case columns, and booleans from 0/1. */
import { Type } from '@sinclair/typebox'
import { describe, expect, test } from 'vitest'
import { booleanFields, queryToColumns, rowMapper, rowToColumns, toColumn, toField } from './table-service'

describe('case mapping', () => {
  test.each([
    ['accountId', 'account_id'],
    ['id', 'id'],
    ['vatRegNo', 'vat_reg_no'],
    ['twoFactorEnabled', 'two_factor_enabled'],
    ['address2Line', 'address2_line'],
  ])('%s ⇄ %s', (field, column) => {
    expect(toColumn(field)).toBe(column)
    expect(toField(column)).toBe(field)
  })

  test('is idempotent, so the adapter’s internal calls stay correct', () => {
    expect(toColumn(toColumn('accountId'))).toBe('account_id')
    expect(toField(toField('account_id'))).toBe('accountId')
  })

  test('maps a query’s fields but not its operators or values', () => {
    expect(
      queryToColumns({
        accountId: 1,
        contactPerson: { $like: '%Ann%' },
        $limit: 10,
        $skip: 5,
        $sort: { createdAt: -1, name: 1 },
        $select: ['id', 'vatRegNo'],
        $or: [{ parentId: null }, { masterNumber: { $in: ['a_b', 'cD'] } }],
        $and: [{ skymapEnabled: true }],
      }),
    ).toEqual({
      account_id: 1,
      contact_person: { $like: '%Ann%' },
      $limit: 10,
      $skip: 5,
      $sort: { created_at: -1, name: 1 },
      $select: ['id', 'vat_reg_no'],
      $or: [{ parent_id: null }, { master_number: { $in: ['a_b', 'cD'] } }],
      $and: [{ skymap_enabled: true }],
    })
  })

  test('rows to columns: objects are stored as JSON, dates and arrays are kept', () => {
    const date = new Date(0)
    expect(rowToColumns({ accountId: 1, settings: { a: 1 }, createdAt: date, tags: ['x'], parentId: null })).toEqual({
      account_id: 1,
      settings: '{"a":1}',
      created_at: date,
      tags: ['x'],
      parent_id: null,
    })
  })
})

describe('rows out', () => {
  const schema = Type.Object({
    id: Type.Integer(),
    enabled: Type.Boolean(),
    maybe: Type.Union([Type.Boolean(), Type.Null()]),
    count: Type.Integer(),
  })

  test('finds the boolean fields, nullable ones too', () => {
    expect(booleanFields(schema)).toEqual(['enabled', 'maybe'])
  })

  test('maps columns to fields and 0/1 to booleans, leaving null alone', () => {
    const map = rowMapper(schema)
    expect(map({ id: 1, enabled: 1, maybe: null, count: 0, two_factor_enabled: 1 })).toEqual({
      id: 1,
      enabled: true,
      maybe: null,
      count: 0,
      twoFactorEnabled: 1,
    })
    expect(map({ id: 2, enabled: 0, maybe: 0 })).toEqual({ id: 2, enabled: false, maybe: false })
  })

  test('without a schema only the names change', () => {
    expect(rowMapper()({ is_on: 1 })).toEqual({ isOn: 1 })
  })

  test('all rows of a query alike, however many columns; odd column names stay plain data', () => {
    const wide = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`column_${i}`, i]))
    const rows = rowMapper(schema).all([wide, { ...wide, column_0: 'x' }])
    expect(rows[1]).toEqual({ ...Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`column${i}`, i])), column0: 'x' })
    const odd = rowMapper()(JSON.parse('{"__proto__": "p", "a\\"b": 1, "c\\\\d": 2, "e\\u2028f": 3}'))
    expect(Object.getPrototypeOf(odd)).toBe(Object.prototype)
    expect(odd).toEqual({ _Proto__: 'p', 'a"b': 1, 'c\\d': 2, 'e\u2028f': 3 })
  })
})

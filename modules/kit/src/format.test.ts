import { describe, expect, it } from 'vitest'
import { formatDate, formatNumber, formatStorage, formatStorageBytes } from './format'

/** Intl groups digits with a no-break space in Finnish, Norwegian, Polish and Swedish, and units keep one too. */
const NBSP = '\u00a0'

describe('formatDate', () => {
  it('writes DD/MM/YYYY with leading zeros', () => {
    expect(formatDate(new Date(2024, 2, 5, 23, 59))).toBe('05/03/2024')
  })

  it('reads a bare day as that calendar day in any time zone', () => {
    expect(formatDate('2024-12-31')).toBe('31/12/2024')
  })

  it('reads ISO timestamps and epoch milliseconds as the local day', () => {
    const local = new Date(2023, 0, 9, 12)
    expect(formatDate(local.toISOString())).toBe('09/01/2023')
    expect(formatDate(local.getTime())).toBe('09/01/2023')
  })

  it('gives an empty string for an unreadable value', () => {
    expect(formatDate('not a date')).toBe('')
  })
})

describe('formatNumber', () => {
  it("writes the language's decimal sign and grouping", () => {
    expect(formatNumber(12_345.6, 'en-GB')).toBe('12,345.6')
    expect(formatNumber(12_345.6, 'fi-FI')).toBe(`12${NBSP}345,6`)
    expect(formatNumber(12_345.6, 'se-SE')).toBe(`12${NBSP}345,6`)
    expect(formatNumber(12_345.6, 'no-NO')).toBe(`12${NBSP}345,6`)
    expect(formatNumber(12_345.6, 'pl-PL')).toBe(`12${NBSP}345,6`)
  })
})

describe('formatStorage', () => {
  it('shows MB with one decimal under 500 MB', () => {
    expect(formatStorage(0, 'en-GB')).toBe(`0.0${NBSP}MB`)
    expect(formatStorage(123.44, 'en-GB')).toBe(`123.4${NBSP}MB`)
    expect(formatStorage(499.9, 'en-GB')).toBe(`499.9${NBSP}MB`)
  })

  it('shows GB with one decimal from 500 MB to under 10000 MB', () => {
    expect(formatStorage(500, 'en-GB')).toBe(`0.5${NBSP}GB`)
    expect(formatStorage(1228.8, 'en-GB')).toBe(`1.2${NBSP}GB`)
    expect(formatStorage(9999, 'en-GB')).toBe(`9.8${NBSP}GB`)
  })

  it('shows whole GB from 10000 MB on, grouped as the language does', () => {
    expect(formatStorage(10_000, 'en-GB')).toBe(`10${NBSP}GB`)
    expect(formatStorage(12_288_000, 'en-GB')).toBe(`12,000${NBSP}GB`)
    expect(formatStorage(12_288_000, 'fi-FI')).toBe(`12${NBSP}000${NBSP}GB`)
  })

  it('writes the decimal comma in the languages that use it', () => {
    expect(formatStorage(1.5, 'fi-FI')).toBe(`1,5${NBSP}MB`)
    expect(formatStorage(1228.8, 'se-SE')).toBe(`1,2${NBSP}GB`)
    expect(formatStorage(1.5, 'no-NO')).toBe(`1,5${NBSP}MB`)
    expect(formatStorage(1.5, 'pl-PL')).toBe(`1,5${NBSP}MB`)
  })
})

describe('formatStorageBytes', () => {
  const MB = 1024 * 1024
  it('applies the storage rule to bytes at each threshold', () => {
    expect(formatStorageBytes(0, 'en-GB')).toBe(`0.0${NBSP}MB`)
    expect(formatStorageBytes(499.9 * MB, 'en-GB')).toBe(`499.9${NBSP}MB`)
    expect(formatStorageBytes(500 * MB, 'en-GB')).toBe(`0.5${NBSP}GB`)
    expect(formatStorageBytes(9_999 * MB, 'fi-FI')).toBe(`9,8${NBSP}GB`)
    expect(formatStorageBytes(10_000 * MB, 'en-GB')).toBe(`10${NBSP}GB`)
  })
})

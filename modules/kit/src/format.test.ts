import { describe, expect, it } from 'vitest'
import { formatDate, formatExportDate, formatStorage, formatStorageBytes } from './format'

describe('formatDate', () => {
  it('writes DD/MM/YYYY with leading zeros', () => {
    expect(formatDate(new Date(2024, 2, 5, 23, 59))).toBe('05/03/2024')
  })

  it('reads a bare day as that calendar day in any time zone', () => {
    expect(formatDate('2024-12-31')).toBe('31/12/2024')
  })

  it('reads ISO timestamps and epoch milliseconds', () => {
    const local = new Date(2023, 0, 9, 12)
    expect(formatDate(local.toISOString())).toBe('09/01/2023')
    expect(formatDate(local.getTime())).toBe('09/01/2023')
  })

  it('gives an empty string for an unreadable value', () => {
    expect(formatDate('not a date')).toBe('')
  })
})

describe('formatExportDate', () => {
  it('writes DD.MM.YYYY', () => {
    expect(formatExportDate(new Date(2024, 10, 1))).toBe('01.11.2024')
    expect(formatExportDate('2020-02-29')).toBe('29.02.2020')
  })
})

describe('formatStorage', () => {
  it('shows MB with one decimal under 500 MB', () => {
    expect(formatStorage(0)).toBe('0.0 MB')
    expect(formatStorage(123.44)).toBe('123.4 MB')
    expect(formatStorage(499.9)).toBe('499.9 MB')
  })

  it('shows GB with one decimal from 500 MB to under 10000 MB', () => {
    expect(formatStorage(500)).toBe('0.5 GB')
    expect(formatStorage(1228.8)).toBe('1.2 GB')
    expect(formatStorage(9999)).toBe('9.8 GB')
  })

  it('shows whole GB from 10000 MB on', () => {
    expect(formatStorage(10_000)).toBe('10 GB')
    expect(formatStorage(12_288)).toBe('12 GB')
  })
})

describe('formatStorageBytes', () => {
  const MB = 1024 * 1024
  it('applies the storage rule to bytes at each threshold', () => {
    expect(formatStorageBytes(0)).toBe('0.0 MB')
    expect(formatStorageBytes(499.9 * MB)).toBe('499.9 MB')
    expect(formatStorageBytes(500 * MB)).toBe('0.5 GB')
    expect(formatStorageBytes(9_999 * MB)).toBe('9.8 GB')
    expect(formatStorageBytes(10_000 * MB)).toBe('10 GB')
  })
})

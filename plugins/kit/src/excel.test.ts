/** The exports' texts: five languages, the caller's chosen, English otherwise. */
import { expect, test } from 'vitest'
import { excelTexts, exportDay, withHeaders } from './excel'
import { calendarDay, knownTimeZone } from './shared'

const textsOf = (sheet: string) => ({ sheet, columns: { name: `${sheet}: name` } })
const byLocale = { 'en-GB': textsOf('Things'), 'fi-FI': textsOf('Asiat'), 'no-NO': textsOf('Ting'), 'pl-PL': textsOf('Rzeczy'), 'se-SE': textsOf('Saker') }

test("a user's language picks its texts; an unknown or missing one gets English", () => {
  const texts = excelTexts(byLocale)
  expect(texts('FINNISH').sheet).toBe('Asiat')
  expect(texts('SWEDISH').sheet).toBe('Saker')
  expect(texts('KLINGON').sheet).toBe('Things')
  expect(texts(undefined).sheet).toBe('Things')
})

test('headers come from the texts by key; a key without a text keeps the key', () => {
  const texts = excelTexts(byLocale)('POLISH')
  expect(withHeaders([{ key: 'name', width: 20 }, { key: 'other' }], texts)).toEqual([
    { key: 'name', width: 20, header: 'Rzeczy: name' },
    { key: 'other', header: 'other' },
  ])
})

test("a stored instant is the day it falls on in the viewer's zone; a bare day is itself everywhere", () => {
  expect(calendarDay('2026-03-09T23:30:00.000Z', 'UTC')).toEqual({ year: 2026, month: 3, day: 9 })
  expect(calendarDay('2026-03-09T23:30:00.000Z', 'Europe/Helsinki')).toEqual({ year: 2026, month: 3, day: 10 })
  expect(calendarDay('2026-03-10T03:00:00.000Z', 'America/New_York')).toEqual({ year: 2026, month: 3, day: 9 })
  expect(calendarDay('2024-02-29', 'Pacific/Kiritimati')).toEqual({ year: 2024, month: 2, day: 29 })
  expect(calendarDay('', 'UTC')).toBeNull()
  expect(calendarDay('yesterday', 'UTC')).toBeNull()
})

test("an export's day is a zone-free date cell (UTC midnight); no date leaves the cell empty", () => {
  expect(exportDay('2025-12-31T22:30:00.000Z', 'Europe/Helsinki')).toEqual(new Date(Date.UTC(2026, 0, 1)))
  expect(exportDay(null, 'UTC')).toBeNull()
})

test('only a zone Intl knows is used; anything else is UTC', () => {
  expect(knownTimeZone('Europe/Oslo')).toBe('Europe/Oslo')
  expect(knownTimeZone('Mars/Olympus_Mons')).toBe('UTC')
  expect(knownTimeZone(undefined)).toBe('UTC')
})

/** The exports' texts: one folder of five languages, the caller's chosen, English otherwise. */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { expect, test } from 'vitest'
import { exportDay, loadExcelTexts, withHeaders } from './excel'
import { calendarDay, knownTimeZone } from './shared'

const folder = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'excel-texts-'))
  const sheets = { 'en-GB': 'Things', 'fi-FI': 'Asiat', 'no-NO': 'Ting', 'pl-PL': 'Rzeczy', 'se-SE': 'Saker' }
  for (const [locale, sheet] of Object.entries(sheets))
    writeFileSync(path.join(dir, `${locale}.json`), JSON.stringify({ sheet, columns: { name: `${sheet}: name` } }))
  return pathToFileURL(`${dir}/`)
}

test("a user's language picks its texts; an unknown or missing one gets English", () => {
  const texts = loadExcelTexts(folder())
  expect(texts('FINNISH').sheet).toBe('Asiat')
  expect(texts('SWEDISH').sheet).toBe('Saker')
  expect(texts('KLINGON').sheet).toBe('Things')
  expect(texts(undefined).sheet).toBe('Things')
})

test('headers come from the texts by key; a key without a text keeps the key', () => {
  const texts = loadExcelTexts(folder())('POLISH')
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

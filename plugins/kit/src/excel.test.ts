/** The exports' texts: one folder of five languages, the caller's chosen, English otherwise. */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { expect, test } from 'vitest'
import { loadExcelTexts, withHeaders } from './excel'

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

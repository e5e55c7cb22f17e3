import { describe, expect, test } from 'vitest'
import path from 'node:path'
import { checkPluginLabels, checkRepository, checkSet, flatten, repoRoot } from './i18n'

const all = (texts: Record<string, string>, overrides: Record<string, Record<string, string>> = {}) => ({
  'en-GB': texts,
  'fi-FI': overrides['fi-FI'] ?? Object.fromEntries(Object.entries(texts).map(([k, v]) => [k, `fi ${v}`])),
  'no-NO': overrides['no-NO'] ?? Object.fromEntries(Object.entries(texts).map(([k, v]) => [k, `no ${v}`])),
  'pl-PL': overrides['pl-PL'] ?? Object.fromEntries(Object.entries(texts).map(([k, v]) => [k, `pl ${v}`])),
  'se-SE': overrides['se-SE'] ?? Object.fromEntries(Object.entries(texts).map(([k, v]) => [k, `se ${v}`])),
})

describe('the translation check', () => {
  test('flattens nested keys', () => {
    expect(flatten({ a: { b: 'x', c: { d: 'y' } }, e: 'z' })).toEqual({ 'a.b': 'x', 'a.c.d': 'y', e: 'z' })
  })

  test('passes a complete, translated set', () => {
    expect(checkSet('t', all({ hello: 'Hello', min: 'At least {{min}}' }))).toEqual([])
  })

  test('finds a key missing in one language, and one only that language has', () => {
    const problems = checkSet('t', all({ hello: 'Hello', bye: 'Bye' }, { 'pl-PL': { hello: 'Cześć', extra: 'x' } }))
    expect(problems).toEqual([
      { where: 't', locale: 'pl-PL', key: 'bye', problem: 'missing' },
      { where: 't', locale: 'pl-PL', key: 'extra', problem: 'extra' },
    ])
  })

  test('finds a value left in English, unless the key is listed as the same', () => {
    const set = all({ email: 'E-mail', save: 'Save' }, { 'no-NO': { email: 'E-mail', save: 'Save' } })
    expect(checkSet('t', set).map((p) => `${p.locale} ${p.key} ${p.problem}`)).toEqual(['no-NO email untranslated', 'no-NO save untranslated'])
    expect(checkSet('t', set, new Set(['email'])).map((p) => p.key)).toEqual(['save'])
  })

  test('finds a whole language missing and placeholders that differ', () => {
    const set: Record<string, Record<string, string> | undefined> = all({ min: 'At least {{min}}' }, { 'fi-FI': { min: 'Vähintään {{max}}' } })
    set['se-SE'] = undefined
    expect(checkSet('t', set).map((p) => `${p.locale} ${p.key} ${p.problem}`)).toEqual(['fi-FI min placeholders', 'se-SE * missing'])
  })

  test('checks the menu labels plugins declare', () => {
    const label = { 'en-GB': 'Help', 'fi-FI': 'Ohje', 'no-NO': 'Hjelp', 'pl-PL': 'Pomoc', 'se-SE': 'Help' }
    expect(checkPluginLabels([{ id: 'p', remotes: [{ menu: [{ id: 'help', label }] }] }])).toEqual([
      { where: 'plugin p menu', locale: 'se-SE', key: 'help', problem: 'untranslated' },
    ])
  })

  test('the repository has every string in every language', async () => {
    const { folders, problems } = await checkRepository()
    expect(folders.length).toBeGreaterThan(0)
    // The API's own texts (Excel sheet names and headers) are checked like the remotes'.
    expect(folders.map((folder) => path.relative(repoRoot, folder))).toEqual(
      expect.arrayContaining(['plugins/companies/src/services/export/locales', 'plugins/core/src/services/users-export/locales']),
    )
    expect(problems).toEqual([])
    // It imports every plugin (their menu labels): beside the other packages' tests on two cores, that took over 30 s once.
  }, 120_000)
})

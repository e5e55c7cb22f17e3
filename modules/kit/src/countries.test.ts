import { describe, expect, test } from 'vitest'
import { COUNTRY_CODES, countryNamer, countryOptions } from './countries'

describe('country selector', () => {
  test('lists the 250 two-letter codes, Kosovo included', () => {
    expect(new Set(COUNTRY_CODES).size).toBe(250)
    expect(COUNTRY_CODES).toContain('XK')
    for (const code of COUNTRY_CODES) expect(code).toMatch(/^[A-Z]{2}$/)
  })

  test('names and sorts them in the interface language', () => {
    const finnish = countryOptions('fi-FI')
    expect(finnish).toHaveLength(250)
    expect(finnish.find((o) => o.value === 'XK')?.label).toBe('Kosovo')
    expect(countryNamer('fi-FI')('SE')).toBe('Ruotsi')
    // The product's se-SE is Swedish, not Northern Sami; no-NO is Norwegian Bokmål.
    expect(countryNamer('se-SE')('NO')).toBe('Norge')
    expect(countryOptions('no-NO').find((o) => o.value === 'SE')?.label).toBe('Sverige')
    expect(countryNamer('pl-PL')('DE')).toBe('Niemcy')
    expect(finnish.map((o) => o.label)).toEqual([...finnish.map((o) => o.label)].sort(new Intl.Collator('fi-FI').compare))
  })
})

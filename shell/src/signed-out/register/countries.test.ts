import { describe, expect, it } from 'vitest'
import { COUNTRY_CODES, countryOptions } from './countries'

describe('country list', () => {
  it('holds 250 distinct two-letter codes, Kosovo included', () => {
    expect(new Set(COUNTRY_CODES).size).toBe(250)
    expect(COUNTRY_CODES).toContain('XK')
    for (const code of COUNTRY_CODES) expect(code).toMatch(/^[A-Z]{2}$/)
  })

  it('names the countries in the interface language, sorted', () => {
    const finnish = countryOptions('fi-FI')
    expect(finnish.find((option) => option.value === 'DE')?.label).toBe('Saksa')
    expect(countryOptions('se-SE').find((option) => option.value === 'FI')?.label).toBe('Finland')
    expect(countryOptions('no-NO').find((option) => option.value === 'SE')?.label).toBe('Sverige')
    const labels = finnish.map((option) => option.label)
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'fi-FI')))
  })
})

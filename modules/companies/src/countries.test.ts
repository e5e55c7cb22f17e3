import { COUNTRY_CODES } from '@app/plugin-companies/shared'
import { describe, expect, test } from 'vitest'
import { countryNamer, countryOptions } from './countries'

describe('country selector', () => {
  test('lists the 250 codes, Kosovo included, named in the interface language', () => {
    expect(COUNTRY_CODES).toHaveLength(250)
    const options = countryOptions('fi-FI')
    expect(options).toHaveLength(250)
    expect(options.find((o) => o.value === 'XK')?.label).toBe('Kosovo')
    expect(countryNamer('fi-FI')('SE')).toBe('Ruotsi')
    // The app's se-SE is Swedish, not Northern Sami.
    expect(countryNamer('se-SE')('NO')).toBe('Norge')
    expect(countryNamer('pl-PL')('DE')).toBe('Niemcy')
  })
})

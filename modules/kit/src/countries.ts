/**
 * The country selectors' list (spec part1 §3): the codes from the plugin kit, named
 * in the interface language by the browser (Intl.DisplayNames), so no list of 250
 * names needs translating.
 */
import { COUNTRY_CODES } from '@app/plugin-kit/shared'
import { useUnit } from 'effector-react'
import { useMemo } from 'react'
import { $locale, type Locale, intlLocale } from './i18n'

export { COUNTRY_CODES }

export const countryNamer = (locale: Locale) => {
  const names = new Intl.DisplayNames([intlLocale(locale), 'en-GB'], { type: 'region', fallback: 'code' })
  return (code: string) => names.of(code) ?? code
}

/** Every code of the list as select options, named and sorted in that language. */
export const countryOptions = (locale: Locale): { value: string; label: string }[] => {
  const name = countryNamer(locale)
  const collator = new Intl.Collator(intlLocale(locale))
  return COUNTRY_CODES.map((code) => ({ value: code, label: name(code) })).sort((a, b) => collator.compare(a.label, b.label))
}

export const useCountryName = () => {
  const locale = useUnit($locale)
  return useMemo(() => countryNamer(locale), [locale])
}

export const useCountryOptions = () => {
  const locale = useUnit($locale)
  return useMemo(() => countryOptions(locale), [locale])
}

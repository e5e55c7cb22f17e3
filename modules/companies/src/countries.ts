/** Country names in the interface language, from the browser (Intl.DisplayNames): no list to translate. */
import { $locale } from '@app/module-kit'
import { COUNTRY_CODES } from '@app/plugin-companies/shared'
import { useUnit } from 'effector-react'
import { useMemo } from 'react'

/** The app's se-SE is Swedish, which BCP 47 spells sv ("se" is Northern Sami). */
const bcp47 = (locale: string) => (locale === 'se-SE' ? 'sv-SE' : locale)

export const countryNamer = (locale: string) => {
  const names = new Intl.DisplayNames([bcp47(locale), 'en-GB'], { type: 'region', fallback: 'code' })
  return (code: string) => names.of(code) ?? code
}

/** Every code of the spec's list, by name in that language. */
export const countryOptions = (locale: string) => {
  const name = countryNamer(locale)
  const collator = new Intl.Collator(bcp47(locale))
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

import type { Locale } from '@app/module-kit'

/** A label sent in every language by the API; English stands in for a missing one. */
export const labelIn = (label: Partial<Record<Locale, string>>, locale: Locale) => label[locale] ?? label['en-GB'] ?? ''

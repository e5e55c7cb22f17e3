/**
 * One i18next instance for the host and every remote (a shared singleton): each
 * package registers its namespace; the chosen locale lives in `$locale`.
 */
import type { Language } from '@app/plugin-kit/shared'
import { createEffect, createEvent, createStore, sample } from 'effector'
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import enGB from './platform-locales/en-GB.json'
import fiFI from './platform-locales/fi-FI.json'
import noNO from './platform-locales/no-NO.json'
import plPL from './platform-locales/pl-PL.json'
import seSE from './platform-locales/se-SE.json'

export type Locale = 'en-GB' | 'fi-FI' | 'no-NO' | 'pl-PL' | 'se-SE'
export const LOCALES: readonly Locale[] = ['en-GB', 'fi-FI', 'no-NO', 'pl-PL', 'se-SE']
export const DEFAULT_LOCALE: Locale = 'en-GB'

const LANGUAGE_OF: Record<Locale, Language> = {
  'en-GB': 'ENGLISH',
  'fi-FI': 'FINNISH',
  'no-NO': 'NORWEGIAN',
  'pl-PL': 'POLISH',
  'se-SE': 'SWEDISH',
}

/**
 * The BCP 47 tag of each locale, for <html lang> and Intl. The product's codes are the
 * spec's API values and file names, but `se` is Northern Sami (Swedish is `sv`), and
 * Intl knows written Norwegian as Bokmål (`nb`), so screen readers and number formats
 * need the real tags.
 */
const LANGUAGE_TAG: Record<Locale, string> = {
  'en-GB': 'en-GB',
  'fi-FI': 'fi-FI',
  'no-NO': 'nb-NO',
  'pl-PL': 'pl-PL',
  'se-SE': 'sv-SE',
}

export const intlLocale = (locale: Locale): string => LANGUAGE_TAG[locale]

export const languageOf = (locale: Locale): Language => LANGUAGE_OF[locale]
export const localeOf = (language: Language): Locale =>
  LOCALES.find((locale) => LANGUAGE_OF[locale] === language) ?? DEFAULT_LOCALE
/** Any string to a supported locale: an unknown one falls back to English. */
export const toLocale = (value: string | null | undefined): Locale =>
  LOCALES.find((locale) => locale === value) ?? DEFAULT_LOCALE

export const i18n = i18next.createInstance()
i18n.use(initReactI18next).init({
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  resources: {},
  ns: [],
  interpolation: { escapeValue: false },
  // Missing translations are only logged (spec part1 §8).
  saveMissing: false,
  initAsync: false,
})

// `{{count, number}}` in a text: i18next's own formatter would hand Intl the locale code, and
// Intl reads se-SE as Northern Sami; this one uses the language's real tag.
i18n.services.formatter?.add('number', (value, lng) => new Intl.NumberFormat(intlLocale(toLocale(lng))).format(value))

type Texts = Record<string, unknown>
/** A language's texts, or (for a language few visitors of a page read) how to fetch them when it is chosen. */
export type LocaleTexts = Texts | (() => Promise<{ default: Texts }>)

/** Texts registered as fetchers, per language, until the language is first chosen. */
const fetchers = new Map<Locale, { namespace: string; fetch: () => Promise<{ default: Texts }> }[]>()
/** Each language's fetching so far: a second caller waits for the texts the first one asked for. */
const fetching = new Map<Locale, Promise<void>>()

const addTexts = (locale: Locale, namespace: string, texts: Texts) => i18n.addResourceBundle(locale, namespace, texts, true, true)

/** Adds a package's texts to its namespace; several files may feed one namespace. */
export const registerLocales = (namespace: string, resources: Record<Locale, LocaleTexts>) => {
  for (const locale of LOCALES) {
    const texts = resources[locale] ?? {}
    if (typeof texts !== 'function') addTexts(locale, namespace, texts)
    else fetchers.set(locale, [...(fetchers.get(locale) ?? []), { namespace, fetch: texts }])
  }
  // Registered after its language was chosen: fetched now, and the page drawn again with them.
  const current = i18n.language as Locale
  if (fetchers.has(current)) void loadLocaleTexts(current).then(() => i18n.changeLanguage(current))
}

/**
 * Fetches the texts of `locale` registered as fetchers, once. A fetch that fails leaves
 * those texts in English (the fallback) rather than keeping anyone from their page.
 */
export const loadLocaleTexts = (locale: Locale): Promise<void> => {
  const pending = fetchers.get(locale) ?? []
  fetchers.delete(locale)
  const fetched = pending.map(async ({ namespace, fetch }) => {
    try {
      addTexts(locale, namespace, (await fetch()).default)
    } catch {
      // The language's texts did not arrive: the English ones show instead.
    }
  })
  const done = Promise.all([fetching.get(locale), ...fetched]).then(() => undefined)
  fetching.set(locale, done)
  return done
}

export const localeChanged = createEvent<Locale>()
export const $locale = createStore<Locale>(DEFAULT_LOCALE).on(localeChanged, (_, locale) => toLocale(locale))

// The language switches once its texts are in: no moment of keys or half a page in English.
const changeLanguageFx = createEffect(async (locale: Locale) => {
  await loadLocaleTexts(locale)
  await i18n.changeLanguage(locale)
})
sample({ clock: $locale.updates, target: changeLanguageFx })

// The kit's own texts rendered by kit code (the error catalogue); other kit parts add theirs.
registerLocales('kit', { 'en-GB': enGB, 'fi-FI': fiFI, 'no-NO': noNO, 'pl-PL': plPL, 'se-SE': seSE })

import { allSettled, fork } from 'effector'
import { expect, test, vi } from 'vitest'
import { $locale, DEFAULT_LOCALE, LOCALES, i18n, intlLocale, languageOf, loadLocaleTexts, localeChanged, localeOf, registerLocales, toLocale } from './i18n'

test('an unknown locale falls back to English', async () => {
  const scope = fork()
  await allSettled(localeChanged, { scope, params: 'de-DE' as never })
  expect(scope.getState($locale)).toBe(DEFAULT_LOCALE)
  expect(toLocale('xx')).toBe('en-GB')
})

test('the chosen locale switches the texts', async () => {
  registerLocales('test', { 'en-GB': { hello: 'Hello' }, 'fi-FI': { hello: 'Hei' }, 'no-NO': { hello: 'Hei' }, 'pl-PL': { hello: 'Cześć' }, 'se-SE': { hello: 'Hej' } })
  const scope = fork()
  await allSettled(localeChanged, { scope, params: 'se-SE' })
  expect(scope.getState($locale)).toBe('se-SE')
  expect(i18n.t('test:hello')).toBe('Hej')
  await allSettled(localeChanged, { scope, params: 'en-GB' })
  expect(i18n.t('test:hello')).toBe('Hello')
})

test('a language registered as a fetch is fetched once, when chosen, and the page switches only once it is in', async () => {
  let fetched = 0
  registerLocales('lazy', {
    'en-GB': { hello: 'Hello' },
    'fi-FI': async () => {
      fetched += 1
      expect(i18n.language).not.toBe('fi-FI')
      return { default: { hello: 'Hei' } }
    },
    'no-NO': { hello: 'Hei' },
    'pl-PL': { hello: 'Cześć' },
    'se-SE': { hello: 'Hej' },
  })
  expect(fetched).toBe(0)
  const scope = fork()
  await allSettled(localeChanged, { scope, params: 'fi-FI' })
  expect(i18n.t('lazy:hello')).toBe('Hei')
  await allSettled(localeChanged, { scope, params: 'en-GB' })
  await allSettled(localeChanged, { scope, params: 'fi-FI' })
  expect(fetched).toBe(1)
  await allSettled(localeChanged, { scope, params: 'en-GB' })
})

test('whoever asks for a language while its texts are on their way waits for them', async () => {
  let arrive: (texts: { default: Record<string, unknown> }) => void = () => undefined
  registerLocales('slow', {
    'en-GB': { hello: 'Hello' },
    'fi-FI': { hello: 'Hei' },
    'no-NO': () => new Promise((resolve) => (arrive = resolve)),
    'pl-PL': { hello: 'Cześć' },
    'se-SE': { hello: 'Hej' },
  })
  const first = loadLocaleTexts('no-NO')
  let secondDone = false
  const second = loadLocaleTexts('no-NO').then(() => (secondDone = true))
  await Promise.resolve()
  expect(secondDone).toBe(false)
  arrive({ default: { hello: 'Hei på deg' } })
  await Promise.all([first, second])
  expect(i18n.t('slow:hello', { lng: 'no-NO' })).toBe('Hei på deg')
})

test('texts registered as a fetch after their language was chosen are fetched at once', async () => {
  await i18n.changeLanguage('se-SE')
  registerLocales('late', {
    'en-GB': { hello: 'Hello' },
    'fi-FI': { hello: 'Hei' },
    'no-NO': { hello: 'Hei' },
    'pl-PL': { hello: 'Cześć' },
    'se-SE': async () => ({ default: { hello: 'Hej' } }),
  })
  await vi.waitFor(() => expect(i18n.t('late:hello')).toBe('Hej'))
  await i18n.changeLanguage('en-GB')
})

test('texts that do not arrive leave the English ones, and the language still switches', async () => {
  registerLocales('lost', {
    'en-GB': { hello: 'Hello' },
    'fi-FI': { hello: 'Hei' },
    'no-NO': { hello: 'Hei' },
    'pl-PL': async () => {
      throw new Error('Loading chunk failed')
    },
    'se-SE': { hello: 'Hej' },
  })
  await loadLocaleTexts('pl-PL')
  expect(i18n.t('lost:hello', { lng: 'pl-PL' })).toBe('Hello')
  const scope = fork()
  await allSettled(localeChanged, { scope, params: 'pl-PL' })
  expect(i18n.language).toBe('pl-PL')
  await allSettled(localeChanged, { scope, params: 'en-GB' })
})

test('several files feed one namespace, and a missing key falls back to English', () => {
  const empty = { 'fi-FI': {}, 'no-NO': {}, 'pl-PL': {}, 'se-SE': {} }
  registerLocales('merge', { 'en-GB': { a: { one: 'One' } }, ...empty })
  registerLocales('merge', { 'en-GB': { a: { two: 'Two' } }, ...empty })
  expect(i18n.t('merge:a.one', { lng: 'pl-PL' })).toBe('One')
  expect(i18n.t('merge:a.two')).toBe('Two')
})

test('languages and locales map both ways', () => {
  for (const locale of LOCALES) expect(localeOf(languageOf(locale))).toBe(locale)
  expect(languageOf('se-SE')).toBe('SWEDISH')
})

test("each locale has the real language tag of its language: Swedish is sv, not Northern Sami's se", () => {
  expect(LOCALES.map(intlLocale)).toEqual(['en-GB', 'fi-FI', 'nb-NO', 'pl-PL', 'sv-SE'])
  const englishName = new Intl.DisplayNames(['en'], { type: 'language' })
  expect(LOCALES.map((locale) => englishName.of(new Intl.Locale(intlLocale(locale)).language))).toEqual([
    'English',
    'Finnish',
    'Norwegian Bokmål',
    'Polish',
    'Swedish',
  ])
})

test('a number in a text is written as its language writes numbers', () => {
  registerLocales('numbers', {
    'en-GB': { rows: 'Rows: {{count, number}}' },
    'fi-FI': { rows: 'Rivejä: {{count, number}}' },
    'no-NO': { rows: 'Rader: {{count, number}}' },
    'pl-PL': { rows: 'Wiersze: {{count, number}}' },
    'se-SE': { rows: 'Rader: {{count, number}}' },
  })
  expect(i18n.t('numbers:rows', { count: 12_345.5, lng: 'en-GB' })).toBe('Rows: 12,345.5')
  expect(i18n.t('numbers:rows', { count: 12_345.5, lng: 'fi-FI' })).toBe('Rivejä: 12\u00a0345,5')
  expect(i18n.t('numbers:rows', { count: 12_345.5, lng: 'se-SE' })).toBe(`Rader: ${new Intl.NumberFormat('sv-SE').format(12_345.5)}`)
})

test('the error catalogue is translated in every language', () => {
  for (const locale of LOCALES) expect(i18n.t('kit:status.404', { lng: locale })).not.toBe('status.404')
  expect(i18n.t('kit:status.network', { lng: 'fi-FI' })).toBe('Verkkovirhe')
})

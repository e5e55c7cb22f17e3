/** The frame every signed-out screen shares: brand, card, notices and the language choice. */
import { $locale, Alert, LOCALES, type Locale, intlLocale, localeChanged, statusText, useDocumentTitle } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Notice } from './notice'
import { SIGNED_OUT_CSS } from './styles'

/** The product's name is a brand: the same in every language. */
export const PRODUCT_NAME = 'Business Cloud'

/** Each language named in itself ("suomi", "svenska"), as a language menu should. */
const ownName = (locale: Locale) => {
  const intl = intlLocale(locale)
  const name = new Intl.DisplayNames([intl], { type: 'language' }).of(intl.split('-')[0]!) ?? locale
  return name.charAt(0).toLocaleUpperCase(intl) + name.slice(1)
}

const LanguagePicker = () => {
  const { t } = useTranslation('shell')
  const [locale, changeLocale] = useUnit([$locale, localeChanged])
  return (
    <div className="so-language">
      <label htmlFor="so-language">{t('signedOut.language')}</label>
      <select id="so-language" value={locale} onChange={(event) => changeLocale(event.target.value as Locale)}>
        {LOCALES.map((option) => (
          <option key={option} value={option} lang={intlLocale(option)}>
            {ownName(option)}
          </option>
        ))}
      </select>
    </div>
  )
}

export interface SignedOutLayoutProps {
  title: string
  intro?: string
  /** The sign-in card stays hidden for its first 700 ms. */
  delayed?: boolean
  wide?: boolean
  children: ReactNode
}

/** Spec part1 §4: the sign-in card is hidden for 700 ms on load. */
const CARD_DELAY_MS = 700

/**
 * Counted from the page's load, not from when the app's code has arrived: the
 * time spent loading scripts is part of the 700 ms, so the card is not later than
 * the spec asks.
 */
const cardDelay = () => `${Math.round(Math.max(0, CARD_DELAY_MS - performance.now()))}ms`

/** The signed-out screens' stylesheet, hoisted into <head> once by React (also used by the sign-in dialog over a page). */
export const SignedOutStyles = () => (
  <style href="signed-out" precedence="default">
    {SIGNED_OUT_CSS}
  </style>
)

export const SignedOutLayout = ({ title, intro, delayed, wide, children }: SignedOutLayoutProps) => {
  const classes = ['so-card', wide && 'so-card--wide', delayed && 'so-card--delayed'].filter(Boolean).join(' ')
  const [delay] = useState(cardDelay)
  useDocumentTitle(title)
  return (
    <main className="so-page">
      <SignedOutStyles />
      <section className={classes} style={delayed ? { animationDelay: delay } : undefined}>
        <p className="so-brand">{PRODUCT_NAME}</p>
        <TaglineText />
        <h1 className="so-title">
          {title}
        </h1>
        {intro && <p className="so-intro">{intro}</p>}
        {children}
        <LanguagePicker />
      </section>
    </main>
  )
}

const TaglineText = () => {
  const { t } = useTranslation('shell')
  return <p className="so-tagline">{t('signedOut.tagline')}</p>
}

/**
 * A success or error message as the kit's inline alert. With `showStatus` an error
 * names its HTTP status first ("409 Conflict").
 */
export const NoticeBox = ({ notice, showStatus }: { notice: Notice | null; showStatus?: boolean }) => {
  const { t } = useTranslation('shell')
  if (!notice) return null
  const status = showStatus && notice.status ? `${notice.status} ${t(statusText(notice.status))}` : null
  return (
    <Alert tone={notice.tone} title={status ?? undefined}>
      <p>{t(notice.key, { ...notice.values })}</p>
    </Alert>
  )
}

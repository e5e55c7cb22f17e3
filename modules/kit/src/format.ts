/**
 * What the screens show of numbers, sizes and dates: numbers and sizes in the chosen
 * language's own way through Intl ("1,5 MB" in Finnish), dates as the spec's DD/MM/YYYY
 * of the day `calendarDay` gives (the same rule the Excel exports follow).
 */
import { calendarDay } from '@app/plugin-kit/shared'
import { useUnit } from 'effector-react'
import { useMemo } from 'react'
import { $locale, type Locale, intlLocale } from './i18n'

/** The viewer's time zone, sent with an export so its dates are the days the screens show. */
export const viewerTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone

const pad = (n: number) => String(n).padStart(2, '0')

/** DD/MM/YYYY, the screen format of every language; an unreadable value gives an empty string. */
export const formatDate = (value: string | number | Date): string => {
  const day = calendarDay(value)
  return day ? `${pad(day.day)}/${pad(day.month)}/${day.year}` : ''
}

/** A number as the language writes it: its decimal sign and digit grouping. */
export const formatNumber = (value: number, locale: Locale, options?: Intl.NumberFormatOptions): string =>
  new Intl.NumberFormat(intlLocale(locale), options).format(value)

/** The sign the language writes decimals with: "." in English, "," in the four others. */
export const decimalSign = (locale: Locale): string =>
  new Intl.NumberFormat(intlLocale(locale)).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.'

const MB_PER_GB = 1024
const BYTES_PER_MB = 1024 * 1024
const ONE_DECIMAL = { minimumFractionDigits: 1, maximumFractionDigits: 1 }

/**
 * Spec part1 §9: under 500 MB in MB with one decimal, under 10000 MB in GB with one
 * decimal, else whole GB. The unit stays MB/GB in every language (Intl's own unit names
 * would give Finnish "Mt"); a no-break space keeps it beside its number.
 */
export const formatStorage = (megabytes: number, locale: Locale): string => {
  if (megabytes < 500) return `${formatNumber(megabytes, locale, ONE_DECIMAL)}\u00a0MB`
  if (megabytes < 10_000) return `${formatNumber(megabytes / MB_PER_GB, locale, ONE_DECIMAL)}\u00a0GB`
  return `${formatNumber(Math.round(megabytes / MB_PER_GB), locale)}\u00a0GB`
}

/** The same rule for a size in bytes (the dashboard's storage, templates). */
export const formatStorageBytes = (bytes: number, locale: Locale): string => formatStorage(bytes / BYTES_PER_MB, locale)

/** The formatters in the chosen language, for views: they redraw when it changes. */
export const useFormat = () => {
  const locale = useUnit($locale)
  return useMemo(
    () => ({
      date: formatDate,
      number: (value: number, options?: Intl.NumberFormatOptions) => formatNumber(value, locale, options),
      storage: (megabytes: number) => formatStorage(megabytes, locale),
      storageBytes: (bytes: number) => formatStorageBytes(bytes, locale),
    }),
    [locale],
  )
}

/* Date inputs (YYYY-MM-DD) and the API's dates (epoch milliseconds), both ways. */

/** YYYY-MM-DD → the epoch milliseconds of that day's local midnight (so the day shows as chosen), '' → null. */
export const dayToEpoch = (day: string): number | null => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  if (!match) return null
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])).getTime()
}

/** Epoch milliseconds → the local day they fall on, YYYY-MM-DD; null → ''. */
export const epochToDay = (epoch: number | null): string => {
  if (epoch === null) return ''
  const date = new Date(epoch)
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

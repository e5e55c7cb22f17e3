/** Display formats of the spec: DD/MM/YYYY on screens, DD.MM.YYYY in exports, storage in MB or GB. */

/** A bare `YYYY-MM-DD` is a calendar day, not UTC midnight: read it in local time so no time zone shifts it. */
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/

const toDate = (value: string | number | Date): Date => {
  if (value instanceof Date) return value
  const day = typeof value === 'string' ? DATE_ONLY.exec(value) : null
  if (day) return new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]))
  return new Date(value)
}

const dayParts = (value: string | number | Date): [string, string, string] | null => {
  const date = toDate(value)
  if (Number.isNaN(date.getTime())) return null
  const pad = (n: number) => String(n).padStart(2, '0')
  return [pad(date.getDate()), pad(date.getMonth() + 1), String(date.getFullYear())]
}

/** DD/MM/YYYY, the screen format; an unreadable value gives an empty string. */
export const formatDate = (value: string | number | Date): string => dayParts(value)?.join('/') ?? ''

/** DD.MM.YYYY, the format of Excel and PDF exports. */
export const formatExportDate = (value: string | number | Date): string => dayParts(value)?.join('.') ?? ''

const MB_PER_GB = 1024
const BYTES_PER_MB = 1024 * 1024

/** Under 500 MB in MB with one decimal, under 10000 MB in GB with one decimal, else whole GB. */
export const formatStorage = (megabytes: number): string => {
  if (megabytes < 500) return `${megabytes.toFixed(1)} MB`
  if (megabytes < 10_000) return `${(megabytes / MB_PER_GB).toFixed(1)} GB`
  return `${Math.round(megabytes / MB_PER_GB)} GB`
}

/** The same rule for a size in bytes (the dashboard's storage). */
export const formatStorageBytes = (bytes: number): string => formatStorage(bytes / BYTES_PER_MB)

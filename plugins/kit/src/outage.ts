/**
 * A database that cannot be reached is an outage, not a bug: calls that need it answer
 * 503 with Retry-After, so clients and load balancers wait instead of giving up.
 */
import { Unavailable } from '@feathersjs/errors'

/** Seconds a client is told to wait (Retry-After) when the database cannot be reached. */
export const DATABASE_RETRY_AFTER_SECONDS = 5

/** The answer to any call while the database cannot be reached: 503, retry later. */
export const databaseUnavailable = () =>
  new Unavailable('The service is temporarily unavailable; try again shortly', { retryAfter: DATABASE_RETRY_AFTER_SECONDS })

/** Connection-level failures of mysql2 and SQLite's "cannot open, cannot read, busy". */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
])
const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|CANTOPEN|IOERR|READONLY|FULL)/

/**
 * Whether an error (or the driver error knex's service wrapped in it) says the
 * database cannot be reached or cannot serve now, rather than that a query was wrong.
 */
export const isDatabaseUnavailable = (error: any): boolean => {
  const original = error?.[Symbol.for('@feathersjs/knex/error')] ?? error
  if (!original || typeof original !== 'object') return false
  if (original.name === 'KnexTimeoutError') return true // no connection came free in time
  const code = typeof original.code === 'string' ? original.code : ''
  if (UNREACHABLE_CODES.has(code) || SQLITE_UNAVAILABLE.test(code)) return true
  // mysql2 marks errors that end a connection as fatal (a closed socket, a lost server).
  return original.fatal === true && !code.startsWith('ER_')
}

/**
 * Database errors that a request's data caused (a unique conflict, a referenced row that
 * is missing, a value its column cannot hold), answered without what the driver said: its
 * message quotes SQL, tables, columns and values, and @feathersjs/knex would pass it on in
 * a 400. A unique conflict is 409 "This already exists", the rest 400 "Invalid input",
 * each naming the field when the error names its column.
 */
import { BadRequest, Conflict, FeathersError } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { isUniqueViolation } from './database'
import { toField } from './table-service'

const KNEX_ERROR = Symbol.for('@feathersjs/knex/error')

/** Data errors of MariaDB's strict mode outside SQLSTATE classes 22 and 23. */
const DATA_CODES = new Set(['ER_NO_DEFAULT_FOR_FIELD', 'ER_TRUNCATED_WRONG_VALUE_FOR_FIELD', 'ER_WARN_DATA_OUT_OF_RANGE', 'ER_DATA_TOO_LONG'])
const SQLITE_DATA = /^SQLITE_(CONSTRAINT|TOOBIG|MISMATCH|RANGE)/
/** SQLSTATE classes 22 (data exception) and 23 (integrity constraint violation). */
const DATA_STATE = /^2[23]/

/**
 * The driver's error when the database refused the request's data, undefined for anything
 * else (a bug in a query, an outage). Run after the outage check: a busy database is no refusal.
 */
export const refusedData = (error: any): { code?: string; message?: string; sqlState?: string } | undefined => {
  const original = error?.[KNEX_ERROR]
  // knex's service judged it the request's fault (its 4xx), but answers with the driver's message.
  if (original && error instanceof FeathersError && error.code < 500) return original
  const driver = original ?? error
  const code = typeof driver?.code === 'string' ? driver.code : ''
  const state = typeof driver?.sqlState === 'string' ? driver.sqlState : ''
  return isUniqueViolation(driver) || DATA_CODES.has(code) || SQLITE_DATA.test(code) || DATA_STATE.test(state) ? driver : undefined
}

/** Where drivers name the column in their messages (SQLite lists `table.column, …`). */
const COLUMN_PATTERNS = [
  /(?:UNIQUE|NOT NULL) constraint failed: (.+)$/,
  /for column [`'"]?(?:\w+[`'"]?\.[`'"]?)*(\w+)[`'"]?/i,
  /Column '(\w+)' cannot be null/,
  /Field '(\w+)' doesn't have a default value/,
  /FOREIGN KEY \(`(\w+)`\)/,
]

/** MariaDB names the unique index, not its columns: they are looked up. */
const indexColumns = async (knex: Knex, index: string) =>
  index === 'PRIMARY'
    ? ['id']
    : (
        await knex('information_schema.statistics')
          .whereRaw('table_schema = database()')
          .andWhere({ index_name: index })
          .orderBy('seq_in_index')
          .select('column_name as name')
      ).map((row: { name: string }) => row.name)

const columnsOf = async (knex: Knex, message: string) => {
  const index = /Duplicate entry .* for key '(?:\w+\.)?(\w+)'/.exec(message)?.[1]
  if (index) return indexColumns(knex, index)
  for (const pattern of COLUMN_PATTERNS) {
    const named = pattern.exec(message)?.[1]
    if (named) return named.split(',').map((column) => column.trim().split('.').pop()!)
  }
  return []
}

/** The answer to a refused request's data: the fields the error names (the tenant's column is not the client's), nothing of the SQL. */
export const refusalAnswer = async (knex: Knex, driver: { code?: string; message?: string }) => {
  const columns = await columnsOf(knex, String(driver.message ?? '')).catch(() => [] as string[])
  const fields = columns.filter((column) => column !== 'account_id').map(toField)
  const duplicate = isUniqueViolation(driver)
  const text = duplicate ? 'This already exists' : 'Invalid value'
  const data = fields.length ? { errors: Object.fromEntries(fields.map((field) => [field, text])) } : undefined
  return duplicate ? new Conflict('This already exists', data) : new BadRequest('Invalid input', data)
}

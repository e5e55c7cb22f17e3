/**
 * Names as the documents' lists sort them, in any case: SQLite compares text byte by byte
 * unless told NOCASE; MariaDB's column collation ignores case already. The name indexes
 * (migrations 014 and 016) hold names in that order, so a page is read from them in order.
 */
import type { Knex } from 'knex'

/** A column reference as SQL that sorts and compares it in any case. */
export const anyCase = (knex: Knex) => (column: string) => (knex.client.config.client === 'better-sqlite3' ? `${column} collate nocase` : column)

/** ORDER BY `alias.column` in any case, then `alias.id`. */
export const byNameThenId = (knex: Knex, alias: string, column = 'name') => `${anyCase(knex)(`${alias}.${column}`)}, ${alias}.id`

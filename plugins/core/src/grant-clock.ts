/**
 * The clock over writes that can change a member's grants, placed by account (and by
 * member where the write says so), so a grant written in one account ends only that
 * account's kept grant lists and a per-project grant of one member only theirs.
 *
 * A write is placed from the statement knex sends: an insert by its rows' account_id
 * (and user_id), an update or delete by the `account_id = ?` (and `user_id = ?`) of a
 * WHERE made only of ANDs. Anything else that names privileges (a delete by id, raw
 * SQL, a schema change) cannot be placed and ends every kept list, as every write did
 * before. Deleting an account, a user or a role deletes their grants by cascade, so
 * those deletes end every list too; no other write to them changes a grant.
 */
import { type QueryEvent, writeClock } from '@app/plugin-kit'
import type { Knex } from 'knex'

export const accountScope = (accountId: unknown) => `account:${String(accountId)}`
export const memberScope = (accountId: unknown, userId: unknown) => `member:${String(accountId)}:${String(userId)}`

const name = (table: string) => `[\`"]?${table}[\`"]?`
const INSERT = new RegExp(`^\\s*insert\\s+into\\s+${name('privileges')}\\s*\\(([^)]*)\\)\\s*(values|select)\\s`, 'i')
const UPDATE = new RegExp(`^\\s*update\\s+${name('privileges')}\\s+set\\s+([\\s\\S]*?)\\swhere\\s`, 'i')
const DELETE = new RegExp(`^\\s*delete\\s+from\\s+${name('privileges')}\\s+where\\s`, 'i')
/** What makes a WHERE more than a conjunction of plain conditions, or an insert more than an insert. */
const NOT_PLAIN = /\bor\b|\bselect\b|\bjoin\b|\bon\s+(conflict|duplicate)\b/i
const OWNER_COLUMNS = /\b(account_id|user_id|role_id)\b/i
/** Cascade sources: inserting or updating them changes no grant. */
const NOT_A_CASCADE = new RegExp(`^\\s*(insert\\s+into|update)\\s+${name('(accounts|users|roles)')}[\\s(]`, 'i')

const isId = (value: unknown) => (typeof value === 'number' || typeof value === 'string') && /^\d+$/.test(String(value))

const scopeOf = (accountId: unknown, userId: unknown, roleId: unknown) => {
  if (!isId(accountId)) return undefined
  return isId(userId) && (roleId === null || roleId === undefined) ? memberScope(accountId, userId) : accountScope(accountId)
}

/** The binding that fills `column = ?` in `sql` at or after `from`, when there is one. */
const boundTo = (sql: string, bindings: readonly unknown[], column: string, from: number): { found: boolean; value?: unknown } => {
  const match = new RegExp(`[\`"]?\\b${column}\\b[\`"]?\\s*=\\s*\\?`, 'i').exec(sql.slice(from))
  if (!match) return { found: false }
  const at = from + match.index + match[0].length - 1
  const index = sql.slice(0, at).split('?').length - 1
  return { found: true, value: bindings[index] }
}

const insertScopes = (bindings: readonly unknown[], columnList: string) => {
  const columns = columnList.split(',').map((c) => c.trim().replace(/[`"]/g, '').toLowerCase())
  if (!columns.length || bindings.length % columns.length) return undefined
  const [account, user, role] = ['account_id', 'user_id', 'role_id'].map((c) => columns.indexOf(c)) as [number, number, number]
  const scopes = new Set<string>()
  for (let row = 0; row < bindings.length; row += columns.length) {
    const scope = scopeOf(bindings[row + account], user < 0 ? null : bindings[row + user], role < 0 ? null : bindings[row + role])
    if (!scope) return undefined
    scopes.add(scope)
  }
  return [...scopes]
}

const changeScopes = (sql: string, bindings: readonly unknown[], where: number) => {
  const account = boundTo(sql, bindings, 'account_id', where)
  if (!account.found) return undefined
  const user = boundTo(sql, bindings, 'user_id', where)
  const scope = scopeOf(account.value, user.found ? user.value : null, null)
  return scope ? [scope] : undefined
}

/** The scopes a write to privileges touches, or undefined when the statement does not say. */
export const privilegeWriteScopes = ({ sql = '', bindings = [] }: QueryEvent): readonly string[] | undefined => {
  const insert = INSERT.exec(sql)
  if (insert) return /\bon\s+(conflict|duplicate)\b/i.test(sql) || /\bselect\b[\s\S]*\bfrom\b/i.test(sql) ? undefined : insertScopes(bindings, insert[1]!)
  if (NOT_PLAIN.test(sql)) return undefined
  const update = UPDATE.exec(sql)
  if (update) return OWNER_COLUMNS.test(update[1]!) ? undefined : changeScopes(sql, bindings, update[0].length)
  const remove = DELETE.exec(sql)
  return remove ? changeScopes(sql, bindings, remove[0].length) : undefined
}

/** Moves for every write that may change a member's grants; see the file's comment. */
export const grantClock = (knex: Knex) =>
  writeClock(knex, ['privileges', 'accounts', 'users', 'roles'], { ignore: NOT_A_CASCADE, scopesOf: (query) => (/privileges/i.test(query.sql ?? '') ? privilegeWriteScopes(query) : undefined) })

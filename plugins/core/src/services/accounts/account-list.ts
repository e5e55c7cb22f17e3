/**
 * The accounts list of the global admin (spec part1 §3): each account with its user
 * count, file count and storage in use, filtered, sorted and paged in SQL.
 */
import { type Application, accountFiles, whereContains } from '@app/plugin-kit'
import type { Knex } from 'knex'
import type { AccountListQuery, AccountListRow } from './accounts.schema'

const BYTES_PER_MB = 1024 * 1024

/** Sort fields of the API and the column or computed alias each one orders by. */
const SORT_COLUMNS: Record<string, string> = {
  accountNo: 'a.account_no',
  company: 'a.company',
  createdAt: 'a.created_at',
  enabled: 'a.enabled',
  userCount: 'user_count',
  fileCount: 'file_count',
  mbUsed: 'mb_used',
}

/**
 * An account's files, as every plugin that keeps files counts them (documents; later others),
 * summed in SQL: correlated subqueries on `a.id`, so the list still sorts and pages in SQL.
 * Without a contributor every account has 0.
 */
const filesSql = (app: Application, knex: Knex, of: 'countSql' | 'bytesSql') => {
  const owners = app.get('extensions').all(accountFiles)
  if (!owners.length) return knex.raw('0')
  return knex.raw(owners.map(() => 'coalesce((?), 0)').join(' + '), owners.map((owner) => owner[of](knex, 'a.id')))
}

/** Bytes of the account's files. */
export const accountStorageBytes = async (app: Application, accountId: number) => {
  const knex = app.get('knex')
  const row = await knex('accounts as a').where('a.id', accountId).first(knex.raw('(?) as bytes', [filesSql(app, knex, 'bytesSql')]))
  return Number(row?.bytes ?? 0)
}

const filtered = (knex: Knex, query: AccountListQuery) => {
  const base = knex('accounts as a')
  if (query.id !== undefined) base.where('a.id', query.id)
  if (query.enabled !== undefined) base.where('a.enabled', query.enabled)
  const text = query.filter?.trim()
  if (text) whereContains(base, ['a.company', 'a.account_no'], text)
  return base
}

/** The computed columns: members, and the files their owner counts. */
const countColumns = (app: Application) => {
  const knex = app.get('knex')
  const users = knex.raw(
    '(select count(*) from account_users au join users u on u.id = au.user_id where au.account_id = a.id and u.anonymous = ?) as user_count',
    [false],
  )
  const files = [knex.raw('(?) as file_count', [filesSql(app, knex, 'countSql')]), knex.raw(`(?) / ${BYTES_PER_MB}.0 as mb_used`, [filesSql(app, knex, 'bytesSql')])]
  return [users, ...files]
}

const toRow = (r: Record<string, any>): AccountListRow => ({
  id: Number(r.id),
  accountNo: r.account_no,
  company: r.company,
  website: r.website,
  phone: r.phone,
  email: r.email,
  address: r.address,
  zip: r.zip,
  city: r.city,
  country: r.country,
  enabled: Boolean(r.enabled),
  trial: Boolean(r.trial),
  createdAt: r.created_at,
  userCount: Number(r.user_count),
  fileCount: Number(r.file_count),
  // MariaDB answers a decimal string; three decimals are more than the display rule needs.
  mbUsed: Math.round(Number(r.mb_used) * 1000) / 1000,
})

export const DEFAULT_LIMIT = 50

export const listAccounts = async (app: Application, query: AccountListQuery) => {
  const knex = app.get('knex')
  const limit = Math.min(query.$limit ?? DEFAULT_LIMIT, 500)
  const skip = query.$skip ?? 0
  const [counted] = (await filtered(knex, query).count('* as total')) as { total: number | string }[]
  const rows = filtered(knex, query).select('a.*', ...countColumns(app))
  for (const [field, direction] of Object.entries(query.$sort ?? {}))
    rows.orderBy(SORT_COLUMNS[field]!, Number(direction) === -1 ? 'desc' : 'asc')
  rows.orderBy('a.id', 'asc').limit(limit).offset(skip)
  return { total: Number(counted?.total ?? 0), limit, skip, data: (await rows).map(toRow) }
}

/** One account with its counts, or undefined. */
export const accountWithCounts = async (app: Application, accountId: number) =>
  (await listAccounts(app, { id: accountId, $limit: 1 })).data[0]

/**
 * The accounts list of the global admin (spec part1 §3): each account with its user
 * count, file count and storage in use, filtered, sorted and paged in SQL.
 */
import { tableExists, whereContains } from '@app/plugin-kit'
import type { Knex } from 'knex'
import type { AccountListQuery, AccountListRow } from './accounts-admin.schema'

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
 * Files arrive with the documents module. Until its `files` table (with account_id and
 * size) exists the counts are 0; migrations run before the first call, so one look suffices.
 */
const filesTableChecks = new WeakMap<Knex, Promise<boolean>>()
const hasFilesTable = (knex: Knex) => {
  let check = filesTableChecks.get(knex)
  if (!check) {
    check = (async () =>
      (await tableExists(knex, 'files')) && (await knex.schema.hasColumn('files', 'account_id')) && (await knex.schema.hasColumn('files', 'size')))()
    filesTableChecks.set(knex, check)
  }
  return check
}

/** Bytes of the account's files (0 until the files table exists). */
export const accountStorageBytes = async (knex: Knex, accountId: number) => {
  if (!(await hasFilesTable(knex))) return 0
  const row = await knex('files').where({ account_id: accountId }).sum({ bytes: 'size' }).first()
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

/** The computed columns; a function returning them, not the query, since a built query is a promise that runs. */
const countColumns = async (knex: Knex) => {
  const users = knex.raw(
    '(select count(*) from account_users au join users u on u.id = au.user_id where au.account_id = a.id and u.anonymous = ?) as user_count',
    [false],
  )
  const files = (await hasFilesTable(knex))
    ? [
        knex.raw('(select count(*) from files f where f.account_id = a.id) as file_count'),
        knex.raw(`(select coalesce(sum(f.size), 0) from files f where f.account_id = a.id) / ${BYTES_PER_MB}.0 as mb_used`),
      ]
    : [knex.raw('0 as file_count'), knex.raw('0 as mb_used')]
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

export const listAccounts = async (knex: Knex, query: AccountListQuery) => {
  const limit = Math.min(query.$limit ?? DEFAULT_LIMIT, 500)
  const skip = query.$skip ?? 0
  const [counted] = (await filtered(knex, query).count('* as total')) as { total: number | string }[]
  const rows = filtered(knex, query).select('a.*', ...(await countColumns(knex)))
  for (const [field, direction] of Object.entries(query.$sort ?? {}))
    rows.orderBy(SORT_COLUMNS[field]!, Number(direction) === -1 ? 'desc' : 'asc')
  rows.orderBy('a.id', 'asc').limit(limit).offset(skip)
  return { total: Number(counted?.total ?? 0), limit, skip, data: (await rows).map(toRow) }
}

/** One account with its counts, or undefined. */
export const accountWithCounts = async (knex: Knex, accountId: number) =>
  (await listAccounts(knex, { id: accountId, $limit: 1 })).data[0]

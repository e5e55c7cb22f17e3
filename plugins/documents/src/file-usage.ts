/**
 * What each project's files take, kept in `folder_file_usage` (one row a project: how many
 * files, how many bytes) by every write of `folder_files`, in the write's own transaction.
 * The home page's storage figure, the accounts list's files and megabytes and a project's
 * storage total read these rows instead of summing the files: for an account of 2,000,000
 * files the sum took 250 ms a call. Every insert and delete of `folder_files` goes through
 * here (file-usage.test.ts compares the rows with the files after each kind of write); a
 * project's or an account's rows go with it (foreign keys), as its files do.
 */
import type { Knex } from 'knex'
import { fileNameKey, writeFileWords } from './words'

export const FILE_USAGE_TABLE = 'folder_file_usage'

/** A row of `folder_files` (as read or to be inserted): its account_id, project_id and size are counted. */
type UsedBy = Record<string, any>

/** Adds (or, with `sign` -1, takes away) `files`' count and bytes, per project. */
const apply = async (trx: Knex, files: readonly UsedBy[], sign: 1 | -1) => {
  const perProject = new Map<number, { account_id: number; files: number; bytes: number }>()
  for (const file of files) {
    const projectId = Number(file.project_id)
    const used = perProject.get(projectId) ?? { account_id: Number(file.account_id), files: 0, bytes: 0 }
    used.files += sign
    used.bytes += sign * Number(file.size)
    perProject.set(projectId, used)
  }
  // In project order: two transactions touching the same projects lock their rows in one order.
  for (const [projectId, used] of [...perProject].sort(([a], [b]) => a - b))
    await trx(FILE_USAGE_TABLE)
      .insert({ project_id: projectId, ...used })
      .onConflict('project_id')
      .merge({ files: trx.raw('?? + ?', [`${FILE_USAGE_TABLE}.files`, used.files]), bytes: trx.raw('?? + ?', [`${FILE_USAGE_TABLE}.bytes`, used.bytes]) })
}

/** Inserts file rows (with their name keys), counts them in and indexes their names' words (words.ts), in one transaction (the caller's, when given). */
export const insertFiles = async (knex: Knex, rows: readonly UsedBy[]): Promise<number[]> => {
  const write = async (trx: Knex) => {
    const ids: number[] = []
    for (const row of rows) {
      const [inserted] = await trx('folder_files').insert({ ...row, name_key: fileNameKey(row.name) }, ['id'])
      ids.push(Number(typeof inserted === 'object' ? inserted.id : inserted))
    }
    await apply(trx, rows, 1)
    await writeFileWords(
      trx,
      rows.map((row, n) => ({ id: ids[n]!, accountId: Number(row.account_id), name: row.name })),
    )
    return ids
  }
  return knex.isTransaction ? write(knex) : knex.transaction(write)
}

/**
 * Deletes the files `rows` are (read beforehand, with their project and size) by `query`,
 * which may ask more of them (not checked out by another), and counts them out when every
 * one went; answers how many went. Fewer: the caller rolls its transaction back.
 */
export const deleteFiles = async (trx: Knex.Transaction, query: Knex.QueryBuilder, rows: readonly UsedBy[]): Promise<number> => {
  const deleted = await query.delete()
  if (deleted === rows.length) await apply(trx, rows, -1)
  return deleted
}

/** Counts an account's files afresh (or every account's): the migration's first fill, and a bulk load's (tools/bench). */
export const recountFileUsage = async (knex: Knex, accountId?: number) => {
  const scoped = <T extends Knex.QueryBuilder>(query: T) => (accountId === undefined ? query : query.where('account_id', accountId))
  await scoped(knex(FILE_USAGE_TABLE)).delete()
  const counted = scoped(knex('folder_files')).groupBy('project_id', 'account_id').select('project_id', 'account_id', knex.raw('count(*)'), knex.raw('coalesce(sum(size), 0)'))
  // Spelled out: SQLite takes no parenthesised select after the columns, and knex names no columns for an insert from a select.
  const { sql, bindings } = counted.toSQL()
  await knex.raw(`insert into ?? (project_id, account_id, files, bytes) ${sql}`, [FILE_USAGE_TABLE, ...bindings])
}

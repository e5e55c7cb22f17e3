/**
 * A word index: where the words of a row's text start, so that a search for the start of a
 * word or a number is one range read instead of a test of every row the caller may see.
 *
 * A "contains" test reads every row: for an account of 2,000,000 file names, a search for a
 * document's number took 0.3 s on SQLite and seconds on MariaDB. A trigram index does not help
 * there, as each trigram of a number ("pr-", "000") is common and only their combination rare.
 * So each row keeps, in a table of its own, its text from each word start on (`entries`): a
 * search reads the entries that start with the text, one range of the index, on both
 * databases alike.
 *
 * Words are split at anything that is not a letter or a digit and where letters and digits
 * meet, in lower case without accents: "PR-00001-D001 Façade" is "pr 00001 d 001 facade", and
 * "00001", "d001", "001 fac" and "facade" find it; "0001" (inside a number) does not.
 */
import type { Knex } from 'knex'

/** A word index's table and the column naming its row (the rest is fixed: account_id, entry). */
export interface WordIndex {
  table: string
  row: string
  /**
   * Columns of the row kept beside its entries (a document's responsible and author), each
   * with an index that leads with it: a search among one person's rows reads that range alone,
   * where the account's range and that person's rows may both be large and share nothing.
   */
  keys?: readonly string[]
}

/** A row to index: its id, account, text and the index's `keys`. */
export interface WordedRow {
  id: number
  accountId: number
  text: string
  keys?: Record<string, number | null>
}

/** How many characters of text an entry keeps from its word start: longer searches compare their first ones. */
export const WORD_ENTRY_LENGTH = 40

/** How many entries a search takes from the index, to name their rows (wordMatch); past them, rows are tested one by one, in order. */
export const WORD_FEW = 500

/** The text as entries hold it: lower case, no accents, words apart (letters from digits too), single spaces. */
export const wordText = (text: string): string =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/gu, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()

/**
 * A row's text as one column may keep it beside the columns a list reads (wordMatch's
 * `textColumn`): a space, then wordText, at most `length` characters. A word start is then a
 * space, so a search is a LIKE of "% " and its text.
 */
export const wordKey = (text: string, length: number) => Array.from(` ${wordText(text)}`).slice(0, length).join('')

/** Characters, not UTF-16 units: an entry never ends in half a character. */
const cut = (characters: string[], from: number) => characters.slice(from, from + WORD_ENTRY_LENGTH).join('').trimEnd()

/** A text's entries: the text from each word start, WORD_ENTRY_LENGTH characters at most, each once. */
export const wordEntries = (text: string): string[] => {
  const characters = Array.from(wordText(text))
  const entries = new Set<string>()
  characters.forEach((character, at) => {
    if (character !== ' ' && (at === 0 || characters[at - 1] === ' ')) entries.add(cut(characters, at))
  })
  return [...entries]
}

/** What a search compares entries with: its text's first WORD_ENTRY_LENGTH characters ('' when it has no word). */
const searchedEntry = (text: string) => cut(Array.from(wordText(text)), 0)

/** Sorts after every character: entries from `prefix` to `prefix` + this start with it (binary order on both databases). */
const PAST_EVERY_CHARACTER = '\u{10FFFF}'

const isSqlite = (knex: Knex) => knex.client.config.client === 'better-sqlite3'

/**
 * Creates the index's table, its rows going with theirs (`references`, e.g. `folders.id`).
 * Entries compare in binary order (their text is lower-cased already), which makes one
 * range the entries that start with a text. Keyed by account and entry, for the search, and
 * by row, for the row's own entries (rewriting them, and the test of one row). On SQLite
 * the table is its key (WITHOUT ROWID): no third copy of every entry.
 */
export const createWordIndex = async (knex: Knex, index: WordIndex, references: string) => {
  const [refTable, refColumn] = references.split('.') as [string, string]
  const keys = index.keys ?? []
  if (isSqlite(knex)) {
    const keyColumns = keys.map(() => ', ?? integer').join('')
    await knex.raw(
      `create table ?? (account_id integer not null, entry varchar(${WORD_ENTRY_LENGTH}) not null, ?? integer not null references ??(??) on delete cascade${keyColumns}, primary key (account_id, entry, ??)) without rowid`,
      [index.table, index.row, refTable, refColumn, ...keys, index.row],
    )
    await knex.raw('create index ?? on ?? (??, entry)', [`${index.table}_row_index`, index.table, index.row])
    for (const key of keys) await knex.raw('create index ?? on ?? (account_id, ??, entry, ??)', [`${index.table}_${key}_index`, index.table, key, index.row])
    return
  }
  await knex.schema.createTable(index.table, (t) => {
    t.integer('account_id').unsigned().notNullable()
    t.string('entry', WORD_ENTRY_LENGTH).notNullable().collate('utf8mb4_bin')
    t.integer(index.row).unsigned().notNullable().references(references).onDelete('CASCADE')
    for (const key of keys) t.integer(key).unsigned().nullable()
    t.primary(['account_id', 'entry', index.row])
    t.index([index.row, 'entry'], `${index.table}_row_index`)
    for (const key of keys) t.index(['account_id', key, 'entry', index.row], `${index.table}_${key}_index`)
  })
}

/** The index's rows for `rows`' texts, to insert. */
export const wordRows = (index: WordIndex, rows: readonly WordedRow[]) =>
  rows.flatMap((row) => {
    const keys = Object.fromEntries((index.keys ?? []).map((key) => [key, row.keys?.[key] ?? null]))
    return wordEntries(row.text).map((entry) => ({ account_id: row.accountId, entry, [index.row]: row.id, ...keys }))
  })

/** Writes rows' entries afresh for their texts and keys (new rows, a changed text or key), in the caller's transaction. */
export const writeWords = async (trx: Knex, index: WordIndex, rows: readonly WordedRow[]) => {
  if (!rows.length) return
  const columns = ['account_id', 'entry', index.row, ...(index.keys ?? [])]
  const identity = (row: Record<string, unknown>) => JSON.stringify(columns.map((column) => (row[column] === null || row[column] === undefined ? null : String(row[column]))))
  const wanted = wordRows(index, rows)
  const had = (await trx(index.table)
    .whereIn(
      index.row,
      rows.map((row) => row.id),
    )
    .select(columns)) as Record<string, unknown>[]
  const wantedIds = new Set(wanted.map(identity))
  const hadIds = new Set(had.map(identity))
  // Each entry that goes by its whole key, and only those that are new inserted: a delete of a row's range would lock
  // the gap past it on MariaDB, and two transactions writing neighbouring rows' entries deadlocked on it.
  for (const gone of had.filter((row) => !wantedIds.has(identity(row))))
    await trx(index.table).where({ account_id: gone.account_id, entry: gone.entry, [index.row]: gone[index.row] }).delete()
  const added = wanted.filter((row) => !hadIds.has(identity(row)))
  // 500 a statement stays under every database's bound-parameter limit.
  for (let at = 0; at < added.length; at += 500) await trx(index.table).insert(added.slice(at, at + 500))
}

/**
 * The rows with an entry that `starting` takes, read from the index (of the account, among
 * `among`'s ranges), or null when more than `few` entries are: entries, not rows (a row may
 * hold several that start so), read without a DISTINCT that would sort them.
 */
const fewRows = async (
  knex: Knex,
  index: WordIndex,
  where: { accountId: number; among?: readonly { key: string; value: number }[]; few: number },
  starting: (query: Knex.QueryBuilder) => Knex.QueryBuilder,
): Promise<number[] | null> => {
  const named = new Set<number>()
  for (const range of where.among?.map(({ key, value }) => ({ [key]: value })) ?? [{}]) {
    const ids = (await starting(knex(index.table).where({ account_id: where.accountId, ...range }))
      .limit(where.few + 1)
      .pluck(index.row)) as number[]
    if (ids.length > where.few) return null
    for (const id of ids) named.add(Number(id))
  }
  return named.size > where.few ? null : [...named]
}

/**
 * Confines queries to rows (`idColumn`) whose text has a word that starts with `text`: a
 * function to apply to each query a list asks (its count, its page, its window). The index is
 * read once first: when no more than `few` entries match in the account (a number, a rare word),
 * they are named by id, and their own indexes serve the rest. Past that (a common word), each
 * row is tested as it is read, and a list read in order finds its first page early: on
 * `textColumn` (the row's wordKey) where an index the list reads holds it, so the test needs
 * neither the row nor a step into the word index; else by a probe into the word index. A
 * text without a word matches nothing. With `among` (key columns and values, one of which the
 * query's rows hold: a person's documents as responsible or author), the index is read for
 * those alone; the query still says which of them it takes.
 */
export const wordMatch = async (
  knex: Knex,
  index: WordIndex,
  where: { accountId: number; idColumn: string; textColumn?: string; among?: readonly { key: string; value: number }[] },
  text: string,
  few = WORD_FEW,
): Promise<(query: Knex.QueryBuilder) => Knex.QueryBuilder> => {
  const entry = searchedEntry(text)
  if (!entry) return (query) => query.whereRaw('1 = 0')
  const starting = (query: Knex.QueryBuilder, table: string) => query.where(`${table}.entry`, '>=', entry).where(`${table}.entry`, '<', entry + PAST_EVERY_CHARACTER)
  const named = await fewRows(knex, index, { ...where, few }, (query) => starting(query, index.table))
  if (named) return (query) => query.whereIn(where.idColumn, named)
  const { textColumn } = where
  // The same test on the row's word key: a space, then the entry, anywhere in it (binary, as the index compares).
  if (textColumn) return (query) => query.whereRaw(isSqlite(knex) ? '?? like ?' : '?? like ? collate utf8mb4_bin', [textColumn, `% ${entry}%`])
  return (query) =>
    query.whereExists((probe) => {
      starting(probe.from(`${index.table} as word`).whereRaw('?? = ??', [`word.${index.row}`, where.idColumn]), 'word').select(knex.raw('1'))
    })
}

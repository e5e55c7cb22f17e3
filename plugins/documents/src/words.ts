/**
 * The documents' word indexes (the kit's words.ts): a document's number and title, and a
 * file's name, kept by every write of them (a document's create and change, a file's insert
 * and rename), so that lists and search find the start of a word or a number from the index.
 */
import { type WordIndex, writeWords } from '@app/plugin-kit'
import type { Knex } from 'knex'

/** A document's responsible and author ride along: the My tab's filter reads the caller's entries alone. */
export const FOLDER_WORDS: WordIndex = { table: 'folder_words', row: 'folder_id', keys: ['responsible_id', 'created_by'] }
export const FILE_WORDS: WordIndex = { table: 'folder_file_words', row: 'file_id' }

/** A document's searched text: its number, then its title, as lists show them. */
export const folderText = (symbol: string | null | undefined, name: string) => `${symbol ?? ''} ${name}`

/** A document as its entries are written. */
export interface WordedFolder {
  id: number
  accountId: number
  symbol: string | null
  name: string
  responsibleId: number | null
  createdBy: number | null
}

/** A document's rows of the index. */
export const folderWordRows = (folders: readonly WordedFolder[]) =>
  folders.map((folder) => ({
    id: folder.id,
    accountId: folder.accountId,
    text: folderText(folder.symbol, folder.name),
    keys: { responsible_id: folder.responsibleId, created_by: folder.createdBy },
  }))

/** Writes documents' entries afresh (new ones, or a changed number, title or responsible). */
export const writeFolderWords = (trx: Knex, folders: readonly WordedFolder[]) => writeWords(trx, FOLDER_WORDS, folderWordRows(folders))

/** Writes files' entries afresh (new ones, or a new name). */
export const writeFileWords = (trx: Knex, files: readonly { id: number; accountId: number; name: string }[]) =>
  writeWords(
    trx,
    FILE_WORDS,
    files.map((file) => ({ id: file.id, accountId: file.accountId, text: file.name })),
  )

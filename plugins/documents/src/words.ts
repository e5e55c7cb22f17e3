/**
 * The documents' word indexes (the kit's words.ts): a document's number and title, and a
 * file's name, kept by every write of them (a document's create and change, a file's insert
 * and rename), so that lists and search find the start of a word or a number from the index.
 */
import { type WordIndex, wordKey, writeWords } from '@app/plugin-kit'
import type { Knex } from 'knex'

/** A document's responsible and author ride along: the My tab's filter reads the caller's entries alone. */
export const FOLDER_WORDS: WordIndex = { table: 'folder_words', row: 'folder_id', keys: ['responsible_id', 'created_by'] }
export const FILE_WORDS: WordIndex = { table: 'folder_file_words', row: 'file_id' }

/** A document's searched text: its number, then its title, as lists show them. */
export const folderText = (symbol: string | null | undefined, name: string) => `${symbol ?? ''} ${name}`

/** The length of `folders.search_key` (001-documents.ts). */
const SEARCH_KEY_LENGTH = 342

/**
 * A document's search key: its text as the word index writes it (the kit's wordKey), kept on
 * the row and in the list indexes (012, 015), where a list filtered by a common word tests it
 * without reading the row; the links' lists sort documents by it.
 */
export const folderSearchKey = (symbol: string | null | undefined, name: string) => wordKey(folderText(symbol, name), SEARCH_KEY_LENGTH)

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

/** The length of `folder_files.name_key` (019-file-name-keys.ts): a name of 255 characters, split where letters meet digits. */
export const FILE_NAME_KEY_LENGTH = 300

/** A file's name key: its name as the word index writes it (the kit's wordKey), in the name indexes, where search tests a common word. */
export const fileNameKey = (name: string) => wordKey(name, FILE_NAME_KEY_LENGTH)

/** Writes files' entries afresh (new ones, or a new name). */
export const writeFileWords = (trx: Knex, files: readonly { id: number; accountId: number; name: string }[]) =>
  writeWords(
    trx,
    FILE_WORDS,
    files.map((file) => ({ id: file.id, accountId: file.accountId, text: file.name })),
  )

/**
 * The documents' word indexes (the kit's words.ts): a document's number and title, and a
 * file's name, kept by every write of them (a document's create and change, a file's insert
 * and rename), so that lists and search find the start of a word or a number from the index.
 */
import { type WordIndex, writeWords } from '@app/plugin-kit'
import type { Knex } from 'knex'

export const FOLDER_WORDS: WordIndex = { table: 'folder_words', row: 'folder_id' }
export const FILE_WORDS: WordIndex = { table: 'folder_file_words', row: 'file_id' }

/** A document's searched text: its number, then its title, as lists show them. */
export const folderText = (symbol: string | null | undefined, name: string) => `${symbol ?? ''} ${name}`

/** Writes documents' entries afresh (new ones, or a changed number or title). */
export const writeFolderWords = (trx: Knex, folders: readonly { id: number; accountId: number; symbol: string | null; name: string }[]) =>
  writeWords(
    trx,
    FOLDER_WORDS,
    folders.map((folder) => ({ id: folder.id, accountId: folder.accountId, text: folderText(folder.symbol, folder.name) })),
  )

/** Writes files' entries afresh (new ones, or a new name). */
export const writeFileWords = (trx: Knex, files: readonly { id: number; accountId: number; name: string }[]) =>
  writeWords(
    trx,
    FILE_WORDS,
    files.map((file) => ({ id: file.id, accountId: file.accountId, text: file.name })),
  )

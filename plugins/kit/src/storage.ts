/**
 * Where uploaded files live: one interface, local disk by default (S3 comes with the
 * documents module). Keys are made by the server (`newStorageKey`), never from a
 * name a user typed, and files stream in and out without passing through memory.
 */
import { randomUUID } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, open, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { NotFound } from '@feathersjs/errors'

export interface StoredObject {
  body: Readable
  size: number
  contentType: string
}

export interface Storage {
  /** Stores the whole stream under `key`; nothing is left under `key` if it fails. */
  put(key: string, body: Readable, contentType: string): Promise<{ size: number }>
  /** NotFound when there is no such object. */
  get(key: string): Promise<StoredObject>
  /** No error when there is no such object. */
  remove(key: string): Promise<void>
  /** At start: removes what an interrupted earlier run left half-written; answers how many. */
  sweepPartial(): Promise<number>
}

/** `uploads/4f1c…`: a prefix of the server's choosing and a random id. */
export const newStorageKey = (prefix: string) => `${prefix}/${randomUUID()}`

const KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*$/

const checkKey = (key: string) => {
  if (!KEY.test(key)) throw new Error(`Invalid storage key "${key}"`)
  return key
}

/** Files under `root`, each with a small JSON side file holding its content type. */
export const createDiskStorage = (root: string): Storage => {
  const fileOf = (key: string) => path.join(root, ...checkKey(key).split('/'))
  const metaOf = (file: string) => `${file}.meta.json`
  return {
    async put(key, body, contentType) {
      const file = fileOf(key)
      // Readable by the server's user only, like everything under DATA_DIR.
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 })
      // Written aside and renamed into place: a failed or cut-off upload never shows as a file.
      const partial = `${file}.${randomUUID()}.part`
      // Opened before the body is read: a body that fails at once cannot leave a file that opens after the clean-up.
      const out = await open(partial, 'wx', 0o600)
      try {
        await pipeline(body, out.createWriteStream())
        const { size } = await stat(partial)
        await writeFile(metaOf(file), JSON.stringify({ contentType, size }), { mode: 0o600 })
        await rename(partial, file)
        return { size }
      } catch (error) {
        await rm(partial, { force: true })
        throw error
      }
    },
    async get(key) {
      const file = fileOf(key)
      const size = await stat(file).then(
        (s) => s.size,
        () => undefined,
      )
      if (size === undefined) throw new NotFound('File not found')
      const meta = await readFile(metaOf(file), 'utf8').then(
        (text) => JSON.parse(text) as { contentType?: string },
        () => ({}) as { contentType?: string },
      )
      return { body: createReadStream(file), size, contentType: meta.contentType ?? 'application/octet-stream' }
    },
    async remove(key) {
      const file = fileOf(key)
      await rm(file, { force: true })
      await rm(metaOf(file), { force: true })
    },
    async sweepPartial() {
      const names = await readdir(root, { recursive: true }).catch(() => [] as string[])
      const partial = names.filter((name) => name.endsWith('.part'))
      for (const name of partial) await rm(path.join(root, name), { force: true })
      return partial.length
    },
  }
}

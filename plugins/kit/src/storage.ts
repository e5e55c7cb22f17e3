/**
 * Where uploaded files live: one interface, local disk by default (`createDiskStorage`) or an
 * S3-compatible store (`createS3Storage`, storage-s3.ts). Keys are made by the server
 * (`newStorageKey`), never from a name a user typed, and files stream in and out without
 * passing through memory.
 */
import { randomUUID } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { copyFile, mkdir, open, readFile, readdir, rename, rm, stat, truncate, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { BadRequest, Conflict, NotFound } from '@feathersjs/errors'

export interface StoredObject {
  body: Readable
  size: number
  contentType: string
}

/** A part as stored: its number (from 1), the ETag the store gave it, its bytes. */
export interface StoredPart {
  partNo: number
  etag: string
  size: number
}

/**
 * How a multipart upload's parts reach the store. `presign`: the browser PUTs each part
 * straight to an expiring address of the store's (S3). `write`: the API receives the part
 * and hands it over as a stream (local disk, where the API itself serves signed addresses).
 */
export type PartReceiver =
  /** `size`: the part's bytes, signed into the address, so the store refuses a part of any other length. */
  | { presign(key: string, uploadId: string, partNo: number, expiresInSeconds: number, size: number): Promise<string> }
  | { write(key: string, uploadId: string, partNo: number, body: Readable, size: number): Promise<StoredPart> }

/**
 * A file sent in parts. Every part but the last is exactly the `partSize` given at the start;
 * nothing shows under the key until `complete`, and `abort` leaves nothing at all.
 */
export interface MultipartStore {
  start(key: string, contentType: string, partSize: number): Promise<{ uploadId: string }>
  parts: PartReceiver
  /** The parts in order, with the ETags their PUTs answered; BadRequest when one does not match what is stored. */
  complete(key: string, uploadId: string, parts: { partNo: number; etag: string }[]): Promise<{ size: number }>
  /** No error when the upload is already gone. */
  abort(key: string, uploadId: string): Promise<void>
}

export interface Storage {
  /** `disk` or `s3`: what start-up and the README's figures name. */
  kind: 'disk' | 's3'
  /** Stores the whole stream under `key`; nothing is left under `key` if it fails. */
  put(key: string, body: Readable, contentType: string): Promise<{ size: number }>
  /** NotFound when there is no such object. */
  get(key: string): Promise<StoredObject>
  /** A second object with the same bytes and type; NotFound when `from` does not exist. */
  copy(from: string, to: string): Promise<void>
  /** No error when there is no such object. */
  remove(key: string): Promise<void>
  /** Several at once (a document's files cleared, a revision deleted): the keys it could not remove, none when all went; a missing one is no failure. */
  removeMany(keys: string[]): Promise<string[]>
  /** At start: removes what an interrupted earlier run left half-written; answers how many. */
  sweepPartial(): Promise<number>
  multipart: MultipartStore
}

/** `uploads/4f1c…`: a prefix of the server's choosing and a random id. */
export const newStorageKey = (prefix: string) => `${prefix}/${randomUUID()}`

const KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*$/

export const checkKey = (key: string) => {
  if (!KEY.test(key)) throw new Error(`Invalid storage key "${key}"`)
  return key
}

const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

export const noSuchUpload = () => new NotFound('No such upload')

/**
 * The checks every store makes of a complete's part list before asking the store: parts
 * 1 to n in order, each named once (S3 allows gaps; nobody here sends them, and the local
 * store places part n at (n - 1) × part size).
 */
export const checkPartList = (parts: { partNo: number; etag: string }[]) => {
  if (!parts.length) throw new BadRequest('An upload needs at least one part', { errors: { parts: 'Send at least one part' } })
  parts.forEach((part, i) => {
    if (part.partNo !== i + 1) throw new BadRequest('Parts must be numbered 1, 2, 3 … in order', { errors: { parts: `Part ${i + 1} is missing` } })
    if (!part.etag) throw new BadRequest(`Part ${part.partNo} has no ETag`, { errors: { parts: `Part ${part.partNo} has no ETag` } })
  })
}

/** A part whose ETag or size is not what the store holds (the part's number when the store says which). */
export const wrongPart = (partNo?: number) => {
  const message = partNo === undefined ? 'The parts do not match what was stored' : `Part ${partNo} does not match what was stored`
  return new BadRequest(message, { errors: { parts: message } })
}

/** ETags are compared without the quotes HTTP puts around them. */
export const sameEtag = (a: string, b: string) => a.replace(/"/g, '') === b.replace(/"/g, '')

/** S3's most parts in one upload; the local store keeps the same bound. */
export const MAX_PARTS = 10_000

/** A file the upload needed went (a complete or abort got there first): the upload is no more. */
const missingUpload = (error: NodeJS.ErrnoException): never => {
  throw error.code === 'ENOENT' ? noSuchUpload() : error
}

/**
 * Who is working on which local upload, in this process (the local store serves one
 * instance): a part is written by one request at a time, and an upload is completed while
 * none of its parts is being written, by one request. Each answers 409 otherwise, so no two
 * writers ever mix their bytes in the file, and a completed file never changes after its
 * complete answered. An abort does not wait: the parts still arriving answer 404.
 */
const uploadLocks = () => {
  const writing = new Map<string, Set<number>>()
  const finishing = new Set<string>()
  const busy = (message: string) => new Conflict(message)
  return {
    writing(uploadId: string, partNo: number) {
      if (finishing.has(uploadId)) throw busy('The upload is being completed or aborted')
      const parts = writing.get(uploadId) ?? new Set<number>()
      if (parts.has(partNo)) throw busy(`Part ${partNo} is already being sent`)
      parts.add(partNo)
      writing.set(uploadId, parts)
      return () => {
        parts.delete(partNo)
        if (!parts.size) writing.delete(uploadId)
      }
    },
    /** Complete waits for no part (409 while one is being written); abort cuts them off (they answer 404). */
    finishing(uploadId: string, { whileWriting }: { whileWriting: 'refuse' | 'cut-off' }) {
      if (finishing.has(uploadId)) throw busy('The upload is being completed or aborted')
      if (whileWriting === 'refuse' && writing.has(uploadId)) throw busy('Parts of the upload are still being sent')
      finishing.add(uploadId)
      return () => finishing.delete(uploadId)
    },
  }
}

/**
 * Files under `root`, each with a small JSON side file holding its content type. A
 * multipart upload is one file under `root/.uploads/{uploadId}/` that each part is written
 * into at its own offset, beside a record per part: completing checks the records and renames
 * the file into place, so a 1 GB upload is written once, never copied part by part.
 */
export const createDiskStorage = (root: string): Storage => {
  const fileOf = (key: string) => path.join(root, ...checkKey(key).split('/'))
  const metaOf = (file: string) => `${file}.meta.json`
  const uploadsDir = path.join(root, '.uploads')
  const uploadDir = (uploadId: string) => {
    if (!UPLOAD_ID.test(uploadId)) throw noSuchUpload()
    return path.join(uploadsDir, uploadId)
  }
  const readJson = <T>(file: string) => readFile(file, 'utf8').then((text) => JSON.parse(text) as T, () => undefined)
  type UploadRecord = { key: string; contentType: string; partSize: number }
  const uploadOf = async (key: string, uploadId: string) => {
    const dir = uploadDir(uploadId)
    const record = await readJson<UploadRecord>(path.join(dir, 'upload.json'))
    if (!record || record.key !== key) throw noSuchUpload()
    return { dir, record }
  }
  /** Readable by the server's user only, like everything under DATA_DIR. */
  const makeDir = (dir: string) => mkdir(dir, { recursive: true, mode: 0o700 })
  const writeMeta = (file: string, contentType: string, size: number) => writeFile(metaOf(file), JSON.stringify({ contentType, size }), { mode: 0o600 })

  const locks = uploadLocks()
  const storage: Storage = {
    kind: 'disk',
    async put(key, body, contentType) {
      const file = fileOf(key)
      await makeDir(path.dirname(file))
      // Written aside and renamed into place: a failed or cut-off upload never shows as a file.
      const partial = `${file}.${randomUUID()}.part`
      // Opened before the body is read: a body that fails at once cannot leave a file that opens after the clean-up.
      const out = await open(partial, 'wx', 0o600)
      try {
        // flush: on disk, not only in the page cache, before it closes: a stored file survives a crash.
        await pipeline(body, out.createWriteStream({ flush: true }))
        const { size } = await stat(partial)
        await writeMeta(file, contentType, size)
        await rename(partial, file)
        return { size }
      } catch (error) {
        await out.close().catch(() => undefined)
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
      const meta = (await readJson<{ contentType?: string }>(metaOf(file))) ?? {}
      return { body: createReadStream(file), size, contentType: meta.contentType ?? 'application/octet-stream' }
    },
    async copy(from, to) {
      const source = fileOf(from)
      const target = fileOf(to)
      const meta = await readJson<{ contentType: string; size: number }>(metaOf(source))
      await makeDir(path.dirname(target))
      const partial = `${target}.${randomUUID()}.part`
      try {
        await copyFile(source, partial)
        if (meta) await writeMeta(target, meta.contentType, meta.size)
        await rename(partial, target)
      } catch (error) {
        await rm(partial, { force: true })
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new NotFound('File not found')
        throw error
      }
    },
    async remove(key) {
      const file = fileOf(key)
      await rm(file, { force: true })
      await rm(metaOf(file), { force: true })
    },
    async removeMany(keys) {
      const failed: string[] = []
      for (const key of keys) await storage.remove(key).catch(() => failed.push(key))
      return failed
    },
    async sweepPartial() {
      const names = await readdir(root, { recursive: true }).catch(() => [] as string[])
      const partial = names.filter((name) => name.endsWith('.part') && !name.startsWith('.uploads'))
      for (const name of partial) await rm(path.join(root, name), { force: true })
      return partial.length
    },
    multipart: {
      async start(key, contentType, partSize) {
        checkKey(key)
        if (!Number.isSafeInteger(partSize) || partSize < 1) throw new Error(`Invalid part size ${partSize}`)
        const uploadId = randomUUID()
        const dir = uploadDir(uploadId)
        await makeDir(dir)
        await writeFile(path.join(dir, 'data'), '', { mode: 0o600, flag: 'wx' })
        await writeFile(path.join(dir, 'upload.json'), JSON.stringify({ key, contentType, partSize } satisfies UploadRecord), { mode: 0o600 })
        return { uploadId }
      },
      parts: {
        async write(key, uploadId, partNo, body, size) {
          if (!Number.isInteger(partNo) || partNo < 1 || partNo > MAX_PARTS) throw new BadRequest(`Parts are numbered from 1 to ${MAX_PARTS}`)
          // Taken before anything is awaited: a part sent twice at once, or during a complete, is refused.
          const release = locks.writing(uploadId, partNo)
          try {
            const { dir, record } = await uploadOf(key, uploadId)
            if (!Number.isSafeInteger(size) || size < 0 || size > record.partSize) throw new BadRequest(`A part holds at most ${record.partSize} bytes`)
            const partFile = path.join(dir, `${partNo}.json`)
            // A part sent again replaces the first: its record goes before the bytes change.
            await rm(partFile, { force: true })
            const out = await open(path.join(dir, 'data'), 'r+').catch(missingUpload)
            let written = 0
            try {
              await pipeline(
                body,
                async function* (chunks: AsyncIterable<Buffer>) {
                  for await (const chunk of chunks) {
                    written += chunk.length
                    // Never past the part's own bytes, whatever the sender claims: the next part's are there.
                    if (written > size) throw new BadRequest(`Part ${partNo} is longer than the ${size} bytes announced`)
                    yield chunk
                  }
                },
                // flush: a part whose ETag was answered survives a crash (a resume skips it, a complete counts on it).
                out.createWriteStream({ start: (partNo - 1) * record.partSize, flush: true }),
              )
            } finally {
              await out.close().catch(() => undefined)
            }
            if (written !== size) throw new BadRequest(`Part ${partNo} ended after ${written} of the ${size} bytes announced`)
            const part: StoredPart = { partNo, etag: `"${randomUUID()}"`, size }
            // Aborted meanwhile: its folder is gone, and so is the upload.
            await writeFile(partFile, JSON.stringify(part), { mode: 0o600 }).catch(missingUpload)
            return part
          } finally {
            release()
          }
        },
      },
      async complete(key, uploadId, parts) {
        const release = locks.finishing(uploadId, { whileWriting: 'refuse' })
        try {
          const { dir, record } = await uploadOf(key, uploadId)
          checkPartList(parts)
          let size = 0
          for (const [i, part] of parts.entries()) {
            const stored = await readJson<StoredPart>(path.join(dir, `${part.partNo}.json`))
            if (!stored || !sameEtag(stored.etag, part.etag)) throw wrongPart(part.partNo)
            const last = i === parts.length - 1
            if (!last && stored.size !== record.partSize) throw new BadRequest(`Part ${part.partNo} holds ${stored.size} bytes; every part but the last holds ${record.partSize}`)
            size += stored.size
          }
          const data = path.join(dir, 'data')
          // A part sent beyond the last one named would otherwise stay in the file.
          await truncate(data, size).catch(missingUpload)
          const file = fileOf(key)
          await makeDir(path.dirname(file))
          await writeMeta(file, record.contentType, size)
          await rename(data, file).catch(missingUpload)
          await rm(dir, { recursive: true, force: true })
          return { size }
        } finally {
          release()
        }
      },
      async abort(key, uploadId) {
        const release = locks.finishing(uploadId, { whileWriting: 'cut-off' })
        try {
          const found = await uploadOf(key, uploadId).catch(() => undefined)
          if (found) await rm(found.dir, { recursive: true, force: true })
        } finally {
          release()
        }
      },
    },
  }
  return storage
}

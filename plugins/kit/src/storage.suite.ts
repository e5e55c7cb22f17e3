/**
 * The one test suite both stores pass (storage.test.ts on local disk, storage-s3.test.ts on a
 * real S3-compatible server): what the API relies on of any Storage, checked through its
 * interface only. A multipart part goes the way the browser's would: a PUT to the presigned
 * address (S3), or the stream the API hands over (local disk).
 */
import { createHash, randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'
import { expect, test } from 'vitest'
import type { StoredPart, Storage } from './storage'

const MiB = 1024 * 1024
/** S3's smallest part but the last. */
const PART_SIZE = 5 * MiB

const text = (value: string) => Readable.from([Buffer.from(value)])
const read = async (storage: Storage, key: string) => Buffer.concat(await (await storage.get(key)).body.toArray())
const digest = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')
const unique = (name: string) => `suite/${name}-${randomBytes(6).toString('hex')}`

export const sendPart = async (storage: Storage, key: string, uploadId: string, partNo: number, bytes: Buffer): Promise<StoredPart> => {
  const parts = storage.multipart.parts
  if ('write' in parts) return parts.write(key, uploadId, partNo, Readable.from([bytes]), bytes.length)
  const address = await parts.presign(key, uploadId, partNo, 60, bytes.length)
  const answer = await fetch(address, { method: 'PUT', body: new Uint8Array(bytes) })
  if (!answer.ok) throw new Error(`PUT part ${partNo} answered ${answer.status}: ${await answer.text()}`)
  return { partNo, etag: answer.headers.get('etag') ?? '', size: bytes.length }
}

export const storageSuite = (storage: () => Storage) => {
  test('a whole body is stored and reads back the same, with its type and size', async () => {
    const key = unique('whole')
    expect(await storage().put(key, text('hello'), 'text/plain')).toEqual({ size: 5 })
    const stored = await storage().get(key)
    expect(stored).toMatchObject({ size: 5, contentType: 'text/plain' })
    expect(Buffer.concat(await stored.body.toArray()).toString()).toBe('hello')
  })

  test('a body that fails is refused and leaves nothing under its key', async () => {
    const key = unique('failing')
    const body = Readable.from(
      (async function* () {
        yield Buffer.alloc(64 * 1024, 1)
        throw new Error('cut')
      })(),
    )
    await expect(storage().put(key, body, 'application/octet-stream')).rejects.toThrow('cut')
    await expect(storage().get(key)).rejects.toMatchObject({ code: 404 })
  })

  test('a missing key answers 404; removing it is no error; a removed object is gone', async () => {
    const key = unique('removed')
    await expect(storage().get(key)).rejects.toMatchObject({ code: 404 })
    await storage().remove(key)
    await storage().put(key, text('bye'), 'text/plain')
    await storage().remove(key)
    await expect(storage().get(key)).rejects.toMatchObject({ code: 404 })
  })

  test('several are removed at once, a missing one among them, and none is said to have failed', async () => {
    const keys = [unique('many-a'), unique('many-b'), unique('many-missing')]
    await storage().put(keys[0]!, text('a'), 'text/plain')
    await storage().put(keys[1]!, text('b'), 'text/plain')
    const kept = unique('many-kept')
    await storage().put(kept, text('kept'), 'text/plain')
    expect(await storage().removeMany(keys)).toEqual([])
    for (const key of keys) await expect(storage().get(key)).rejects.toMatchObject({ code: 404 })
    expect((await read(storage(), kept)).toString()).toBe('kept')
    expect(await storage().removeMany([])).toEqual([])
  })

  test('a copy holds the same bytes and type, and outlives its original', async () => {
    const from = unique('original')
    const to = unique('copy')
    await storage().put(from, text('twice'), 'text/csv')
    await storage().copy(from, to)
    await storage().remove(from)
    expect((await read(storage(), to)).toString()).toBe('twice')
    expect((await storage().get(to)).contentType).toBe('text/csv')
    await expect(storage().copy(unique('missing'), unique('nowhere'))).rejects.toMatchObject({ code: 404 })
  })

  test('keys a user could have named are refused before the store is asked', async () => {
    for (const key of ['../etc/passwd', 'a/../../b', '/absolute', 'Upper/Case', 'a//b', 'dot.name'])
      await expect(storage().put(key, text('x'), 'text/plain'), key).rejects.toThrow('Invalid storage key')
  })

  test('a multipart upload sent out of order and in parallel completes to exactly its bytes, shown only once complete', async () => {
    const key = unique('multipart')
    const bytes = randomBytes(2 * PART_SIZE + 12_345)
    const { uploadId } = await storage().multipart.start(key, 'application/pdf', PART_SIZE)
    const chunks = [0, 1, 2].map((i) => bytes.subarray(i * PART_SIZE, (i + 1) * PART_SIZE))
    const sent = await Promise.all([3, 1, 2].map((n) => sendPart(storage(), key, uploadId, n, chunks[n - 1]!)))
    await expect(storage().get(key)).rejects.toMatchObject({ code: 404 })
    const parts = sent.sort((a, b) => a.partNo - b.partNo).map(({ partNo, etag }) => ({ partNo, etag }))
    expect(await storage().multipart.complete(key, uploadId, parts)).toEqual({ size: bytes.length })
    const stored = await storage().get(key)
    expect(stored).toMatchObject({ size: bytes.length, contentType: 'application/pdf' })
    expect(digest(Buffer.concat(await stored.body.toArray()))).toBe(digest(bytes))
  })

  test('a part sent again replaces the first: the file holds the second one', async () => {
    const key = unique('resent')
    const { uploadId } = await storage().multipart.start(key, 'text/plain', PART_SIZE)
    await sendPart(storage(), key, uploadId, 1, Buffer.from('first try'))
    const again = await sendPart(storage(), key, uploadId, 1, Buffer.from('second'))
    await storage().multipart.complete(key, uploadId, [{ partNo: 1, etag: again.etag }])
    expect((await read(storage(), key)).toString()).toBe('second')
  })

  test('a part list with a gap, out of order or without an ETag is refused and keeps nothing', async () => {
    const key = unique('gaps')
    const { uploadId } = await storage().multipart.start(key, 'text/plain', PART_SIZE)
    const one = await sendPart(storage(), key, uploadId, 1, Buffer.alloc(PART_SIZE, 1))
    const two = await sendPart(storage(), key, uploadId, 2, Buffer.from('end'))
    for (const parts of [[], [two], [two, one], [one, { partNo: 3, etag: two.etag }], [one, { partNo: 2, etag: '' }]])
      await expect(storage().multipart.complete(key, uploadId, parts), JSON.stringify(parts)).rejects.toMatchObject({ code: 400 })
    await expect(storage().get(key)).rejects.toMatchObject({ code: 404 })
    // The upload is still whole: the right list completes it.
    expect(await storage().multipart.complete(key, uploadId, [one, two])).toEqual({ size: PART_SIZE + 3 })
  })

  test('an aborted upload leaves nothing under its key, and aborting twice is no error', async () => {
    const key = unique('aborted')
    const { uploadId } = await storage().multipart.start(key, 'text/plain', PART_SIZE)
    await sendPart(storage(), key, uploadId, 1, Buffer.from('never kept'))
    await storage().multipart.abort(key, uploadId)
    await storage().multipart.abort(key, uploadId)
    await expect(storage().get(key)).rejects.toMatchObject({ code: 404 })
  })
}

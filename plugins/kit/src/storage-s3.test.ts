/** S3 storage against a real S3-compatible server (s3rver) that the test starts itself: the shared suite, and presigned addresses that expire. */
import { Readable } from 'node:stream'
import { DeleteObjectCommand, DeleteObjectsCommand, S3Client } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { startS3TestServer } from './s3-test-server'
import type { Storage } from './storage'
import { createS3Storage } from './storage-s3'
import { storageSuite } from './storage.suite'

let server: Awaited<ReturnType<typeof startS3TestServer>>
let storage: Storage
beforeAll(async () => {
  server = await startS3TestServer()
  storage = createS3Storage(server.config)
})
afterAll(() => server?.close())

storageSuite(() => storage)

test('a presigned part address stops working when it expires', async () => {
  const { uploadId } = await storage.multipart.start('s3/expiring', 'text/plain', 5 * 1024 * 1024)
  const parts = storage.multipart.parts
  if (!('presign' in parts)) throw new Error('S3 parts go straight to the store')
  const address = await parts.presign('s3/expiring', uploadId, 1, 1, 4)
  await new Promise((resolve) => setTimeout(resolve, 2100))
  const answer = await fetch(address, { method: 'PUT', body: 'late' })
  expect(answer.status).toBe(403)
})

test('a presigned part address signs its length, so a store refuses a part of another (s3rver does not check it; AWS S3 does)', async () => {
  const { uploadId } = await storage.multipart.start('s3/sized', 'text/plain', 5 * 1024 * 1024)
  const parts = storage.multipart.parts
  if (!('presign' in parts)) throw new Error('S3 parts go straight to the store')
  const address = new URL(await parts.presign('s3/sized', uploadId, 1, 60, 4))
  expect(address.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toContain('content-length')
  expect((await fetch(address, { method: 'PUT', body: 'four' })).status).toBe(200)
})

test('an object larger than one CopyObject takes is copied as a stream, bytes and type alike', async () => {
  const streaming = createS3Storage(server.config, undefined, { copyObjectMaxBytes: 4 })
  await streaming.put('s3/large-original', Readable.from([Buffer.from('more than four bytes')]), 'application/pdf')
  await streaming.copy('s3/large-original', 's3/large-copy')
  const copied = await streaming.get('s3/large-copy')
  expect(Buffer.concat(await copied.body.toArray()).toString()).toBe('more than four bytes')
  expect(copied.contentType).toBe('application/pdf')
  await expect(streaming.copy('s3/large-missing', 's3/nowhere')).rejects.toMatchObject({ code: 404 })
})

test('several objects are removed with one DeleteObjects request per batch, never one request per key', async () => {
  const batched = createS3Storage(server.config, undefined, { deleteObjectsMaxKeys: 2 })
  const keys = ['s3/batch-a', 's3/batch-b', 's3/batch-c', 's3/batch-d', 's3/batch-missing']
  for (const key of keys.slice(0, 4)) await batched.put(key, Readable.from([Buffer.from(key)]), 'text/plain')
  const sent = vi.spyOn(S3Client.prototype, 'send')
  try {
    expect(await batched.removeMany(keys)).toEqual([])
    const commands = sent.mock.calls.map(([command]) => command)
    expect(commands.filter((command) => command instanceof DeleteObjectCommand)).toHaveLength(0)
    const batches = commands.filter((command) => command instanceof DeleteObjectsCommand) as DeleteObjectsCommand[]
    expect(batches.map((command) => command.input.Delete?.Objects?.map((object) => object.Key))).toEqual([keys.slice(0, 2), keys.slice(2, 4), keys.slice(4)])
  } finally {
    sent.mockRestore()
  }
  for (const key of keys) await expect(batched.get(key)).rejects.toMatchObject({ code: 404 })
})

test('the keys of a batch the store refuses are answered as left, the other batches still go', async () => {
  const batched = createS3Storage(server.config, undefined, { deleteObjectsMaxKeys: 2 })
  const keys = ['s3/refused-a', 's3/refused-b', 's3/going-c']
  for (const key of keys) await batched.put(key, Readable.from([Buffer.from(key)]), 'text/plain')
  const refusing = vi.spyOn(S3Client.prototype, 'send').mockImplementationOnce(async () => {
    throw new Error('store down')
  })
  try {
    expect(await batched.removeMany(keys)).toEqual(keys.slice(0, 2))
  } finally {
    refusing.mockRestore()
  }
  await expect(batched.get('s3/going-c')).rejects.toMatchObject({ code: 404 })
  expect((await batched.get('s3/refused-a')).size).toBe('s3/refused-a'.length)
})

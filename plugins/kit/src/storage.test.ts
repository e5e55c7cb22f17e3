/**
 * Local-disk storage on real files: the shared suite, and what only the local store does
 * itself (receive parts, check their ETags and sizes, keep its folders clean).
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, expect, test } from 'vitest'
import { createDiskStorage } from './storage'
import { sendPart, storageSuite } from './storage.suite'

const root = mkdtempSync(path.join(tmpdir(), 'storage-test-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
const storage = createDiskStorage(root)
const filesIn = (dir: string) => readdirSync(path.join(root, dir))

test.each([
  ['before its first byte', () => new Readable({ read() { this.destroy(new Error('cut')) } })],
  ['after some bytes', () => Readable.from((async function* () { yield Buffer.alloc(1024, 1); throw new Error('cut') })())],
])('a body that fails %s is refused and leaves no file, not even a partial one', async (_when, body) => {
  for (let i = 0; i < 20; i++) {
    await expect(storage.put(`uploads/failing-${i}`, body(), 'application/octet-stream')).rejects.toThrow('cut')
    // Right when put answers, not eventually: the caller may already be telling the client.
    expect(filesIn('uploads'), String(i)).toEqual([])
  }
})

storageSuite(() => storage)

const write = (key: string, uploadId: string, partNo: number, body: Readable, size: number) => {
  const parts = storage.multipart.parts
  if (!('write' in parts)) throw new Error('The local store receives its parts itself')
  return parts.write(key, uploadId, partNo, body, size)
}

test('parts of an unknown, finished or aborted upload answer 404, and so does completing one', async () => {
  await expect(write('local/none', '6f1c2c3e-0000-4000-8000-000000000000', 1, Readable.from([Buffer.from('x')]), 1)).rejects.toMatchObject({ code: 404 })
  await expect(write('local/none', '../../escape', 1, Readable.from([Buffer.from('x')]), 1)).rejects.toMatchObject({ code: 404 })
  const { uploadId } = await storage.multipart.start('local/done', 'text/plain', 1024)
  const part = await sendPart(storage, 'local/done', uploadId, 1, Buffer.from('done'))
  // Another key with this upload's id is not this upload.
  await expect(write('local/other', uploadId, 1, Readable.from([Buffer.from('x')]), 1)).rejects.toMatchObject({ code: 404 })
  await storage.multipart.complete('local/done', uploadId, [part])
  await expect(write('local/done', uploadId, 2, Readable.from([Buffer.from('x')]), 1)).rejects.toMatchObject({ code: 404 })
  await expect(storage.multipart.complete('local/done', uploadId, [part])).rejects.toMatchObject({ code: 404 })
  const aborted = await storage.multipart.start('local/aborted', 'text/plain', 1024)
  await storage.multipart.abort('local/aborted', aborted.uploadId)
  await expect(storage.multipart.complete('local/aborted', aborted.uploadId, [part])).rejects.toMatchObject({ code: 404 })
})

test('a part longer or shorter than announced, or over the part size, is refused and completes nothing', async () => {
  const { uploadId } = await storage.multipart.start('local/sized', 'text/plain', 8)
  await expect(write('local/sized', uploadId, 1, Readable.from([Buffer.from('123456789')]), 9)).rejects.toMatchObject({ code: 400 })
  await expect(write('local/sized', uploadId, 1, Readable.from([Buffer.from('1234567')]), 4)).rejects.toMatchObject({ code: 400 })
  await expect(write('local/sized', uploadId, 1, Readable.from([Buffer.from('12')]), 4)).rejects.toMatchObject({ code: 400 })
  // None of those left a part to complete with.
  await expect(storage.multipart.complete('local/sized', uploadId, [{ partNo: 1, etag: 'anything' }])).rejects.toMatchObject({ code: 400 })
})

test('a complete with a wrong ETag, or a short part before the last, fails and keeps nothing', async () => {
  const { uploadId } = await storage.multipart.start('local/etags', 'text/plain', 4)
  const one = await sendPart(storage, 'local/etags', uploadId, 1, Buffer.from('abcd'))
  const two = await sendPart(storage, 'local/etags', uploadId, 2, Buffer.from('ef'))
  await expect(storage.multipart.complete('local/etags', uploadId, [one, { ...two, etag: '"not-this-one"' }])).rejects.toMatchObject({
    code: 400,
    message: 'Part 2 does not match what was stored',
  })
  const { uploadId: short } = await storage.multipart.start('local/short', 'text/plain', 4)
  const first = await sendPart(storage, 'local/short', short, 1, Buffer.from('ab'))
  const second = await sendPart(storage, 'local/short', short, 2, Buffer.from('cd'))
  await expect(storage.multipart.complete('local/short', short, [first, second])).rejects.toMatchObject({ code: 400 })
  expect(existsSync(path.join(root, 'local', 'etags'))).toBe(false)
  expect(existsSync(path.join(root, 'local', 'short'))).toBe(false)
})

test('a completed upload leaves no working files; a start-up sweep leaves uploads in progress alone', async () => {
  const { uploadId } = await storage.multipart.start('local/clean', 'text/plain', 4)
  const going = await storage.multipart.start('local/going', 'text/plain', 4)
  await sendPart(storage, 'local/going', going.uploadId, 1, Buffer.from('half'))
  await storage.multipart.complete('local/clean', uploadId, [await sendPart(storage, 'local/clean', uploadId, 1, Buffer.from('ok'))])
  expect(filesIn('.uploads')).not.toContain(uploadId)
  expect(filesIn('.uploads')).toContain(going.uploadId)
  await storage.sweepPartial()
  const rest = await sendPart(storage, 'local/going', going.uploadId, 2, Buffer.from('!'))
  const first = JSON.parse(readFileSync(path.join(root, '.uploads', going.uploadId, '1.json'), 'utf8'))
  await storage.multipart.complete('local/going', going.uploadId, [first, rest])
  expect(readFileSync(path.join(root, 'local', 'going'), 'utf8')).toBe('half!')
})

/** A body that sends `first`, then waits until `finish` is called to send `rest`. */
const slowBody = (first: string, rest: string) => {
  let finish = () => {}
  const gate = new Promise<void>((resolve) => {
    finish = resolve
  })
  const body = Readable.from(
    (async function* () {
      yield Buffer.from(first)
      await gate
      yield Buffer.from(rest)
    })(),
  )
  return { body, finish }
}
const tick = () => new Promise((resolve) => setTimeout(resolve, 20))

test('a part sent again while its first send is still arriving is refused; the file holds the first', async () => {
  const { uploadId } = await storage.multipart.start('local/twice', 'text/plain', 8)
  const slow = slowBody('AAAA', 'aaaa')
  const first = write('local/twice', uploadId, 1, slow.body, 8)
  await tick()
  await expect(write('local/twice', uploadId, 1, Readable.from([Buffer.from('BBBBBBBB')]), 8)).rejects.toMatchObject({ code: 409 })
  slow.finish()
  const part = await first
  await storage.multipart.complete('local/twice', uploadId, [part])
  expect(readFileSync(path.join(root, 'local', 'twice'), 'utf8')).toBe('AAAAaaaa')
})

test('a complete while a part is arriving is refused, and completes once it has arrived; two completes at once make one file', async () => {
  const { uploadId } = await storage.multipart.start('local/racing', 'text/plain', 4)
  const one = await sendPart(storage, 'local/racing', uploadId, 1, Buffer.from('1234'))
  const slow = slowBody('56', '78')
  const arriving = write('local/racing', uploadId, 2, slow.body, 4)
  await tick()
  await expect(storage.multipart.complete('local/racing', uploadId, [one])).rejects.toMatchObject({ code: 409 })
  slow.finish()
  const two = await arriving
  const answers = await Promise.allSettled([1, 2].map(() => storage.multipart.complete('local/racing', uploadId, [one, two])))
  expect(answers.map((a) => a.status).sort()).toEqual(['fulfilled', 'rejected'])
  expect(answers.find((a) => a.status === 'rejected')).toMatchObject({ reason: { code: 409 } })
  expect(readFileSync(path.join(root, 'local', 'racing'), 'utf8')).toBe('12345678')
  await expect(write('local/racing', uploadId, 3, Readable.from([Buffer.from('9')]), 1)).rejects.toMatchObject({ code: 404 })
})

test('an abort cuts off a part still arriving: it answers 404 and nothing is kept', async () => {
  const { uploadId } = await storage.multipart.start('local/cut', 'text/plain', 8)
  const slow = slowBody('half', 'more')
  const arriving = write('local/cut', uploadId, 1, slow.body, 8)
  await tick()
  await storage.multipart.abort('local/cut', uploadId)
  slow.finish()
  await expect(arriving).rejects.toMatchObject({ code: 404 })
  expect(existsSync(path.join(root, 'local', 'cut'))).toBe(false)
  expect(filesIn('.uploads')).not.toContain(uploadId)
})

test('part numbers and sizes a client could send wrong are 400s, never 500s', async () => {
  const { uploadId } = await storage.multipart.start('local/numbers', 'text/plain', 8)
  for (const [partNo, size] of [[0, 1], [10_001, 1], [2 ** 40, 1], [1.5, 1], [1, Number.NaN], [1, -1], [1, 9]] as [number, number][])
    await expect(write('local/numbers', uploadId, partNo, Readable.from([Buffer.from('x')]), size), `${partNo} ${size}`).rejects.toMatchObject({ code: 400 })
})

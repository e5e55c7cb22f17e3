/** Local-disk storage on real files: a body that fails leaves nothing behind, however early it fails. */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, expect, test } from 'vitest'
import { createDiskStorage } from './storage'

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

test('a whole body is stored and reads back the same', async () => {
  await storage.put('kept/one', Readable.from([Buffer.from('hello')]), 'text/plain')
  const stored = await storage.get('kept/one')
  expect(stored).toMatchObject({ size: 5, contentType: 'text/plain' })
  expect(Buffer.concat(await stored.body.toArray()).toString()).toBe('hello')
})

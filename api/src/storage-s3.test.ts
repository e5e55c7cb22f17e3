/**
 * The product on S3 storage (a real S3-compatible server the test starts): companies' logos
 * and support manuals go to the bucket and come back from it, nothing lands under DATA_DIR,
 * and a deleted manual leaves the bucket too.
 */
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import type { Storage } from '@app/plugin-kit'
import { createS3Storage } from '@app/plugin-kit/storage-s3'
import { startS3TestServer } from '@app/plugin-kit/s3-test-server'
import { type TestServer, type World, fixtures, startTestServer } from '@app/testing'
import { afterAll, beforeAll, expect, test } from 'vitest'

let s3: Awaited<ReturnType<typeof startS3TestServer>>
let bucket: Storage
let server: TestServer
let world: World

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')

const send = async (method: string, url: string, token: string, file: Buffer, filename: string, type: string) => {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(file)], { type }), filename)
  const answer = await fetch(`${server.url}${url}`, { method, body: form, headers: { authorization: `Bearer ${token}`, accept: 'application/json' } })
  return { status: answer.status, body: await answer.json() }
}
const fetchBytes = async (url: string, token: string) => {
  const answer = await fetch(`${server.url}${url}`, { headers: { authorization: `Bearer ${token}` } })
  expect(answer.status, url).toBe(200)
  return Buffer.from(await answer.arrayBuffer())
}
const inBucket = async (key: string) => Buffer.concat(await (await bucket.get(key)).body.toArray())

beforeAll(async () => {
  s3 = await startS3TestServer()
  bucket = createS3Storage(s3.config)
  server = await startTestServer({ s3: s3.config })
  world = await fixtures(server).world()
})
afterAll(async () => {
  await server?.close()
  await s3?.close()
})

test('a logo and a manual are kept in the bucket, read back from it, and none under DATA_DIR', async () => {
  const logo = await send('PATCH', `/api/companies/${world.company.id}/logo`, world.tokens.accountAdmin, PNG, 'logo.png', 'image/png')
  expect(logo.status, JSON.stringify(logo.body)).toBe(200)
  expect(await fetchBytes(`/api/companies/${world.company.id}/logo`, world.tokens.companyAdmin)).toEqual(PNG)
  const { logo_key } = await server.knex('companies').where({ id: world.company.id }).first('logo_key')
  expect(await inBucket(logo_key)).toEqual(PNG)

  const manual = await send('POST', '/api/support', world.tokens.globalAdmin, PDF, 'Guide.pdf', 'application/pdf')
  expect(manual.status, JSON.stringify(manual.body)).toBe(201)
  expect(await fetchBytes(manual.body.link, world.tokens.user)).toEqual(PDF)
  const { storage_key } = await server.knex('support_manuals').where({ id: manual.body.id }).first('storage_key')
  expect(await inBucket(storage_key)).toEqual(PDF)

  const local = await readdir(path.join(server.config.dataDir, 'files'), { recursive: true }).catch(() => [])
  expect(local).toEqual([])

  expect((await server.call('DELETE', `/api/support/${manual.body.id}`, undefined, world.tokens.globalAdmin)).status).toBe(200)
  await expect(bucket.get(storage_key)).rejects.toMatchObject({ code: 404 })
})

/**
 * Chunked uploads into documents over real HTTP, on the local store and on a real
 * S3-compatible server (s3rver) the test starts: parts PUT to the addresses the API gives,
 * resumed from the parts it confirmed, completed, registered and listed; every refusal a
 * clear 4xx that keeps nothing. SQLite, or MariaDB with TEST_DATABASE_URL.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { startS3TestServer } from '@app/plugin-kit/s3-test-server'
import { type DocumentFixture, type Person, type ProjectFixture, type TestServer, fixtures, startTestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { STORE_RETRY_AFTER_SECONDS, UPLOAD_MESSAGES } from './uploads.schema'
import { FOLDER_FILE_MESSAGES } from '../folder-files/folder-files.schema'
import { uploadPath } from './uploads.shared'

const PART = 6_000_000
/** A PDF (its type is sniffed from these first bytes) a little over two parts long. */
const pdfOf = (size: number) => {
  const bytes = Buffer.alloc(size)
  for (let i = 0; i < size; i += 4096) bytes[i] = (i / 4096) % 251
  Buffer.from('%PDF-1.7\n').copy(bytes)
  return bytes
}

describe.each(['local disk', 'S3'] as const)('uploads to %s', (store) => {
  let s3: Awaited<ReturnType<typeof startS3TestServer>> | undefined
  let server: TestServer
  let project: ProjectFixture
  let doc: DocumentFixture
  let editor: Person
  const tokens: Record<string, string> = {}

  beforeAll(async () => {
    s3 = store === 'S3' ? await startS3TestServer() : undefined
    server = await startTestServer({ uploadPartBytes: PART, fileMaxBytes: 20 * 1024 * 1024, ...(s3 ? { s3: s3.config } : {}) })
    const make = fixtures(server)
    const account = await make.account()
    const other = await make.account()
    project = await make.project(account)
    doc = await make.document(project)
    editor = await make.user(account)
    await make.grantProject(editor, project, 'EDIT')
    tokens.editor = await make.signIn(editor)
    const colleague = await make.user(account)
    await make.grantProject(colleague, project, 'EDIT')
    tokens.colleague = await make.signIn(colleague)
    const viewer = await make.user(account)
    await make.grantProject(viewer, project, 'VIEW')
    tokens.viewer = await make.signIn(viewer)
    tokens.other = await make.signIn(other.admin)
  })
  afterAll(async () => {
    await server?.close()
    await s3?.close()
  })

  const call = (token: string, method: string, url: string, body?: unknown) => server.call(method, url, body, token)
  const start = (fileName: string, size: number, folderId = doc.id, token = tokens.editor!) => call(token, 'POST', `/api/folders/${folderId}/uploads`, { fileName, size })

  /** Sends one part the way the browser does: an address, a PUT to it, a confirmation when the address was a store's. */
  const sendPart = async (uploadId: number, partNo: number, chunk: Buffer, token = tokens.editor!) => {
    const address = await call(token, 'POST', `/api/uploads/${uploadId}/parts`, { partNo })
    expect(address.status, JSON.stringify(address.body)).toBe(201)
    const url = address.body.url.startsWith('/') ? server.url + address.body.url : address.body.url
    const put = await fetch(url, { method: 'PUT', body: new Uint8Array(chunk) })
    expect(put.status, await put.clone().text()).toBe(200)
    const etag = put.headers.get('etag')!
    expect(etag).toBeTruthy()
    if (address.body.confirm) expect((await call(token, 'PUT', `/api/uploads/${uploadId}/parts/${partNo}`, { etag, size: chunk.length })).status).toBe(200)
    return { partNo, partETag: etag }
  }
  const chunksOf = (bytes: Buffer) => Array.from({ length: Math.max(1, Math.ceil(bytes.length / PART)) }, (_, i) => bytes.subarray(i * PART, (i + 1) * PART))
  const uploadsCount = async () => Number((await server.knex('uploads').count({ n: '*' }))[0]!.n)
  /** A store that did not answer: an outage (503, try again later), with the spec's kind of message, never a 500. */
  const storeDown = { status: 503, body: { message: UPLOAD_MESSAGES.storeUnavailable, data: { retryAfter: STORE_RETRY_AFTER_SECONDS } } }
  /** `work` with the store refusing its next abort. */
  const abortRefusedDuring = async (work: () => Promise<void>) => {
    const refusing = vi.spyOn(server.app.get('storage').multipart, 'abort').mockRejectedValueOnce(new Error('store down'))
    try {
      await work()
    } finally {
      refusing.mockRestore()
    }
  }
  /** The sweep, with the store taking aborts again, lets go of the parts under `key`. */
  const sweepAborts = async (key: string) => {
    const aborted = vi.spyOn(server.app.get('storage').multipart, 'abort')
    try {
      expect(await server.app.service(uploadPath).sweepAbandoned()).toBeGreaterThanOrEqual(1)
      expect(aborted).toHaveBeenCalledWith(key, expect.any(String))
    } finally {
      aborted.mockRestore()
    }
  }
  const stored = async (key: string) => Buffer.concat(await (await server.app.get('storage').get(key)).body.toArray())

  test('a file of three parts sent out of order completes, registers and lists with its sniffed type; the store holds exactly its bytes', async () => {
    const bytes = pdfOf(2 * PART + 4321)
    const started = await start('Site plan.pdf', bytes.length)
    expect(started.status, JSON.stringify(started.body)).toBe(201)
    expect(started.body).toMatchObject({ partSize: PART, partCount: 3, state: 'OPEN', fileName: 'Site plan.pdf', parts: [] })
    const chunks = chunksOf(bytes)
    const parts = await Promise.all([3, 1, 2].map((n) => sendPart(started.body.uploadId, n, chunks[n - 1]!)))
    parts.sort((a, b) => a.partNo - b.partNo)
    const done = await call(tokens.editor!, 'POST', `/api/uploads/${started.body.uploadId}/complete`, { parts })
    expect(done.status, JSON.stringify(done.body)).toBe(201)
    expect(done.body).toMatchObject({ state: 'COMPLETED', mime: 'application/pdf', size: bytes.length })
    expect((await stored(done.body.key)).equals(bytes)).toBe(true)

    const registered = await call(tokens.editor!, 'POST', `/api/folders/${doc.id}/files/register`, { fileName: 'Site plan.pdf', symbol: done.body.symbol, mime: 'text/html', size: bytes.length, type: 'ATTACHMENT' })
    expect(registered.status, JSON.stringify(registered.body)).toBe(201)
    expect(registered.body).toMatchObject({ name: 'Site plan.pdf', mime: 'application/pdf', size: bytes.length, fileType: 'ATTACHMENT', creator: { id: editor.id } })
    const listed = await call(tokens.viewer!, 'GET', `/api/folders/${doc.id}/files`)
    expect(listed.body.data.map((f: { id: number }) => f.id)).toContain(registered.body.id)
    // Registered once: the upload is gone, and its symbol registers nothing again.
    expect((await call(tokens.editor!, 'GET', `/api/uploads/${started.body.uploadId}`)).status).toBe(404)
    const again = await call(tokens.editor!, 'POST', `/api/folders/${doc.id}/files/register`, { fileName: 'Twice.pdf', symbol: done.body.symbol, size: bytes.length })
    expect(again.body.errors).toEqual({ symbol: FOLDER_FILE_MESSAGES.noUpload })
  })

  test('an empty file is one empty part', async () => {
    const { body: started } = await start('Empty.txt', 0)
    expect(started.partCount).toBe(1)
    const part = await sendPart(started.uploadId, 1, Buffer.alloc(0))
    const done = await call(tokens.editor!, 'POST', `/api/uploads/${started.uploadId}/complete`, { parts: [part] })
    expect(done.status, JSON.stringify(done.body)).toBe(201)
    expect(done.body).toMatchObject({ size: 0, mime: 'application/octet-stream' })
    expect(await stored(done.body.key)).toHaveLength(0)
  })

  test("the document's open uploads list the caller's own unfinished ones, with their confirmed parts and fingerprint, for a resume", async () => {
    const other = await fixtures(server).document(project)
    const bytes = pdfOf(PART + 10)
    const { body: mine } = await call(tokens.editor!, 'POST', `/api/folders/${other.id}/uploads`, { fileName: 'Resume me.pdf', size: bytes.length, fingerprint: '1767225600000' })
    expect(mine.fingerprint).toBe('1767225600000')
    await sendPart(mine.uploadId, 1, chunksOf(bytes)[0]!)
    await start('Colleague.pdf', 5, other.id, tokens.colleague!)
    const { body: finished } = await start('Done.txt', 3, other.id)
    await call(tokens.editor!, 'POST', `/api/uploads/${finished.uploadId}/complete`, { parts: [await sendPart(finished.uploadId, 1, Buffer.from('abc'))] })

    // A second open one with a part: the parts of both come in one statement, not one per upload.
    const { body: second } = await start('Second.pdf', bytes.length, other.id)
    await sendPart(second.uploadId, 1, chunksOf(bytes)[0]!)
    const statements: string[] = []
    const listen = (query: { sql: string }) => statements.push(query.sql)
    server.knex.on('query', listen)
    let open: Awaited<ReturnType<typeof call>>
    try {
      open = await call(tokens.editor!, 'GET', `/api/folders/${other.id}/uploads`)
    } finally {
      server.knex.off('query', listen)
    }
    expect(open.status, JSON.stringify(open.body)).toBe(200)
    expect(statements.filter((sql) => sql.includes('upload_parts'))).toHaveLength(1)
    await call(tokens.editor!, 'DELETE', `/api/uploads/${second.uploadId}`)
    open = await call(tokens.editor!, 'GET', `/api/folders/${other.id}/uploads`)
    // Newest first: the completed one still to register, then the open one with its part.
    expect(open.body.map((u: { fileName: string; state: string }) => [u.fileName, u.state])).toEqual([
      ['Done.txt', 'COMPLETED'],
      ['Resume me.pdf', 'OPEN'],
    ])
    expect(open.body[1].parts.map((p: { partNo: number }) => p.partNo)).toEqual([1])
    // Below EDIT nothing is offered: the list is the uploader's, who needs EDIT to go on.
    expect((await call(tokens.viewer!, 'GET', `/api/folders/${other.id}/uploads`)).status).toBe(403)
  })

  test('an upload resumes from the parts the API confirmed', async () => {
    const bytes = pdfOf(PART + 10)
    const { body: started } = await start('Resumed.pdf', bytes.length)
    const [first, second] = chunksOf(bytes)
    const one = await sendPart(started.uploadId, 1, first!)
    // The tab closes; later the upload asks what the API has.
    const resumed = await call(tokens.editor!, 'GET', `/api/uploads/${started.uploadId}`)
    expect(resumed.body.parts).toEqual([{ partNo: 1, etag: one.partETag, size: PART }])
    const two = await sendPart(started.uploadId, 2, second!)
    const done = await call(tokens.editor!, 'POST', `/api/uploads/${started.uploadId}/complete`, { parts: [one, two] })
    expect(done.status, JSON.stringify(done.body)).toBe(201)
    expect((await stored(done.body.key)).equals(bytes)).toBe(true)
  })

  test('a complete with a wrong or missing ETag, or a missing part, fails, keeps nothing, and the upload still completes with the right list', async () => {
    const bytes = pdfOf(PART + 99)
    const { body: started } = await start('Checked.pdf', bytes.length)
    const [first, second] = chunksOf(bytes)
    const one = await sendPart(started.uploadId, 1, first!)
    const completeWith = (parts: unknown) => call(tokens.editor!, 'POST', `/api/uploads/${started.uploadId}/complete`, { parts })
    expect((await completeWith([one])).body.errors).toEqual({ parts: 'Part 2 has not been received' })
    const two = await sendPart(started.uploadId, 2, second!)
    for (const parts of [[one, { ...two, partETag: '"not-the-etag"' }], [{ ...one, partETag: '' }, two], [two, one], [one, { ...two, partNo: 3 }]]) {
      const refused = await completeWith(parts)
      expect(refused.status, JSON.stringify(parts)).toBe(400)
    }
    await expect(server.app.get('storage').get(started.key)).rejects.toMatchObject({ code: 404 })
    expect((await completeWith([one, two])).status).toBe(201)
  })

  test('file names with folders, dots, control characters or over 255 bytes, and files over the limit, are refused before anything starts', async () => {
    const before = await uploadsCount()
    for (const fileName of ['../secret.pdf', 'a/b.pdf', 'a\\b.pdf', '..', '.', 'bell\u0007.pdf', 'C:plan.pdf', 'Evil\u202Egnp.exe', `${'å'.repeat(128)}.pdf`, '   ']) {
      const refused = await start(fileName, 10)
      expect(refused.status, fileName).toBe(400)
      expect(Object.keys(refused.body.errors), fileName).toEqual(['fileName'])
    }
    const large = await start('Huge.pdf', 20 * 1024 * 1024 + 1)
    expect(large.body.errors).toEqual({ size: UPLOAD_MESSAGES.tooLarge })
    expect(await uploadsCount()).toBe(before)
  })

  test('an upload is its starter\'s: a colleague with EDIT may not send, complete or abort it; VIEW may not start one; another account finds nothing', async () => {
    const { body: started } = await start('Mine.pdf', 100)
    for (const [method, url, body] of [
      ['GET', `/api/uploads/${started.uploadId}`, undefined],
      ['POST', `/api/uploads/${started.uploadId}/parts`, { partNo: 1 }],
      ['POST', `/api/uploads/${started.uploadId}/complete`, { parts: [{ partNo: 1, partETag: 'x' }] }],
      ['DELETE', `/api/uploads/${started.uploadId}`, undefined],
    ] as const) {
      const colleague = await call(tokens.colleague!, method, url, body)
      expect(colleague.status, `${method} ${url}`).toBe(403)
      expect(colleague.body.message).toBe(UPLOAD_MESSAGES.notYours)
      expect((await call(tokens.other!, method, url, body)).status, `${method} ${url}`).toBe(404)
    }
    expect((await start('Viewer.pdf', 10, doc.id, tokens.viewer!)).status).toBe(403)
    expect((await start('Theirs.pdf', 10, doc.id, tokens.other!)).status).toBe(404)
    expect((await call(tokens.editor!, 'POST', `/api/uploads/${started.uploadId}/parts`, { partNo: 2 })).body.errors).toEqual({ partNo: UPLOAD_MESSAGES.partRange })
    expect((await call(tokens.editor!, 'GET', '/api/uploads/987654')).status).toBe(404)
  })

  test('an aborted upload leaves no row and nothing in the store; its symbol registers nothing', async () => {
    const bytes = pdfOf(1000)
    const { body: started } = await start('Aborted.pdf', bytes.length)
    await sendPart(started.uploadId, 1, bytes)
    const aborted = await call(tokens.editor!, 'DELETE', `/api/uploads/${started.uploadId}`)
    expect(aborted.status).toBe(200)
    expect((await call(tokens.editor!, 'GET', `/api/uploads/${started.uploadId}`)).status).toBe(404)
    expect((await call(tokens.editor!, 'POST', `/api/uploads/${started.uploadId}/parts`, { partNo: 1 })).status).toBe(404)
    await expect(server.app.get('storage').get(started.key)).rejects.toMatchObject({ code: 404 })
    const register = await call(tokens.editor!, 'POST', `/api/folders/${doc.id}/files/register`, { fileName: 'Aborted.pdf', symbol: started.symbol, size: bytes.length })
    expect(register.status).toBe(400)
  })

  test('a completed upload is registered only by its starter, into its own document, at its own size', async () => {
    const bytes = pdfOf(500)
    const { body: started } = await start('Exact.pdf', bytes.length)
    const part = await sendPart(started.uploadId, 1, bytes)
    const { body: done } = await call(tokens.editor!, 'POST', `/api/uploads/${started.uploadId}/complete`, { parts: [part] })
    const otherDoc = await fixtures(server).document(project)
    const register = (token: string, folderId: number, body: Record<string, unknown>) =>
      call(token, 'POST', `/api/folders/${folderId}/files/register`, { fileName: 'Exact.pdf', symbol: done.symbol, size: bytes.length, ...body })
    expect((await register(tokens.colleague!, doc.id, {})).body.errors).toEqual({ symbol: FOLDER_FILE_MESSAGES.noUpload })
    expect((await register(tokens.editor!, otherDoc.id, {})).body.errors).toEqual({ symbol: FOLDER_FILE_MESSAGES.noUpload })
    expect((await register(tokens.editor!, doc.id, { size: 501 })).body.errors).toEqual({ size: FOLDER_FILE_MESSAGES.sizeMismatch })
    expect((await register(tokens.editor!, doc.id, { fileName: '../Exact.pdf' })).status).toBe(400)
    expect((await register(tokens.editor!, doc.id, { symbol: '../../etc/passwd' })).status).toBe(400)
    expect((await register(tokens.editor!, doc.id, {})).status).toBe(201)
  })

  test('a document deleted with an upload into it takes the upload along, parts and all', async () => {
    const going = await fixtures(server).document(project)
    const bytes = pdfOf(100)
    const { body: started } = await start('Left.pdf', bytes.length, going.id)
    await sendPart(started.uploadId, 1, bytes)
    const { store_upload_id } = await server.knex('uploads').where({ id: started.uploadId }).first('store_upload_id')
    expect((await call(tokens.editor!, 'DELETE', `/api/folders/${going.id}`)).status).toBe(200)
    expect(await server.knex('uploads').where({ id: started.uploadId }).first()).toBeUndefined()
    if (store === 'local disk') expect(existsSync(path.join(server.config.dataDir, 'files', '.uploads', store_upload_id))).toBe(false)
  })

  test('a document whose upload the store cannot abort is kept, the upload marked; once the sweep has let go of it, the document goes', async () => {
    const going = await fixtures(server).document(project)
    const bytes = pdfOf(100)
    const { body: started } = await start('Stuck.pdf', bytes.length, going.id)
    await sendPart(started.uploadId, 1, bytes)
    await abortRefusedDuring(async () => expect(await call(tokens.editor!, 'DELETE', `/api/folders/${going.id}`)).toMatchObject(storeDown))
    // Deleting the document would have taken the row, and with it the only record of the parts.
    expect((await call(tokens.editor!, 'GET', `/api/folders/${going.id}`)).status).toBe(200)
    expect((await server.knex('uploads').where({ id: started.uploadId }).first()).state).toBe('ABORTING')
    await sweepAborts(started.key)
    expect((await call(tokens.editor!, 'DELETE', `/api/folders/${going.id}`)).status).toBe(200)
  })

  test('one person has at most 50 uploads open at once', async () => {
    const make = fixtures(server)
    const busy = await make.user({ id: project.accountId })
    await make.grantProject(busy, project, 'EDIT')
    const token = await make.signIn(busy)
    for (let i = 0; i < 50; i++) expect((await start(`Busy ${i}.pdf`, 10, doc.id, token)).status).toBe(201)
    const refused = await start('One more.pdf', 10, doc.id, token)
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe(UPLOAD_MESSAGES.tooMany)
    expect((await start('Colleague.pdf', 10)).status).toBe(201)
  })

  test('an archived document takes no new upload and registers none', async () => {
    const archived = await fixtures(server).document(project, { state: 'ARCHIVED' })
    const refused = await start('Late.pdf', 10, archived.id)
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe(UPLOAD_MESSAGES.archived)
  })

  test('an abort the store refuses keeps the upload marked, gone for its starter, and the sweep lets go of its parts later', async () => {
    const bytes = pdfOf(500)
    const { body: started } = await start('Refused.pdf', bytes.length)
    await sendPart(started.uploadId, 1, bytes)
    await abortRefusedDuring(async () => expect(await call(tokens.editor!, 'DELETE', `/api/uploads/${started.uploadId}`)).toMatchObject(storeDown))
    // The row still names the parts, so they are not lost track of; its starter sees it gone.
    expect((await server.knex('uploads').where({ id: started.uploadId }).first()).state).toBe('ABORTING')
    expect((await call(tokens.editor!, 'GET', `/api/uploads/${started.uploadId}`)).status).toBe(404)
    expect((await call(tokens.editor!, 'GET', `/api/folders/${doc.id}/uploads`)).body.map((upload: { uploadId: number }) => upload.uploadId)).not.toContain(started.uploadId)
    await sweepAborts(started.key)
    expect(await server.knex('uploads').where({ id: started.uploadId }).first()).toBeUndefined()
  })

  test('an upload untouched for a day is swept: its parts, or its completed file nobody registered, leave the store', async () => {
    const bytes = pdfOf(300)
    const open = (await start('Forgotten.pdf', bytes.length)).body
    await sendPart(open.uploadId, 1, bytes)
    const finished = (await start('Unregistered.pdf', bytes.length)).body
    const part = await sendPart(finished.uploadId, 1, bytes)
    await call(tokens.editor!, 'POST', `/api/uploads/${finished.uploadId}/complete`, { parts: [part] })
    const fresh = (await start('Fresh.pdf', bytes.length)).body
    const working = async (uploadId: number) => {
      const { store_upload_id } = await server.knex('uploads').where({ id: uploadId }).first('store_upload_id')
      return path.join(server.config.dataDir, 'files', '.uploads', store_upload_id)
    }
    const [openDir, freshDir] = [await working(open.uploadId), await working(fresh.uploadId)]
    await server.knex('uploads').whereIn('id', [open.uploadId, finished.uploadId]).update({ touched_at: Date.now() - 25 * 3600 * 1000 })
    expect(await server.app.service(uploadPath).sweepAbandoned()).toBe(2)
    expect((await call(tokens.editor!, 'GET', `/api/uploads/${open.uploadId}`)).status).toBe(404)
    expect((await call(tokens.editor!, 'GET', `/api/uploads/${fresh.uploadId}`)).status).toBe(200)
    await expect(server.app.get('storage').get(finished.key)).rejects.toMatchObject({ code: 404 })
    if (store === 'local disk') {
      expect(existsSync(openDir)).toBe(false)
      expect(existsSync(freshDir)).toBe(true)
    }
  })

  test('a whole file sent as a multipart form is listed; a client cannot add a COMMENT file (hidden, it could never be deleted)', async () => {
    const send = async (type?: string) => {
      const form = new FormData()
      form.append('file', new Blob([new Uint8Array(pdfOf(2000))], { type: 'application/pdf' }), 'Form.pdf')
      const answer = await fetch(`${server.url}/api/folders/${doc.id}/files${type ? `?type=${type}` : ''}`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${tokens.editor}`, accept: 'application/json' },
      })
      return { status: answer.status, body: await answer.json() }
    }
    const attached = await send()
    expect(attached.status, JSON.stringify(attached.body)).toBe(201)
    expect(attached.body).toMatchObject({ name: 'Form.pdf', fileType: 'ATTACHMENT', mime: 'application/pdf', size: 2000 })
    const before = Number((await server.knex('folder_files').count({ n: '*' }))[0]!.n)
    const comment = await send('COMMENT')
    expect(comment.status).toBe(400)
    expect(Number((await server.knex('folder_files').count({ n: '*' }))[0]!.n)).toBe(before)
    const ids = (await call(tokens.viewer!, 'GET', `/api/folders/${doc.id}/files?$limit=500`)).body.data.map((f: { id: number }) => f.id)
    expect(ids).toContain(attached.body.id)
  })
})

describe('local part addresses', () => {
  let server: TestServer
  let token: string
  let doc: DocumentFixture

  beforeAll(async () => {
    server = await startTestServer({ uploadPartBytes: PART })
    const make = fixtures(server)
    const account = await make.account()
    doc = await make.document(await make.project(account))
    token = await make.signIn(account.admin)
  })
  afterAll(() => server?.close())

  const addressOf = async (size: number) => {
    const started = await server.call('POST', `/api/folders/${doc.id}/uploads`, { fileName: 'Signed.bin', size }, token)
    const address = await server.call('POST', `/api/uploads/${started.body.uploadId}/parts`, { partNo: 1 }, token)
    return { uploadId: started.body.uploadId as number, url: new URL(server.url + address.body.url) }
  }
  const put = (url: URL | string, body: Uint8Array, headers: Record<string, string> = {}) => fetch(url, { method: 'PUT', body: body as unknown as BodyInit, headers })

  test('an address works only as signed: another part, upload or expiry, or a changed signature, is refused before a byte is kept', async () => {
    const { uploadId, url } = await addressOf(10)
    const tampered = [
      new URL(url.href.replace(`/${uploadId}/1?`, `/${uploadId}/2?`)),
      new URL(url.href.replace(`/upload-parts/${uploadId}/`, `/upload-parts/${uploadId + 1}/`)),
      (() => {
        const u = new URL(url)
        u.searchParams.set('expires', String(Number(u.searchParams.get('expires')) + 60))
        return u
      })(),
      (() => {
        const u = new URL(url)
        u.searchParams.set('signature', 'A'.repeat(43))
        return u
      })(),
    ]
    for (const address of tampered) expect((await put(address, new Uint8Array(10))).status, address.href).toBeGreaterThanOrEqual(400)
    expect((await server.call('GET', `/api/uploads/${uploadId}`, undefined, token)).body.parts).toEqual([])
    expect((await put(url, new Uint8Array(10))).status).toBe(200)
  })

  test('a part of another size than its place in the file, or sent as JSON or a form, is refused', async () => {
    const { url } = await addressOf(10)
    expect((await put(url, new Uint8Array(9))).status).toBe(400)
    expect((await put(url, new Uint8Array(11))).status).toBe(400)
    expect((await put(url, new TextEncoder().encode('{"a":12345}'), { 'content-type': 'application/json' })).status).toBe(415)
  })

  test('an address the API signed but that has expired is refused', async () => {
    const { uploadId, url } = await addressOf(10)
    const expires = Math.floor(Date.now() / 1000) - 1
    const expired = new URL(url)
    expired.searchParams.set('expires', String(expires))
    expired.searchParams.set('signature', server.app.service(uploadPath).signature(uploadId, 1, expires))
    const answer = await put(expired, new Uint8Array(10))
    expect(answer.status).toBe(403)
    expect((await answer.json()).message).toBe(UPLOAD_MESSAGES.linkExpired)
  })
})

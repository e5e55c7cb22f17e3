/**
 * Uploads. A multipart/form-data request under /api is not read when it arrives: the
 * plugin contract's `acceptUploads` hook reads it once the caller is authenticated and
 * holds the method's flags, and only for methods that declare `uploads`. The `file`
 * part streams to storage under the route's size limit (413 as soon as it is passed);
 * the other parts become the call's data. The service takes the file with `claimUpload`.
 * A file nobody claimed, or whose call failed, is removed again, and so is the partial
 * file of an upload cut off or refused mid-stream: a failed call leaves nothing behind.
 */
import type { IncomingMessage } from 'node:http'
import path from 'node:path'
import { Readable } from 'node:stream'
import { BadRequest, FeathersError } from '@feathersjs/errors'
import type { NextFunction } from '@feathersjs/feathers'
import type { Middleware } from '@feathersjs/koa'
import busboy from 'busboy'
import { fileTypeFromBuffer } from 'file-type'
import { type Storage, newStorageKey } from './storage'
import { FILE_NAME_MESSAGES, MESSAGES, PLAIN_TEXT_PATTERN } from './shared'
import type { AppParams, HookContext } from './types'

export interface UploadedFile {
  key: string
  /** The name the browser sent, without any folder part: shown to users, never used as a path. */
  filename: string
  /** Sniffed from the file's first bytes (never the type the browser claimed); application/octet-stream when unknown. */
  mimeType: string
  size: number
}

/** What a service declares for the methods that take a file. */
export interface UploadRoute {
  methods: ('create' | 'update' | 'patch')[]
  /** This route's limit, bytes; UPLOAD_MAX_MB when unset or larger. */
  maxBytes?: number
  /**
   * The service's own check that the caller may upload here, beyond the method's flags (a
   * company's administrator, for its own company only): it throws to refuse. It runs on
   * every call of the method from a client before any byte of the body is read, so it
   * sees the path and the query, never the form fields.
   */
  allow?: (context: HookContext) => Promise<unknown>
  /** The body is the bytes themselves (any type but JSON), not a form: the service reads it with `claimRawBody`. */
  raw?: boolean
}

export class PayloadTooLarge extends FeathersError {
  constructor(message: string, data?: unknown) {
    super(message, 'PayloadTooLarge', 413, 'payload-too-large', data)
  }
}

export class UnsupportedMediaType extends FeathersError {
  constructor(message: string, data?: unknown) {
    super(message, 'UnsupportedMediaType', 415, 'unsupported-media-type', data)
  }
}

/** A name safe to show and to send back in a download header. */
export const cleanFilename = (raw: string | undefined) => {
  const printable = [...(raw ?? '')].filter((c) => c >= ' ' && c !== '\u007f').join('')
  const base = path.basename(printable.replace(/\\/g, '/')).trim()
  return base.slice(0, 255) || 'file'
}

/** Bytes enough for file-type to recognise every format it knows. */
const SNIFF_BYTES = 4100

/**
 * The file's type from its first bytes, and the whole file again as one stream: the
 * type is known before storage is asked to keep it, and the stream is read only once.
 */
const sniffed = async (file: Readable) => {
  const chunks = file[Symbol.asyncIterator]()
  const head: Buffer[] = []
  let size = 0
  let done = false
  while (size < SNIFF_BYTES && !done) {
    const next = await chunks.next()
    if (next.done) done = true
    else {
      head.push(next.value as Buffer)
      size += (next.value as Buffer).length
    }
  }
  const start = Buffer.concat(head)
  const type = await fileTypeFromBuffer(start.subarray(0, SNIFF_BYTES)).catch(() => undefined)
  async function* whole() {
    yield start
    if (done) return
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value as Buffer
  }
  return { mimeType: type?.mime ?? 'application/octet-stream', body: Readable.from(whole()) }
}

/** Reads the first bytes of a stream, then lets it go. */
export const readHead = async (body: Readable, bytes: number): Promise<Buffer> => {
  const chunks: Buffer[] = []
  let length = 0
  try {
    for await (const chunk of body) {
      chunks.push(chunk as Buffer)
      length += (chunk as Buffer).length
      if (length >= bytes) break
    }
  } finally {
    body.destroy()
  }
  return Buffer.concat(chunks).subarray(0, bytes)
}

/** The type of a stored file from its first bytes (application/octet-stream when unknown); reads no more than those. */
export const sniffStored = async (storage: Storage, key: string) => {
  const head = await readHead((await storage.get(key)).body, SNIFF_BYTES)
  const type = await fileTypeFromBuffer(head).catch(() => undefined)
  return type?.mime ?? 'application/octet-stream'
}

/**
 * Why a file name a user gave cannot be kept as it is (undefined: it can): a name is shown
 * and sent back in download headers, never used as a path, and still it may carry no
 * folder part or drive, be "." or "..", or pass 255 bytes; nor control, direction or
 * invisible characters (the rule of every name, PLAIN_TEXT_PATTERN: "Evil\u202Egnp.exe"
 * would read "Evilexe.png").
 */
export const fileNameProblem = (name: string) => {
  if (!name.trim()) return MESSAGES.required
  if (!PLAIN_TEXT.test(name)) return MESSAGES.controlCharacters
  if (/[/\\]/.test(name) || /^[A-Za-z]:/.test(name) || name === '.' || name === '..') return FILE_NAME_MESSAGES.path
  if (Buffer.byteLength(name, 'utf8') > 255) return FILE_NAME_MESSAGES.tooLong
  return undefined
}
const PLAIN_TEXT = new RegExp(PLAIN_TEXT_PATTERN)

const MB = 1024 * 1024
const sizeText = (bytes: number) => (bytes >= MB ? `${Math.round(bytes / MB)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`)

export const tooLargeError = (maxBytes: number) =>
  new PayloadTooLarge(`The file is larger than ${sizeText(maxBytes)}`, { errors: { file: 'The file is too large' } })

const malformed = () => new BadRequest('Malformed request body')

/** Streams the request's `file` part to storage; resolves once the whole body is read and stored. */
const readMultipart = (req: IncomingMessage, storage: Storage, maxBytes: number) =>
  new Promise<{ fields: Record<string, string>; file?: UploadedFile }>((resolve, reject) => {
    let parser: busboy.Busboy
    try {
      parser = busboy({ headers: req.headers, defParamCharset: 'utf8', limits: { files: 1, fileSize: maxBytes, fields: 50, fieldSize: 64 * 1024 } })
    } catch {
      return reject(malformed())
    }
    const fields: Record<string, string> = {}
    let stored: Promise<UploadedFile | undefined> = Promise.resolve(undefined)
    let settled = false
    let stream: Readable | undefined
    /** Stops reading: the partial file is removed by storage.put's own failure path. */
    const fail = (error: Error) => {
      if (settled) return
      settled = true
      req.unpipe(parser)
      stream?.destroy(error)
      stored.catch(() => undefined).then(() => reject(error))
    }
    parser.on('field', (name, value) => {
      fields[name] = value
    })
    parser.on('file', (name, file, info) => {
      if (name !== 'file' || settled) {
        file.resume()
        return
      }
      stream = file
      file.on('limit', () => fail(tooLargeError(maxBytes)))
      const key = newStorageKey('uploads')
      stored = sniffed(file).then(async ({ mimeType, body }) => {
        const { size } = await storage.put(key, body, mimeType)
        return { key, filename: cleanFilename(info.filename), mimeType, size }
      })
      stored.catch(() => undefined)
    })
    parser.on('error', () => fail(malformed()))
    parser.on('close', async () => {
      if (settled) return
      try {
        const file = await stored
        settled = true
        resolve({ fields, file })
      } catch (error) {
        fail(error as Error)
      }
    })
    // A client that goes away mid-upload: stop, and let storage drop the partial file.
    req.on('aborted', () => fail(malformed()))
    req.on('error', () => fail(malformed()))
    req.pipe(parser)
  })

/** The upload of one request: read on demand (once), removed afterwards unless a service claimed it. */
export class PendingUpload {
  file?: UploadedFile
  claimed = false
  private read?: Promise<Record<string, string>>

  constructor(
    private readonly req: IncomingMessage,
    private readonly storage: Storage,
  ) {}

  get started() {
    return this.read !== undefined
  }

  fields(maxBytes: number) {
    this.read ??= readMultipart(this.req, this.storage, maxBytes).then(({ fields, file }) => {
      this.file = file
      return fields
    })
    return this.read
  }

  async release() {
    if (this.file && !this.claimed) await this.storage.remove(this.file.key)
  }
}

/**
 * A body that is neither JSON nor a form (a part of a chunked upload, PUT as it is): left
 * unread for a route that declares `uploads.raw`, which streams it on with `claimRawBody`.
 */
export class RawBody {
  claimed = false
  constructor(readonly stream: IncomingMessage) {}

  /** The bytes the sender announced (Content-Length); undefined for a chunked body. */
  get size() {
    const length = this.stream.headers['content-length']
    return length !== undefined && /^\d{1,15}$/.test(length) ? Number(length) : undefined
  }

  /** No bytes at all: a PUT without a length or chunks (or of length 0), as a call whose values are in its query sends it. */
  get empty() {
    return this.size === 0 || (this.stream.headers['content-length'] === undefined && this.stream.headers['transfer-encoding'] === undefined)
  }
}

/** Whether the request carries a body (a length above 0, or chunks); a PUT always does, if only an empty one (a 0-byte file's one part). */
const hasBody = (req: IncomingMessage) =>
  req.method === 'PUT' || (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0') || req.headers['transfer-encoding'] !== undefined

/**
 * Koa middleware under /api: a multipart request is left unread and handed to the
 * service call as `params.upload`, and so is any other body that is not JSON (`RawBody`);
 * whatever a form stored and nobody claimed goes again.
 */
export const uploadMiddleware =
  (storage: () => Storage): Middleware =>
  async (ctx, next) => {
    if (!ctx.is('multipart/form-data')) {
      if (ctx.is('json') || !hasBody(ctx.req)) return next()
      ctx.request.body = {}
      ctx.feathers = { ...ctx.feathers, upload: new RawBody(ctx.req) } as typeof ctx.feathers
      try {
        await next()
      } finally {
        // Refused before or while reading: the rest of the body is not wanted, nor the connection it is on.
        if (!ctx.req.complete) ctx.set('Connection', 'close')
      }
      return
    }
    const pending = new PendingUpload(ctx.req, storage())
    ctx.request.body = {}
    ctx.feathers = { ...ctx.feathers, upload: pending } as typeof ctx.feathers
    try {
      await next()
    } catch (error) {
      pending.claimed = false
      throw error
    } finally {
      await pending.release()
      // Refused before or while reading: the rest of the body is not wanted, nor the connection it is on.
      if (!ctx.req.complete) ctx.set('Connection', 'close')
    }
  }

/**
 * Around hook of every service, after authentication, the module switch, the method's
 * flags and the checks of the path (its account, its project): asks the route's own
 * `allow`, then reads the upload of a method that takes one (its form fields become the
 * data), and answers 415 for any other method. A refusal leaves the body unread.
 */
export const acceptUploads = (route: UploadRoute | undefined) => async (context: HookContext, next: NextFunction) => {
  const params = context.params as AppParams & { upload?: PendingUpload | RawBody }
  const pending = params.upload
  if (!params.provider || (pending instanceof PendingUpload && pending.started)) return next()
  if (!route?.methods.includes(context.method as never)) {
    // A PUT with no body at all (PUT /checklists/{id}/status?status=…) is a call without one, not raw bytes.
    if (pending instanceof RawBody && pending.empty) return next()
    if (pending) throw new UnsupportedMediaType(pending instanceof RawBody ? 'This call takes JSON' : 'This call does not take files')
    return next()
  }
  if (route.raw ? !(pending instanceof RawBody) : pending instanceof RawBody)
    throw new UnsupportedMediaType(route.raw ? 'This call takes the bytes themselves, not JSON or a form' : 'This call takes a multipart form with the file')
  await route.allow?.(context)
  if (!pending || pending instanceof RawBody) return next()
  const limit = context.app.get('config').uploadMaxBytes
  context.data = await pending.fields(Math.min(route.maxBytes ?? limit, limit))
  return next()
}

/** The call's body as a stream, now the service's to read (400 when the call has none). */
export const claimRawBody = (params: AppParams): RawBody => {
  const body = (params as AppParams & { upload?: PendingUpload | RawBody }).upload
  if (!(body instanceof RawBody)) throw new BadRequest('The request has no body')
  body.claimed = true
  return body
}

/** The call's uploaded file, now the service's to keep (400 when the call has none). */
export const claimUpload = (params: AppParams): UploadedFile => {
  const pending = (params as AppParams & { upload?: PendingUpload | RawBody }).upload
  if (!(pending instanceof PendingUpload) || !pending.file) throw new BadRequest('A file is required', { errors: { file: 'A file is required' } })
  pending.claimed = true
  return pending.file
}

/**
 * Uploads: a multipart/form-data request under /api has its `file` part streamed to
 * storage before the service runs; the other parts become the call's data. The
 * service takes the file with `claimUpload`. A file nobody claimed, or whose call
 * failed, is removed again, so a failed call leaves nothing behind.
 */
import path from 'node:path'
import { BadRequest } from '@feathersjs/errors'
import type { Middleware } from '@feathersjs/koa'
import busboy from 'busboy'
import { type Storage, newStorageKey } from './storage'
import type { AppParams } from './types'

export interface UploadedFile {
  key: string
  /** The name the browser sent, without any folder part: shown to users, never used as a path. */
  filename: string
  mimeType: string
  size: number
}

interface PendingUpload {
  file?: UploadedFile
  claimed: boolean
}

/** A name safe to show and to send back in a download header. */
export const cleanFilename = (raw: string | undefined) => {
  const printable = [...(raw ?? '')].filter((c) => c >= ' ' && c !== '\u007f').join('')
  const base = path.basename(printable.replace(/\\/g, '/')).trim()
  return base.slice(0, 255) || 'file'
}

const parse = (ctx: Parameters<Middleware>[0], storage: Storage, maxBytes: number) =>
  new Promise<{ fields: Record<string, string>; file?: UploadedFile }>((resolve, reject) => {
    let parser: busboy.Busboy
    try {
      parser = busboy({ headers: ctx.req.headers, defParamCharset: 'utf8', limits: { files: 1, fileSize: maxBytes, fields: 50, fieldSize: 64 * 1024 } })
    } catch {
      return reject(new BadRequest('Malformed request body'))
    }
    const fields: Record<string, string> = {}
    let stored: Promise<UploadedFile | undefined> = Promise.resolve(undefined)
    let tooLarge = false
    parser.on('field', (name, value) => {
      fields[name] = value
    })
    parser.on('file', (name, stream, info) => {
      if (name !== 'file') {
        stream.resume()
        return
      }
      const key = newStorageKey('uploads')
      const mimeType = info.mimeType || 'application/octet-stream'
      stream.on('limit', () => {
        tooLarge = true
      })
      stored = storage.put(key, stream, mimeType).then(({ size }) => ({ key, filename: cleanFilename(info.filename), mimeType, size }))
    })
    parser.on('error', () => reject(new BadRequest('Malformed request body')))
    parser.on('close', async () => {
      try {
        const file = await stored
        if (!tooLarge) return resolve({ fields, file })
        if (file) await storage.remove(file.key)
        reject(new BadRequest(`The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`, { errors: { file: 'The file is too large' } }))
      } catch (error) {
        reject(error)
      }
    })
    ctx.req.pipe(parser)
  })

export const uploadMiddleware =
  (storage: () => Storage, maxBytes: number): Middleware =>
  async (ctx, next) => {
    if (!ctx.is('multipart/form-data')) return next()
    const { fields, file } = await parse(ctx, storage(), maxBytes)
    const pending: PendingUpload = { file, claimed: false }
    ctx.request.body = fields
    ctx.feathers = { ...ctx.feathers, upload: pending } as typeof ctx.feathers
    try {
      await next()
    } catch (error) {
      pending.claimed = false
      throw error
    } finally {
      if (file && !pending.claimed) await storage().remove(file.key)
    }
  }

/** The call's uploaded file, now the service's to keep (400 when the call has none). */
export const claimUpload = (params: AppParams): UploadedFile => {
  const pending = (params as AppParams & { upload?: PendingUpload }).upload
  if (!pending?.file) throw new BadRequest('A file is required', { errors: { file: 'A file is required' } })
  pending.claimed = true
  return pending.file
}

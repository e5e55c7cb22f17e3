/**
 * Downloads through services: a `find` or `get` that answers a FileDownload is sent
 * to the browser as a file, streamed, with its name and type: always an attachment, its
 * type the one sniffed on upload, never guessed by the browser, and sandboxed.
 */
import type { Readable } from 'node:stream'
import type { NextFunction } from '@feathersjs/feathers'
import type { HookContext } from './types'

export class FileDownload {
  constructor(
    readonly body: Readable,
    readonly filename: string,
    readonly contentType: string,
    readonly size?: number,
  ) {}
}

/** `attachment; filename="report.xlsx"; filename*=UTF-8''r%C3%A4port.xlsx` (RFC 6266). */
export const contentDisposition = (filename: string) => {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`
}

/** Around hook every service gets: turns a FileDownload answer into the HTTP download. */
export const fileDownloads = async (context: HookContext, next: NextFunction) => {
  await next()
  const result = context.result
  if (!(result instanceof FileDownload) || !context.params.provider) return
  context.http = {
    ...context.http,
    headers: {
      ...context.http?.headers,
      'Content-Type': result.contentType,
      'Content-Disposition': contentDisposition(result.filename),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      // Opened directly after all, a file runs nothing and reaches nothing: no script, no requests, no plugins.
      'Content-Security-Policy': "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'",
      ...(result.size !== undefined ? { 'Content-Length': String(result.size) } : {}),
    },
  }
  context.dispatch = result.body
}

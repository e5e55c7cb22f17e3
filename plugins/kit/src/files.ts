/**
 * Downloads through services: a `find` or `get` that answers a FileDownload is sent
 * to the browser as a file, streamed, with its name and type: always an attachment, its
 * type the one sniffed on upload, never guessed by the browser, and sandboxed.
 */
import type { Readable } from 'node:stream'

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

/** Resolves when a streamed answer has room again, or has gone (a client that left): writers wait on it between rows. */
export const drained = (out: import('node:stream').Writable) =>
  new Promise<void>((resolve) => {
    const done = () => {
      out.off('drain', done)
      out.off('close', done)
      resolve()
    }
    out.once('drain', done)
    out.once('close', done)
  })

/**
 * Answers a service prepares for HTTP itself, sent as they are by the around hook every
 * service gets: a FileDownload (files.ts) streams as an attachment, and a SerializedAnswer
 * goes out as the JSON text it was serialised to once, when a service kept it between
 * requests (the home map's markers), instead of being serialised again on every request;
 * a LiveStream (live.ts) stays open as a stream of Server-Sent Events.
 * Server code calling the service gets a SerializedAnswer's value.
 */
import type { NextFunction } from '@feathersjs/feathers'
import { FileDownload, contentDisposition } from './files'
import { LiveStream } from './live'
import type { HookContext } from './types'

export class SerializedAnswer<T> {
  readonly json: string
  constructor(readonly value: T) {
    this.json = JSON.stringify(value)
  }
}

export const preparedAnswers = async (context: HookContext, next: NextFunction) => {
  await next()
  const result = context.result
  if (result instanceof SerializedAnswer) {
    if (!context.params.provider) context.result = result.value
    else {
      context.http = { ...context.http, headers: { ...context.http?.headers, 'Content-Type': 'application/json; charset=utf-8' } }
      context.dispatch = result.json
    }
    return
  }
  if (result instanceof LiveStream && context.params.provider) {
    context.http = {
      ...context.http,
      // Sent as it comes: no cache keeps it, no proxy buffers it.
      headers: { ...context.http?.headers, 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' },
    }
    context.dispatch = result.stream
    return
  }
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

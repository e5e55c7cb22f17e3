/**
 * Listening to a project's real-time events (the API's `GET /live/projects/{id}`, Server-Sent
 * Events): read with fetch, so the bearer token travels in its header as on every call
 * (EventSource sends no headers). A stream that breaks (a network loss, a restarted server)
 * is opened again after a pause that grows to at most LIVE_RETRY_MAX_MS; `onOpen` tells each
 * opening (`again` for a reopening, after which a page reads again what it may have missed). A refusal (403, 404: no
 * longer allowed) stops listening.
 */
import { tokenStorage } from './client'

/** One event: `name` is the service's path and event (`checklists/:checklistId/items patched`), `data` its answer. */
export interface LiveEvent<T = unknown> {
  name: string
  data: T
}

export const LIVE_RETRY_MAX_MS = 30_000

/** Splits a stream's text into its events; what is left over waits for the next chunk. */
export const parseLiveEvents = (text: string): { events: LiveEvent[]; rest: string } => {
  const blocks = text.split('\n\n')
  const rest = blocks.pop() ?? ''
  const events: LiveEvent[] = []
  for (const block of blocks) {
    const name = /^event: (.*)$/m.exec(block)?.[1]
    const data = /^data: (.*)$/m.exec(block)?.[1]
    if (!name || data === undefined) continue
    try {
      events.push({ name, data: JSON.parse(data) })
    } catch {
      // Not an event of ours: skipped.
    }
  }
  return { events, rest }
}

/** Listens until the returned function is called. */
export const listenLive = (path: string, onEvent: (event: LiveEvent) => void, { onOpen }: { onOpen?: (again: boolean) => void } = {}) => {
  const controller = new AbortController()
  let pause = 1000
  let opened = false
  const run = async () => {
    while (!controller.signal.aborted) {
      try {
        const token = tokenStorage.get()
        const response = await fetch(`/api${path}`, {
          headers: { Accept: 'text/event-stream', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
          signal: controller.signal,
        })
        if (response.status === 403 || response.status === 404) return
        if (response.ok && response.body) {
          pause = 1000
          onOpen?.(opened)
          opened = true
          const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
          let pending = ''
          for (;;) {
            const { value, done } = await reader.read()
            if (done) break
            const parsed = parseLiveEvents(pending + value)
            pending = parsed.rest
            for (const event of parsed.events) onEvent(event)
          }
        }
      } catch {
        if (controller.signal.aborted) return
      }
      await new Promise((resolve) => setTimeout(resolve, pause))
      pause = Math.min(pause * 2, LIVE_RETRY_MAX_MS)
    }
  }
  void run()
  return () => controller.abort()
}

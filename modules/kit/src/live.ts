/**
 * Listening to a project's real-time events (the API's `GET /live/projects/{id}`, Server-Sent
 * Events): read with fetch, so the bearer token travels in its header as on every call
 * (EventSource sends no headers). A stream that breaks (a network loss, a restarted server)
 * is opened again after a pause that grows to at most LIVE_RETRY_MAX_MS; `onOpen` tells each
 * opening (`again` for a reopening, after which a page reads again what it may have missed).
 * A refusal (403, 404: no longer allowed) stops listening. While the tab is hidden the stream
 * is closed and it opens again when the tab is shown: a browser keeps only six connections
 * to a server over HTTP/1.1, and a stream holds one as long as it is open.
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

const hidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden'

/** Listens until the returned function is called. */
export const listenLive = (path: string, onEvent: (event: LiveEvent) => void, { onOpen }: { onOpen?: (again: boolean) => void } = {}) => {
  let stopped = false
  let current: AbortController | null = null
  let wake: (() => void) | null = null
  let pause = 1000
  let opened = false
  /** The stream was closed for the hidden tab, not broken: it opens again without a pause. */
  let closedForHiding = false
  /** Reads one stream to its end; false when the server refuses this listener for good. */
  const readOnce = async (signal: AbortSignal) => {
    const token = tokenStorage.get()
    const response = await fetch(`/api${path}`, { headers: { Accept: 'text/event-stream', ...(token ? { Authorization: `Bearer ${token}` } : {}) }, signal })
    if (response.status === 403 || response.status === 404) return false
    if (response.ok && response.body) {
      pause = 1000
      onOpen?.(opened)
      opened = true
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
      // Stopped, or the tab hidden: the read ends now, whatever the body does with the abort.
      signal.addEventListener('abort', () => void reader.cancel().catch(() => {}))
      let pending = ''
      for (;;) {
        const { value, done } = await reader.read()
        if (done) break
        const parsed = parseLiveEvents(pending + value)
        pending = parsed.rest
        for (const event of parsed.events) onEvent(event)
      }
    }
    return true
  }
  const run = async () => {
    while (!stopped) {
      if (hidden()) await new Promise<void>((resolve) => (wake = resolve))
      if (stopped) return
      current = new AbortController()
      const again = await readOnce(current.signal).catch(() => true)
      if (!again) return
      if (stopped) return
      // Closed because the tab was hidden: no pause; it waits to be shown, if it is not already.
      if (closedForHiding) {
        closedForHiding = false
        continue
      }
      await new Promise((resolve) => setTimeout(resolve, pause))
      pause = Math.min(pause * 2, LIVE_RETRY_MAX_MS)
    }
  }
  const visibility = () => {
    if (hidden()) {
      closedForHiding = true
      current?.abort()
    } else {
      wake?.()
      wake = null
    }
  }
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', visibility)
  void run()
  return () => {
    stopped = true
    current?.abort()
    wake?.()
    if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', visibility)
  }
}

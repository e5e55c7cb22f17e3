// @vitest-environment happy-dom
import { afterEach, describe, expect, test, vi } from 'vitest'
import { listenLive, parseLiveEvents } from './live'

describe('live events', () => {
  test('are read from whole blocks; a block cut in two waits for its end; comments and foreign lines are skipped', () => {
    const first = parseLiveEvents(': listening\n\nevent: checklists created\ndata: {"id":1}\n\nevent: checklists/:checklistId/items patched\ndata: {"id"')
    expect(first.events).toEqual([{ name: 'checklists created', data: { id: 1 } }])
    const second = parseLiveEvents(`${first.rest}:2}\n\n: keep-alive\n\nevent: broken\ndata: {nope\n\n`)
    expect(second.events).toEqual([{ name: 'checklists/:checklistId/items patched', data: { id: 2 } }])
    expect(second.rest).toBe('')
  })
})

describe('listening', () => {
  const setVisibility = (state: 'hidden' | 'visible') => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state })
    document.dispatchEvent(new Event('visibilitychange'))
  }
  afterEach(() => {
    vi.unstubAllGlobals()
    setVisibility('visible')
  })

  /** A server whose streams stay open until aborted, each sending one event first. */
  const streamingServer = () => {
    const opened: AbortSignal[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        opened.push(init.signal!)
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode(`event: checklists patched\ndata: {"n":${opened.length}}\n\n`))
            init.signal!.addEventListener('abort', () => controller.error(new DOMException('Aborted', 'AbortError')))
          },
        })
        return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } })
      }),
    )
    return opened
  }

  test('hears events, closes the stream while the tab is hidden, and opens it again (saying so) when shown', async () => {
    const opened = streamingServer()
    const heard: unknown[] = []
    const opens: boolean[] = []
    const stop = listenLive('/live/projects/7', (event) => heard.push(event.data), { onOpen: (again) => opens.push(again) })
    await vi.waitFor(() => expect(heard).toEqual([{ n: 1 }]), { timeout: 5000 })
    setVisibility('hidden')
    await vi.waitFor(() => expect(opened[0]!.aborted).toBe(true), { timeout: 5000 })
    expect(opened).toHaveLength(1)
    setVisibility('visible')
    await vi.waitFor(() => expect(heard).toEqual([{ n: 1 }, { n: 2 }]), { timeout: 5000 })
    expect(opens).toEqual([false, true])
    stop()
    expect(opened[1]!.aborted).toBe(true)
  })

  test('a refusal (no longer allowed) stops listening', async () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 403 }))
    vi.stubGlobal('fetch', fetch)
    const stop = listenLive('/live/projects/7', () => {})
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1), { timeout: 5000 })
    // Past the first pause a broken stream would wait: no second try.
    await new Promise((resolve) => setTimeout(resolve, 1200))
    expect(fetch).toHaveBeenCalledTimes(1)
    stop()
  })
})

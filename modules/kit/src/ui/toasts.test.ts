import { allSettled, fork } from 'effector'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { $toasts, showToast, TOAST_DURATION_MS, toastClosed } from './toasts'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('toasts', () => {
  it('stacks toasts and closes each one after 4 s', async () => {
    const scope = fork()
    const first = allSettled(showToast, { scope, params: { kind: 'success', text: 'Saved' } })
    await vi.advanceTimersByTimeAsync(1000)
    const second = allSettled(showToast, { scope, params: { kind: 'error', text: 'Saving failed' } })
    expect(scope.getState($toasts).map((toast) => toast.text)).toEqual(['Saved', 'Saving failed'])
    // allSettled waits for the whole scope, so both are awaited once every timer has run.
    await vi.advanceTimersByTimeAsync(TOAST_DURATION_MS - 1000)
    expect(scope.getState($toasts)).toEqual([expect.objectContaining({ id: 2, kind: 'error', text: 'Saving failed' })])
    await vi.advanceTimersByTimeAsync(1000)
    await Promise.all([first, second])
    expect(scope.getState($toasts)).toEqual([])
  })

  it('closes a toast at once when asked', async () => {
    const scope = fork()
    const shown = allSettled(showToast, { scope, params: { kind: 'info', text: 'Hello' } })
    const [toast] = scope.getState($toasts)
    const closed = allSettled(toastClosed, { scope, params: toast!.id })
    expect(scope.getState($toasts)).toEqual([])
    await vi.advanceTimersByTimeAsync(TOAST_DURATION_MS)
    await Promise.all([shown, closed])
    expect(scope.getState($toasts)).toEqual([])
  })
})

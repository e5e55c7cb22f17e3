import { allSettled, fork } from 'effector'
import { Provider } from 'effector-react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { TOAST_DURATION_MS, showToast } from './toasts'
import { Toasts } from './Toasts'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

it('announces news politely and errors at once, each with a labelled close button', async () => {
  const scope = fork()
  const shown = Promise.all([
    allSettled(showToast, { scope, params: { kind: 'success', text: 'Saved' } }),
    allSettled(showToast, { scope, params: { kind: 'error', text: 'Saving failed' } }),
  ])
  const html = renderToStaticMarkup(
    <Provider value={scope}>
      <Toasts />
    </Provider>,
  )
  expect(html).toContain('<section class="kit-toasts" aria-label="Notifications">')
  expect(html).toMatch(/class="kit-toast kit-toast-success" role="status".*Saved/)
  expect(html).toMatch(/class="kit-toast kit-toast-error" role="alert".*Saving failed/)
  expect(html).toContain('aria-label="Close notification"')
  await vi.advanceTimersByTimeAsync(TOAST_DURATION_MS)
  await shown
})

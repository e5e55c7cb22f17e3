/** The spec's scroll to the first field in error: 1500 ms, stopping 100 px above it. */
export const SCROLL_DURATION_MS = 1500
export const SCROLL_OFFSET_PX = 100

/** The element's nearest scrolling ancestor: a split-screen pane scrolls itself, the page scrolls the document. */
const scrollParentOf = (element: HTMLElement): HTMLElement => {
  for (let node = element.parentElement; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node)
    if ((overflowY === 'auto' || overflowY === 'scroll') && node.scrollHeight > node.clientHeight) return node
  }
  return (document.scrollingElement as HTMLElement | null) ?? document.documentElement
}

const easeInOut = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2)

/** Focuses the field at once (screen readers hear it) and glides it into view. */
export const scrollToElement = (element: HTMLElement) => {
  element.focus({ preventScroll: true })
  const container = scrollParentOf(element)
  const isPage = container === document.scrollingElement || container === document.documentElement
  const containerTop = isPage ? 0 : container.getBoundingClientRect().top
  const from = container.scrollTop
  const to = Math.max(0, from + element.getBoundingClientRect().top - containerTop - SCROLL_OFFSET_PX)
  if (matchMedia('(prefers-reduced-motion: reduce)').matches) {
    container.scrollTop = to
    return
  }
  const started = performance.now()
  const step = (now: number) => {
    const progress = Math.min(1, (now - started) / SCROLL_DURATION_MS)
    container.scrollTop = from + (to - from) * easeInOut(progress)
    if (progress < 1) requestAnimationFrame(step)
  }
  requestAnimationFrame(step)
}

/** Scrolls to the element with this id, when there is a page to scroll (not in unit tests). */
export const scrollToId = (id: string) => {
  if (typeof document === 'undefined') return
  const element = document.getElementById(id)
  if (element) scrollToElement(element)
}

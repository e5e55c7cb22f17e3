import { type ReactNode, useEffect, useId, useRef } from 'react'

/**
 * A modal on the kit's dialog styles: focus moves in when it opens and back when it
 * closes, and Escape closes it.
 */
export const Dialog = ({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) => {
  const titleId = useId()
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null
    ref.current?.querySelector<HTMLElement>('input, button, select, textarea')?.focus()
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      returnTo?.focus()
    }
  }, [onClose])
  return (
    <div className="kit-backdrop">
      <div ref={ref} className="kit-dialog ga-modal" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId} className="kit-dialog-title">
          {title}
        </h2>
        {children}
      </div>
    </div>
  )
}

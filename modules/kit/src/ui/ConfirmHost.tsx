import { useUnit } from 'effector-react'
import { useEffect, useId, useRef } from 'react'
import { $openConfirm, confirmAnswered } from './confirm'
import { useText } from './text'
import './kit.css'

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])'

/** Keeps Tab and Shift+Tab inside the dialog, and sends focus back into it if it got out. */
const trapTab = (dialog: HTMLElement, event: KeyboardEvent) => {
  const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)]
  const first = focusable[0]
  const last = focusable[focusable.length - 1]
  if (!first || !last) return
  const active = document.activeElement
  if (!dialog.contains(active)) {
    event.preventDefault()
    first.focus()
  } else if (event.shiftKey && active === first) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && active === last) {
    event.preventDefault()
    first.focus()
  }
}

/** The Yes/No dialog behind `confirm()`; the shell renders it once. Escape answers No. */
export const ConfirmHost = () => {
  const request = useUnit($openConfirm)
  const text = useText()
  const titleId = useId()
  const textId = useId()
  const dialogRef = useRef<HTMLDivElement>(null)
  const noRef = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!request) return
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null
    noRef.current?.focus()
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault()
        confirmAnswered(false)
      } else if (event.key === 'Tab' && dialogRef.current) {
        trapTab(dialogRef.current, event)
      }
    }
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      returnTo?.focus()
    }
  }, [request])

  if (!request) return null
  return (
    <div className="kit-backdrop">
      <div
        ref={dialogRef}
        className="kit-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={request.text ? textId : undefined}
      >
        <h2 id={titleId} className="kit-dialog-title">
          {request.title}
        </h2>
        {request.text && (
          <p id={textId} className="kit-dialog-text">
            {request.text}
          </p>
        )}
        <div className="kit-dialog-actions">
          <button ref={noRef} type="button" className="kit-button" onClick={() => confirmAnswered(false)}>
            {text('confirm.no')}
          </button>
          <button type="button" className="kit-button kit-button-primary" onClick={() => confirmAnswered(true)}>
            {text('confirm.yes')}
          </button>
        </div>
      </div>
    </div>
  )
}

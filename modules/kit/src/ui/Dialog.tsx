/**
 * The kit's one modal: a native <dialog> opened with showModal(), so the page behind it is
 * inert and Tab stays inside. It is open while it is rendered: focus moves to its first field
 * (a radio group's checked choice) or else first control, and goes back to what had it when
 * the dialog goes away. Escape and the close button call `onClose`; a dialog without
 * `onClose` cannot be dismissed.
 */
import { X } from 'lucide-react'
import { type KeyboardEvent, type ReactNode, type SyntheticEvent, useEffect, useId, useRef } from 'react'
import { IconButton } from './Button'
import { useText } from './text'
import './kit.css'

export type DialogSize = 'md' | 'lg'

export interface DialogProps {
  /** Already translated: the heading, which names the dialog. */
  title: string
  /** Already translated: a line under the title that describes the dialog to screen readers too. */
  text?: ReactNode
  /** Escape and the close button; without it the dialog stays until its owner removes it. */
  onClose?: () => void
  /** The dialog's kit Buttons, at its foot. A form that must hold its buttons puts `<DialogActions>` inside itself instead. */
  actions?: ReactNode
  /** md fits a question or a short form; lg a form of two columns. Either is narrower than a phone's window. */
  size?: DialogSize
  children?: ReactNode
}

const FIELD = 'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled])'
const CONTROL = 'button:not([disabled]), [href], [tabindex]:not([tabindex="-1"])'

/** A radio group is entered at its checked choice, as Tab enters it; any other field as it is. */
const entryOf = (field: HTMLElement, content: HTMLElement) => {
  if (!(field instanceof HTMLInputElement) || field.type !== 'radio') return field
  const group = content.querySelectorAll<HTMLInputElement>('input[type="radio"]:checked')
  return Array.from(group).find((radio) => radio.name === field.name) ?? field
}

/** The first field, else the first control, of the dialog's content (not its close button), else the dialog. */
const focusInside = (dialog: HTMLDialogElement, content: HTMLElement) => {
  const field = content.querySelector<HTMLElement>(FIELD)
  const target = (field && entryOf(field, content)) ?? content.querySelector<HTMLElement>(CONTROL) ?? dialog
  target.focus()
}

export const Dialog = ({ title, text, onClose, actions, size = 'md', children }: DialogProps) => {
  const kitText = useText()
  const titleId = useId()
  const textId = useId()
  const ref = useRef<HTMLDialogElement>(null)
  const contentRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (!dialog.open) dialog.showModal()
    focusInside(dialog, contentRef.current ?? dialog)
    return () => {
      if (opener?.isConnected) opener.focus()
    }
  }, [])

  // Escape is taken on keydown, before the browser's own cancel: a cancel the page refuses twice
  // in a row would be forced through, closing a dialog its owner still shows.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return
    event.preventDefault()
    onClose?.()
  }
  const onCancel = (event: SyntheticEvent) => event.preventDefault()

  return (
    <dialog
      ref={ref}
      className={size === 'md' ? 'kit-dialog' : `kit-dialog kit-dialog-${size}`}
      aria-labelledby={titleId}
      aria-describedby={text ? textId : undefined}
      onKeyDown={onKeyDown}
      onCancel={onCancel}
    >
      <div className="kit-dialog-header">
        <h2 id={titleId} className="kit-dialog-title">
          {title}
        </h2>
        {onClose && <IconButton icon={X} label={kitText('dialog.close')} size="sm" onClick={() => onClose()} />}
      </div>
      <div ref={contentRef}>
        {text && (
          <p id={textId} className="kit-dialog-text">
            {text}
          </p>
        )}
        {children}
        {actions && <DialogActions>{actions}</DialogActions>}
      </div>
    </dialog>
  )
}

/** A dialog's row of buttons, at its foot and to the right. */
export const DialogActions = ({ children }: { children: ReactNode }) => <div className="kit-dialog-actions">{children}</div>

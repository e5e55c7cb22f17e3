import { useUnit } from 'effector-react'
import { $toasts, type Toast, toastClosed } from './toasts'
import { useText } from './text'
import './kit.css'

const ToastItem = ({ toast, closeLabel }: { toast: Toast; closeLabel: string }) => (
  // An error interrupts (alert); other news waits its turn (status, polite).
  <div className={`kit-toast kit-toast-${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'} aria-atomic="true">
    <span className="kit-toast-text">{toast.text}</span>
    <button type="button" className="kit-toast-close" aria-label={closeLabel} onClick={() => toastClosed(toast.id)}>
      ×
    </button>
  </div>
)

/** The toast stack; the shell renders it once. */
export const Toasts = () => {
  const toasts = useUnit($toasts)
  const text = useText()
  return (
    <section className="kit-toasts" aria-label={text('toast.region')}>
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} closeLabel={text('toast.close')} />
      ))}
    </section>
  )
}

/** A native form around kit fields: Enter submits, the browser's own validation stays off. */
import type { ReactNode } from 'react'

export interface FormFrameProps {
  onSubmit: () => void
  label: string
  children: ReactNode
}

export const FormFrame = ({ onSubmit, label, children }: FormFrameProps) => (
  <form
    className="so-form"
    aria-label={label}
    noValidate
    onSubmit={(event) => {
      event.preventDefault()
      onSubmit()
    }}
  >
    {children}
  </form>
)

export interface SubmitProps {
  disabled?: boolean
  children: ReactNode
}

export const Submit = ({ disabled, children }: SubmitProps) => (
  <button type="submit" className="so-button so-button--full" disabled={disabled}>
    {children}
  </button>
)

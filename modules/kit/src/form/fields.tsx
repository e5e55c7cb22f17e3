/**
 * The form engine's React fields: label tied to its control, the message under the
 * field (and read out through aria-describedby), aria-invalid while in error.
 */
import { useStoreMap, useUnit } from 'effector-react'
import type { ChangeEvent, FormEvent, MouseEvent, ReactNode } from 'react'
import { Button } from '../ui/Button'
import { useText } from '../ui/text'
import { fieldId, type Form } from './model'
import type { FieldStatus } from './rules'
import '../ui/kit.css'

type Values = Record<string, unknown>

interface FieldProps<V extends Values> {
  form: Form<V>
  name: keyof V & string
  /** Already translated. */
  label: string
  disabled?: boolean
}

/** Every unit of a form, bound to the current scope. */
export const useForm = <V extends Values>(form: Form<V>) =>
  useUnit({
    values: form.$values,
    errors: form.$errors,
    status: form.$status,
    canSubmit: form.$canSubmit,
    submitting: form.$submitting,
    submitError: form.$submitError,
    fieldChanged: form.fieldChanged,
    submitted: form.submitted,
    reset: form.reset,
  })

/**
 * "Valid" is shown only on a field the user changed, and never beside a failed submit
 * (a sign-in error): untouched prefilled fields and rejected credentials are not "OK".
 */
export const shownStatus = (status: FieldStatus | undefined, touched: boolean, submitFailed: boolean): FieldStatus | null => {
  if (status === undefined) return null
  if (status === 'Ok' && (!touched || submitFailed)) return null
  return status
}

const useField = <V extends Values>(form: Form<V>, name: keyof V & string) => {
  const value = useStoreMap({ store: form.$values, keys: [name], fn: (values, [key]) => values[key] ?? null })
  const message = useStoreMap({ store: form.$errors, keys: [name], fn: (errors, [key]) => errors[key] ?? null })
  const validated = useStoreMap({ store: form.$status, keys: [name], fn: (statuses, [key]) => statuses[key] ?? null })
  const touched = useStoreMap({ store: form.$touched, keys: [name], fn: (touched, [key]) => Boolean(touched[key]) })
  const submitFailed = useUnit(form.$submitError) !== null
  const status = shownStatus(validated ?? undefined, touched, submitFailed)
  const changed = useUnit(form.fieldChanged)
  const text = useText()
  const id = fieldId(form, name)
  return {
    id,
    value,
    status,
    required: Boolean(form.rules[name]?.required),
    message: message ? text(message.key, message.values) : '',
    change: (next: unknown) => changed({ name, value: next }),
    /** Props every control shares. */
    control: {
      id,
      name,
      'aria-invalid': status === 'Error',
      'aria-describedby': `${id}-message`,
      'aria-required': Boolean(form.rules[name]?.required),
      'data-status': status ?? undefined,
    },
  }
}

export const Label = ({ htmlFor, label, required = false }: { htmlFor: string; label: string; required?: boolean }) => (
  <label htmlFor={htmlFor} className="kit-field-label">
    {label}
    {required && (
      <span className="kit-field-required" aria-hidden="true">
        *
      </span>
    )}
  </label>
)

/** Always present, so screen readers announce a message when it appears. */
const Message = ({ id, text }: { id: string; text: string }) => (
  <p id={`${id}-message`} className="kit-field-message" aria-live="polite">
    {text}
  </p>
)

/** A field's frame: its label (marked when required), the control, the message under it. */
const FieldFrame = ({ field, label, wide = false, children }: { field: ReturnType<typeof useField>; label: string; wide?: boolean; children: ReactNode }) => (
  <div className={wide ? 'kit-field kit-field-wide' : 'kit-field'}>
    <Label htmlFor={field.id} label={label} required={field.required} />
    {children}
    <Message id={field.id} text={field.message} />
  </div>
)

const inputValue = (value: unknown): string => {
  if (value === null || value === undefined) return ''
  // A date input wants the local calendar day, YYYY-MM-DD.
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return ''
    const pad = (n: number) => String(n).padStart(2, '0')
    return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`
  }
  return String(value)
}

export interface TextFieldProps<V extends Values> extends FieldProps<V> {
  type?: 'text' | 'email' | 'password' | 'number' | 'tel' | 'url' | 'date' | 'search'
  autoComplete?: string
  autoFocus?: boolean
  placeholder?: string
}

export const TextField = <V extends Values>({ form, name, label, type = 'text', disabled, ...rest }: TextFieldProps<V>) => {
  const field = useField(form, name)
  // A number field holds a number (or null when empty), so min and max compare numbers.
  const onChange = (event: ChangeEvent<HTMLInputElement>) =>
    field.change(type === 'number' ? (event.target.value === '' ? null : event.target.valueAsNumber) : event.target.value)
  return (
    <FieldFrame field={field} label={label}>
      <input {...field.control} {...rest} className="kit-input" type={type} value={inputValue(field.value)} disabled={disabled} onChange={onChange} />
    </FieldFrame>
  )
}

export interface TextAreaFieldProps<V extends Values> extends FieldProps<V> {
  /** Lines shown; the box scrolls past them, and may be dragged taller. */
  rows?: number
}

/** Text of several lines (a description, notes), across a form grid's row: Enter starts a new line rather than submitting. */
export const TextAreaField = <V extends Values>({ form, name, label, rows = 4, disabled }: TextAreaFieldProps<V>) => {
  const field = useField(form, name)
  return (
    <FieldFrame field={field} label={label} wide>
      <textarea
        {...field.control}
        className="kit-input kit-textarea"
        rows={rows}
        value={inputValue(field.value)}
        disabled={disabled}
        onChange={(event) => field.change(event.target.value)}
      />
    </FieldFrame>
  )
}

export interface SelectFieldProps<V extends Values> extends FieldProps<V> {
  /** Labels already translated. */
  options: { value: string; label: string }[]
}

export const SelectField = <V extends Values>({ form, name, label, options, disabled }: SelectFieldProps<V>) => {
  const field = useField(form, name)
  const text = useText()
  return (
    <FieldFrame field={field} label={label}>
      <select
        {...field.control}
        className="kit-input"
        value={inputValue(field.value)}
        disabled={disabled}
        onChange={(event) => field.change(event.target.value)}
      >
        <option value="">{text('form.choose')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  )
}

export const CheckboxField = <V extends Values>({ form, name, label, disabled }: FieldProps<V>) => {
  const field = useField(form, name)
  return (
    <div className="kit-field kit-checkbox">
      <input
        {...field.control}
        type="checkbox"
        checked={field.value === true}
        disabled={disabled}
        onChange={(event) => field.change(event.target.checked)}
      />
      <Label htmlFor={field.id} label={label} required={field.required} />
      <Message id={field.id} text={field.message} />
    </div>
  )
}

/** A `<form>` that submits through the engine; the browser's own validation stays off. */
export const FormFrame = <V extends Values>({ form, children }: { form: Form<V>; children: ReactNode }) => {
  const [submitted, submitting] = useUnit([form.submitted, form.$submitting])
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    submitted()
  }
  return (
    <form className="kit-form" noValidate aria-busy={submitting} onSubmit={onSubmit}>
      {children}
    </form>
  )
}

/**
 * Stays clickable while fields are in error, so a click shows every message and
 * scrolls to the first one; disabled only while sending.
 */
export const SubmitButton = <V extends Values>({ form, children }: { form: Form<V>; children: ReactNode }) => {
  const [submitted, submitting] = useUnit([form.submitted, form.$submitting])
  // Inside a <form> the submit event does it (Enter in a field too); outside, the click does.
  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (!event.currentTarget.form) submitted()
  }
  return (
    <button type="submit" className="kit-button kit-button-primary" disabled={submitting} aria-busy={submitting} onClick={onClick}>
      {children}
    </button>
  )
}

/** The failure of the last submit that belongs to no field (an API message or an i18n key). */
export const FormError = <V extends Values>({ form }: { form: Form<V> }) => {
  const error = useUnit(form.$submitError)
  const text = useText()
  if (!error) return null
  return (
    <div className="kit-form-error" role="alert">
      {text(error)}
    </div>
  )
}

/**
 * The foot of an add or edit form: its error, then Save (the submit) and a Cancel link
 * back to where the form came from, in one row.
 */
export const FormActions = <V extends Values>({ form, save, cancel, cancelTo }: { form: Form<V>; save: ReactNode; cancel: ReactNode; cancelTo: string }) => (
  <>
    <FormError form={form} />
    <div className="kit-row">
      <SubmitButton form={form}>{save}</SubmitButton>
      <Button to={cancelTo}>{cancel}</Button>
    </div>
  </>
)

/**
 * Labelled controls that act at once, outside the form engine (a role chosen, a filter box,
 * a switch that sends its change): drawn like the engine's fields, so a page mixing both
 * shows one kind of label, width and spacing.
 */
import { type ReactNode, useId } from 'react'
import { Label } from './fields'
import '../ui/kit.css'

export interface SelectProps {
  /** Already translated. */
  label: string
  value: string
  /** Labels already translated; an option in a language of its own names it (a language's own name). */
  options: readonly { value: string; label: string; lang?: string }[]
  onChange: (value: string) => void
  disabled?: boolean
  /** A first option with the empty value (already translated), as "none" or "choose". */
  empty?: string
}

export const Select = ({ label, value, options, onChange, disabled, empty }: SelectProps) => {
  const id = useId()
  return (
    <div className="kit-field">
      <Label htmlFor={id} label={label} />
      <select id={id} className="kit-input" value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
        {empty !== undefined && <option value="">{empty}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value} lang={option.lang}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}

export interface CheckboxProps {
  /** Already translated. */
  label: string
  checked: boolean
  onChange: (checked: boolean) => void
  disabled?: boolean
  /** An on/off setting that takes effect at once: announced as a switch. */
  switch?: boolean
  /** Read out but not shown, where the box's column or row already says what it is (a table cell). */
  hideLabel?: boolean
  /** Already translated: shown quieter after the label, and read out with it. */
  hint?: string
}

export const Checkbox = ({ label, checked, onChange, disabled, switch: isSwitch, hideLabel, hint }: CheckboxProps) => {
  const id = useId()
  return (
    <div className="kit-field kit-checkbox">
      <input
        id={id}
        type="checkbox"
        role={isSwitch ? 'switch' : undefined}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <ChoiceLabel htmlFor={id} label={label} hint={hint} hidden={hideLabel} />
    </div>
  )
}

const ChoiceLabel = ({ htmlFor, label, hint, hidden }: { htmlFor: string; label: string; hint?: string; hidden?: boolean }) => (
  <label htmlFor={htmlFor} className={hidden ? 'kit-visually-hidden' : 'kit-field-label'}>
    {label}
    {hint && <span className="kit-field-hint"> – {hint}</span>}
  </label>
)

export interface RadioGroupProps {
  /** Already translated: names the group (its legend). */
  legend: string
  value: string
  /** Labels and hints already translated. */
  options: readonly { value: string; label: string; hint?: string }[]
  onChange: (value: string) => void
  disabled?: boolean
}

/** One choice of a few, all in view. */
export const RadioGroup = ({ legend, value, options, onChange, disabled }: RadioGroupProps) => {
  const name = useId()
  return (
    <fieldset className="kit-fieldset" disabled={disabled}>
      <legend>{legend}</legend>
      {options.map((option) => (
        <div key={option.value} className="kit-field kit-checkbox">
          <input
            id={`${name}-${option.value}`}
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          <ChoiceLabel htmlFor={`${name}-${option.value}`} label={option.label} hint={option.hint} />
        </div>
      ))}
    </fieldset>
  )
}

/** The line under a field: its error while there is one, else its hint; read out through aria-describedby. */
const FieldNote = ({ id, hint, error }: { id: string; hint?: string; error?: string | null }) => (
  <p id={id} className={error ? 'kit-field-message' : 'kit-field-hint'} aria-live="polite">
    {error || hint}
  </p>
)

export interface TextInputProps {
  /** Already translated. */
  label: string
  value: string
  onChange: (value: string) => void
  /** Already translated. */
  hint?: string
  /** Offered while typing (the browser's own list): the value, and a label already translated. */
  suggestions?: readonly { value: string; label: string }[]
  /** A button that acts on what is typed, kept beside the box. */
  action?: ReactNode
  /** A day (YYYY-MM-DD, the browser's date picker) instead of text. */
  type?: 'text' | 'date'
}

/** A text box that acts as it is typed in (a search, a picker), outside the form engine. */
export const TextInput = ({ label, value, onChange, hint, suggestions, action, type = 'text' }: TextInputProps) => {
  const id = useId()
  return (
    <div className="kit-field">
      <Label htmlFor={id} label={label} />
      <div className="kit-input-row">
        <input
          id={id}
          className="kit-input"
          type={type}
          value={value}
          list={suggestions && `${id}-suggestions`}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
        {action}
      </div>
      {suggestions && (
        <datalist id={`${id}-suggestions`}>
          {suggestions.map((suggestion) => (
            <option key={suggestion.value} value={suggestion.value}>
              {suggestion.label}
            </option>
          ))}
        </datalist>
      )}
      {hint && <FieldNote id={`${id}-hint`} hint={hint} />}
    </div>
  )
}

interface FileInputBase {
  /** Already translated. */
  label: string
  /** The file types offered, as the input's accept. */
  accept?: string
  disabled?: boolean
  /** Already translated: what may be chosen. */
  hint?: string
  /** Already translated: why the chosen file will not do; shown instead of the hint. */
  error?: string | null
}

/** One file (a new key on the input empties it, after an upload), or several at once, the input emptied after each choice so the same files may be chosen again. */
export type FileInputProps = FileInputBase & ({ multiple?: false; onChange: (file: File | null) => void } | { multiple: true; onChange: (files: File[]) => void })

/** The browser's own file picker with a label. */
export const FileInput = ({ label, accept, disabled, hint, error, ...choice }: FileInputProps) => {
  const id = useId()
  const noted = Boolean(hint || error)
  const onChange = (input: HTMLInputElement) => {
    if (!choice.multiple) return choice.onChange(input.files?.[0] ?? null)
    choice.onChange([...(input.files ?? [])])
    input.value = ''
  }
  return (
    <div className="kit-field">
      <Label htmlFor={id} label={label} />
      <input
        id={id}
        type="file"
        className="kit-file"
        accept={accept}
        multiple={choice.multiple}
        disabled={disabled}
        aria-invalid={Boolean(error)}
        aria-describedby={noted ? `${id}-note` : undefined}
        onChange={(event) => onChange(event.target)}
      />
      {noted && <FieldNote id={`${id}-note`} hint={hint} error={error} />}
    </div>
  )
}

/**
 * Fields side by side as far as the room allows (a card, the sign-up card, a pane), one
 * under the other where it is narrow; anything else in it (an alert, the form's error)
 * takes a whole row. One layout for every form, so they line up alike. With a `legend`
 * the fields are a framed group under it (a company's address, a new account's admin).
 */
export const FormGrid = ({ legend, children }: { legend?: string; children: ReactNode }) => {
  const grid = <div className="kit-form-grid">{children}</div>
  if (legend === undefined) return grid
  return (
    <fieldset className="kit-fieldset">
      <legend>{legend}</legend>
      {grid}
    </fieldset>
  )
}
